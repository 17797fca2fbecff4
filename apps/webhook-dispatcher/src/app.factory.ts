import { Module } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { createHttpApp } from '@hc/http';
import { AppModule } from './app.module';
import type { DispatcherModuleOptions } from './dispatcher/dispatcher.module';

/**
 * The webhook dispatcher: health endpoints over HTTP; its work happens in the background.
 * `options.bus` replaces the transport chosen by the settings (tests).
 */
export async function createWebhookDispatcher(
  options: DispatcherModuleOptions = {},
): Promise<INestApplication> {
  @Module({ imports: [AppModule.forRoot(options)] })
  class DispatcherRoot {}
  return createHttpApp(DispatcherRoot);
}
