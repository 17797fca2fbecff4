import { Module } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { createHttpApp, CoreModule } from '@hc/http';
import { RelayModule } from './relay/relay.module';
import type { RelayModuleOptions } from './relay/relay.module';

/**
 * The event relay: publishes the outbox to the events topic (HC_EVENT_TRANSPORT=kafka). Health
 * endpoints over HTTP; the work happens in the background. `options` replace the settings (tests).
 */
export async function createEventRelay(
  options: RelayModuleOptions = {},
): Promise<INestApplication> {
  @Module({
    imports: [CoreModule.forRoot({ app: 'event-relay' }), RelayModule.forRoot(options)],
  })
  class RelayRoot {}
  return createHttpApp(RelayRoot);
}
