import { InMemoryEventBus } from './memory-bus';
import type { DomainEvent } from './outbox.writer';

const ev = (id: number): DomainEvent => ({
  id: String(id),
  siteId: 1,
  event: 'site.updated',
  occurredAt: 'x',
  payload: {},
});

describe('InMemoryEventBus', () => {
  it('hands published events to the subscriber and hands a rejected batch out again', async () => {
    const bus = new InMemoryEventBus();
    const seen: string[][] = [];
    let failOnce = true;
    const sub = bus.subscriber('g');
    await sub.start(async (events) => {
      seen.push(events.map((e) => e.id));
      if (failOnce) {
        failOnce = false;
        throw new Error('not now');
      }
    });
    await bus.publisher().publish([ev(1), ev(2)]);
    const deadline = Date.now() + 2000;
    while (bus.pending > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await sub.stop();
    expect(seen).toEqual([
      ['1', '2'],
      ['1', '2'],
    ]);
    expect(bus.pending).toBe(0);
  });
});
