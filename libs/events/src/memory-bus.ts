import type { DomainEvent } from './outbox.writer';
import type { EventBatchHandler, EventBus, EventPublisher, EventSubscriber } from './transport';

/**
 * A message bus inside one process with the acknowledgement rules of the Kafka one: a batch the
 * handler rejects is handed out again. For service tests and for running the relay and the
 * dispatcher in one process without a broker; it is not durable.
 */
export class InMemoryEventBus implements EventBus {
  private readonly queue: DomainEvent[] = [];
  private readonly waiters = new Set<() => void>();

  publisher(): EventPublisher {
    return {
      connect: async () => undefined,
      publish: async (events) => {
        this.queue.push(...events);
        for (const wake of this.waiters) wake();
      },
      disconnect: async () => undefined,
    };
  }

  subscriber(_group: string): EventSubscriber {
    let running = false;
    let loop: Promise<void> = Promise.resolve();
    let wake: (() => void) | null = null;
    const { queue, waiters } = this;
    return {
      async start(handler: EventBatchHandler) {
        running = true;
        loop = (async () => {
          while (running) {
            if (queue.length === 0) {
              await new Promise<void>((resolve) => {
                wake = resolve;
                waiters.add(resolve);
              });
              if (wake) waiters.delete(wake);
              continue;
            }
            const batch = queue.slice(0, 100);
            try {
              await handler(batch);
              queue.splice(0, batch.length);
            } catch {
              await new Promise((r) => setTimeout(r, 100));
            }
          }
        })();
      },
      async stop() {
        running = false;
        wake?.();
        await loop;
      },
    };
  }

  async provision(): Promise<void> {}
  async check(): Promise<void> {}
  async close(): Promise<void> {}

  /** Events published and not yet acknowledged. */
  get pending(): number {
    return this.queue.length;
  }
}
