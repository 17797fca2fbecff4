import { Logger } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { currentActor, currentRequestId, runAsActor, runWithRequestId } from '@hc/contracts';
import { PollingWorker } from './polling-worker';

class RecordingWorker extends PollingWorker {
  protected readonly logger = new Logger('test worker');
  protected readonly pollMs = 60_000;
  seen: { actor: unknown; requestId: unknown }[] = [];
  private done!: () => void;
  drained = new Promise<void>((resolve) => (this.done = resolve));

  constructor() {
    super({ httpAdapter: {} } as HttpAdapterHost);
  }

  async drain(): Promise<number> {
    this.seen.push({ actor: currentActor(), requestId: currentRequestId() });
    this.done();
    return 0;
  }
}

describe('PollingWorker (issue 24)', () => {
  it('drains outside the scope of the request that woke it: no actor, no request id', async () => {
    const worker = new RecordingWorker();
    await runWithRequestId('req-wakes', () =>
      runAsActor({ kind: 'api_key', key_id: 1, user_id: 2 }, async () => {
        worker.onApplicationBootstrap();
        await worker.drained;
      }),
    );
    await worker.onApplicationShutdown();
    expect(worker.seen).toEqual([{ actor: null, requestId: null }]);
  });
});
