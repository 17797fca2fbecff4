import type { INestApplication } from '@nestjs/common';
import { startTestApp, TestApp } from './test-app';

/**
 * An app started before the tests of a spec file and closed after them, with real timers back
 * first (for specs that move the clock) and then `cleanUp`. Read `app` inside the tests.
 */
export function appPerFile(
  create: () => Promise<INestApplication>,
  cleanUp: () => void = () => undefined,
): { readonly app: TestApp } {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(create);
  });
  afterAll(async () => {
    jest.useRealTimers();
    await app?.close();
    cleanUp();
  });
  return {
    get app() {
      if (!app) throw new Error('the app is read before beforeAll started it');
      return app;
    },
  };
}
