import { DynamicModule, Module } from '@nestjs/common';
import { settings } from '@hc/contracts';
import { KafkaEventBus } from '@hc/events';
import type { EventBus } from '@hc/events';
import { READINESS_CHECKS, ReadinessCheck } from '@hc/http';
import { safeFetch } from '@hc/net';
import { DeliveriesRepository } from './deliveries.repository';
import { DeliverySender } from './delivery.sender';
import { DispatcherMetrics } from './dispatcher.metrics';
import { EVENT_BUS, OUTBOUND_FETCH } from './dispatcher.options';
import { DispatcherService } from './dispatcher.service';
import { OutcomeRecorder } from './outcome.recorder';

export interface DispatcherModuleOptions {
  /**
   * The bus events come through. Default from the settings: none with HC_EVENT_TRANSPORT=outbox
   * (the dispatcher reads the outbox itself), Kafka with HC_EVENT_TRANSPORT=kafka.
   */
  bus?: EventBus | null;
}

/** The transport the settings choose (HC_EVENT_TRANSPORT, HC_KAFKA_BROKERS). */
export function busFromSettings(): EventBus | null {
  const s = settings();
  return s.eventTransport === 'kafka'
    ? new KafkaEventBus(s.kafkaBrokers, 'webhook-dispatcher')
    : null;
}

@Module({})
export class DispatcherModule {
  static forRoot(options: DispatcherModuleOptions = {}): DynamicModule {
    return {
      module: DispatcherModule,
      providers: [
        DeliveriesRepository,
        DeliverySender,
        OutcomeRecorder,
        DispatcherService,
        DispatcherMetrics,
        {
          provide: READINESS_CHECKS,
          useFactory: (d: DispatcherService): ReadinessCheck[] => [
            { name: 'event transport', check: () => d.checkTransport() },
          ],
          inject: [DispatcherService],
        },
        { provide: OUTBOUND_FETCH, useValue: safeFetch },
        {
          provide: EVENT_BUS,
          useFactory: () => (options.bus !== undefined ? options.bus : busFromSettings()),
        },
      ],
      exports: [DispatcherService, DeliveriesRepository],
    };
  }
}
