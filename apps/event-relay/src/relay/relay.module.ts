import { DynamicModule, Module } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { busFromSettings } from '@hc/events';
import type { EventBus } from '@hc/events';
import { READINESS_CHECKS } from '@hc/http';
import type { ReadinessCheck } from '@hc/http';
import { EVENT_BUS, RELAY_SHARDS, RelayService } from './relay.service';

export interface RelayModuleOptions {
  /** The bus to publish to (default: the settings' Kafka transport). */
  bus?: EventBus;
  /** Outbox shards (default HC_EVENT_RELAY_SHARDS). */
  shards?: number;
}

@Module({})
export class RelayModule {
  static forRoot(options: RelayModuleOptions = {}): DynamicModule {
    return {
      module: RelayModule,
      providers: [
        RelayService,
        {
          provide: EVENT_BUS,
          useFactory: () => {
            const bus = options.bus ?? busFromSettings('event-relay');
            if (!bus) {
              throw new Error(
                'the event relay publishes to Kafka: set HC_EVENT_TRANSPORT=kafka and HC_KAFKA_BROKERS',
              );
            }
            return bus;
          },
        },
        {
          provide: RELAY_SHARDS,
          useFactory: () => options.shards ?? settings().kafka.relayShards,
        },
        {
          provide: READINESS_CHECKS,
          useFactory: (bus: EventBus): ReadinessCheck[] => [
            { name: 'kafka', check: () => bus.check() },
          ],
          inject: [EVENT_BUS],
        },
      ],
      exports: [RelayService],
    };
  }
}
