import { FormClient, startIssuer, TEST_PASSWORD, TestApp } from '@hc/testing';
import { createAuthServer } from '../app.factory';

let addresses = 0;
const freshAddress = () => `10.37.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** Issue 37: signing in with no OAuth interaction pending leads to the dashboard. */
describe('the dashboard sign-in redirect (issue 37)', () => {
  let auth: TestApp;

  beforeAll(async () => {
    auth = await startIssuer(createAuthServer);
  });
  afterAll(() => auth.close());

  const signIn = async (page: string) => {
    const user = await auth.factory.user();
    const client = new FormClient(auth.url, freshAddress());
    return client.submit(page, '/signin', { email: user.email, password: TEST_PASSWORD });
  };

  it('goes to /app by default, and to a return_to path under /app', async () => {
    expect((await signIn('/signin')).location).toBe('/app');
    for (const path of [
      '/app',
      '/app/sites/5/articles?status=draft',
      '/app/account/connected-apps',
    ]) {
      const res = await signIn(`/signin?return_to=${encodeURIComponent(path)}`);
      expect({ status: res.status, location: res.location }).toEqual({
        status: 303,
        location: path,
      });
    }
    // The older `return` parameter of the account pages still works.
    expect((await signIn('/signin?return=%2Fapp%2Faccount')).location).toBe('/app/account');
  });

  it('never leaves the origin or /app (no open redirect)', async () => {
    for (const bad of [
      'https://evil.example/app',
      '//evil.example/app',
      '/\\evil.example',
      '/application',
      '/apps/x',
      '/signin',
      '/app\\..\\x',
      '/app/x y',
    ]) {
      const res = await signIn(`/signin?return_to=${encodeURIComponent(bad)}`);
      expect({ bad, location: res.location }).toEqual({ bad, location: '/app' });
    }
  });
});
