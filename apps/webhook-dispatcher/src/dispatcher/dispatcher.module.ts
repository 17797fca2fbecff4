import { DynamicModule, Module } from '@nestjs/common';
import { busFromSettings } from '@hc/events';
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
          // With Kafka: the consumer runs and the cluster answers (issue 20 item 3).
          useFactory: (d: DispatcherService, bus: EventBus | null): ReadinessCheck[] => [
            { name: 'event transport', check: () => d.checkTransport() },
            ...(bus ? [{ name: 'kafka', check: () => bus.check() }] : []),
          ],
          inject: [DispatcherService, EVENT_BUS],
        },
        { provide: OUTBOUND_FETCH, useValue: safeFetch },
        {
          provide: EVENT_BUS,
          useFactory: () =>
            options.bus !== undefined ? options.bus : busFromSettings('webhook-dispatcher'),
        },
      ],
      exports: [DispatcherService, DeliveriesRepository],
    };
  }
}
