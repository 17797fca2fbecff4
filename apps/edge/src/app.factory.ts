import type { INestApplication } from '@nestjs/common';
import { createPassThroughApp } from '@hc/http';
import { AppModule } from './app.module';
import { edgeProxy } from './edge.proxy';

export function createEdge(): Promise<INestApplication> {
  return createPassThroughApp(AppModule, edgeProxy());
}
