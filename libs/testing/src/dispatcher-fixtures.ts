import type { INestApplication } from '@nestjs/common';
import { resetSettings } from '@hc/contracts';
import { quietQueue } from './quiet-queue';
import { startTestApp, TestApp } from './test-app';
import { WebhookReceiver } from './webhook-receiver';

/**
 * The webhook dispatcher of a spec file and a receiver it may deliver to. Before the tests the
 * receiver starts, HC_OUTBOUND_ALLOWLIST names it and `env` is set beside it, the queue earlier
 * files left is made quiet and the app starts; after them both stop and the settings are put
 * back. Read `app` and `receiver` inside the tests.
 */
export function dispatcherPerFile(
  create: () => Promise<INestApplication>,
  env: Record<string, string> = {},
): { readonly app: TestApp; readonly receiver: WebhookReceiver } {
  let started: { app: TestApp; receiver: WebhookReceiver } | undefined;
  const saved: [string, string | undefined][] = [];
  beforeAll(async () => {
    const receiver = await WebhookReceiver.start();
    for (const [name, value] of Object.entries({ HC_OUTBOUND_ALLOWLIST: receiver.host, ...env })) {
      saved.push([name, process.env[name]]);
      process.env[name] = value;
    }
    resetSettings();
    await quietQueue();
    started = { app: await startTestApp(create), receiver };
  });
  afterAll(async () => {
    await started?.app.close();
    await started?.receiver.close();
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetSettings();
  });
  const get = () => {
    if (!started) throw new Error('the dispatcher is read before beforeAll started it');
    return started;
  };
  return {
    get app() {
      return get().app;
    },
    get receiver() {
      return get().receiver;
    },
  };
}
