import { randomBytes } from 'node:crypto';
import { resetSettings } from '@hc/contracts';
import { createDataSource } from '@hc/data';
import { testServices } from '@hc/testing';
import { PasswordThrottle } from './password-throttle';
import { RedisRateLimitStore } from './rate-limit.store';

/**
 * Issue #15 item 2 through Redis: two replicas (each its own store and throttle) share one
 * password budget, so spreading guesses over replicas gains nothing.
 */
describe('password throttle on the shared Redis store (issue #15)', () => {
  const prefix = `hc:rl:throttle-test-${randomBytes(4).toString('hex')}:`;
  const stores = [
    new RedisRateLimitStore(testServices().redisUrl, prefix),
    new RedisRateLimitStore(testServices().redisUrl, prefix),
  ];
  const ds = createDataSource({ poolSize: 2 });
  const replicas = stores.map((store) => new PasswordThrottle(store, ds));

  beforeAll(async () => {
    await ds.initialize();
    process.env.HC_SIGNIN_MAX_FAILURES = '4';
    process.env.HC_SIGNIN_WINDOW_SECONDS = '120';
    resetSettings();
  });
  afterAll(async () => {
    delete process.env.HC_SIGNIN_MAX_FAILURES;
    delete process.env.HC_SIGNIN_WINDOW_SECONDS;
    resetSettings();
    await Promise.all(stores.map((s) => s.close()));
    await ds.destroy();
  });

  it('4 failures spread over two replicas spend the budget of both; then 429 with the window', async () => {
    const wrong = async () => null;
    const right = async () => 'signed in';
    for (let i = 0; i < 4; i++) {
      expect(await replicas[i % 2].attempt({ email: 'a@example.com' }, '10.9.9.9', wrong)).toEqual({
        outcome: 'failed',
      });
    }
    for (const replica of replicas) {
      const refused = await replica.attempt({ email: 'a@example.com' }, '10.9.9.9', right);
      expect(refused.outcome).toBe('throttled');
      if (refused.outcome === 'throttled') {
        expect(refused.retryAfterSeconds).toBeGreaterThan(0);
        expect(refused.retryAfterSeconds).toBeLessThanOrEqual(120);
      }
    }
    // Another account from the same address, and the same account elsewhere, still pass.
    expect(await replicas[0].attempt({ email: 'b@example.com' }, '10.9.9.9', right)).toEqual({
      outcome: 'ok',
      value: 'signed in',
    });
    expect(await replicas[1].attempt({ email: 'a@example.com' }, '10.9.9.10', right)).toEqual({
      outcome: 'ok',
      value: 'signed in',
    });
  });
});
