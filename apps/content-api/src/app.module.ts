import { Module } from '@nestjs/common';
import { CoreModule } from '@hc/http';
import { DOMAIN_MODULES } from './domain.modules';

@Module({ imports: [CoreModule.forRoot({ app: 'content-api' }), ...DOMAIN_MODULES] })
export class AppModule {}
