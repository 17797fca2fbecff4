import { DynamicModule, Global, Module } from '@nestjs/common';
import { READINESS_CHECKS } from '@hc/http';
import type { ReadinessCheck } from '@hc/http';
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

/** Readiness includes the broker when events come through one. */
export function busReadiness(bus: EventBus | null): ReadinessCheck[] {
  return bus ? [{ name: 'kafka', check: () => bus.check() }] : [];
}

// Global so that the health controller of CoreModule sees READINESS_CHECKS.
@Global()
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
          useFactory: () =>
            options.bus !== undefined ? options.bus : busFromSettings('webhook-dispatcher'),
        },
        { provide: READINESS_CHECKS, useFactory: busReadiness, inject: [EVENT_BUS] },
      ],
      exports: [DispatcherService, DeliveriesRepository, READINESS_CHECKS],
    };
  }
}
