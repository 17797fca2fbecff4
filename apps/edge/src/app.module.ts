import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HcExceptionFilter } from '@hc/http';
import { EdgeController } from './edge.controller';

/** The edge holds no data and no credentials: it routes, and reports the stack's health. */
@Module({
  controllers: [EdgeController],
  providers: [{ provide: APP_FILTER, useClass: HcExceptionFilter }],
})
export class AppModule {}
