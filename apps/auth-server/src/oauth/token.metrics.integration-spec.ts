import { registerClient, sampleValue, scrape, startIssuer, TestApp } from '@hc/testing';
import { createAuthServer } from '../app.factory';

describe('token endpoint outcomes in /metrics (issue 18)', () => {
  let auth: TestApp;

  beforeAll(async () => {
    auth = await startIssuer(createAuthServer);
  });
  afterAll(() => auth.close());

  const token = (body: Record<string, string>) =>
    fetch(`${auth.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });

  it('counts refused token requests by grant type', async () => {
    const clientId = (
      await registerClient(auth.url, { redirect_uris: ['http://127.0.0.1:4999/callback'] })
    ).body.client_id as string;
    const refusedCode = { grant_type: 'authorization_code', outcome: 'refused' };
    const refusedOther = { grant_type: 'other', outcome: 'refused' };
    const before = await scrape(auth.url);

    const res = await token({
      grant_type: 'authorization_code',
      client_id: clientId,
      code: 'not-a-code',
      redirect_uri: 'http://127.0.0.1:4999/callback',
      code_verifier: 'x'.repeat(43),
    });
    expect(res.status).toBe(400);
    expect((await token({ grant_type: 'password', client_id: clientId })).status).toBe(400);

    const after = await scrape(auth.url);
    const metric = 'hc_oauth_token_requests_total';
    expect(sampleValue(after, metric, refusedCode)).toBe(
      sampleValue(before, metric, refusedCode) + 1,
    );
    expect(sampleValue(after, metric, refusedOther)).toBe(
      sampleValue(before, metric, refusedOther) + 1,
    );
  });
});
