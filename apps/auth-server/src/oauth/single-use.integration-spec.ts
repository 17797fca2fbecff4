import {
  authorizeCode,
  codeGrant,
  codeRevoked,
  connectAs,
  issuerPerFile,
  refreshGrant,
  refreshRefused,
  registerClient,
  TEST_PASSWORD,
  TestApp,
  tokenRequest,
} from '@hc/testing';
import { createAuthServer } from '../app.factory';

const REDIRECT = 'http://127.0.0.1:4999/callback';
const PARALLEL = 20;

/** The spec 4.13 body of a spent refresh token. */
const SPENT_REFRESH = refreshRefused('Token has been revoked');

/**
 * Issue #15 item 4: codes and refresh tokens are spent by a conditional write, so parallel
 * redemptions have exactly one winner; a spent refresh token never revokes its replacement.
 */
describe('single use under concurrency (issue #15)', () => {
  const spec = issuerPerFile(createAuthServer);
  let auth: TestApp;
  let issuer: string;
  beforeAll(() => {
    ({ auth, issuer } = spec);
  });

  const userinfo = async (token: string) =>
    (await auth.request('GET', '/oauth/userinfo', { token })).status;

  async function codeFor(email: string) {
    const clientId = (await registerClient(issuer, { redirect_uris: [REDIRECT] })).body
      .client_id as string;
    return codeGrant(
      clientId,
      await authorizeCode(issuer, clientId, { email, password: TEST_PASSWORD }),
    );
  }

  it('20 parallel redemptions of one code: one success, every other one the 4.13 error', async () => {
    const site = await auth.factory.site();
    const params = await codeFor(site.owner.email);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => tokenRequest(issuer, params)),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(400);
      expect(lost.body).toEqual(codeRevoked(lost.body));
    }
    // No second pair exists: every token row of the grant comes from the one winner. (A loser
    // that read the code after the winner spent it is a replay and revokes what the code issued,
    // RFC 6749 4.1.2, so the winner's pair may be revoked here: the safe outcome for a code
    // that was sent 20 times.)
    const [{ n }] = await auth.ds.query(
      'SELECT COUNT(*) AS n FROM oauth_access_tokens WHERE client_id = ?',
      [params.client_id],
    );
    expect(Number(n)).toBe(1);
  });

  it('a code replayed later revokes what it issued (RFC 6749 4.1.2)', async () => {
    const site = await auth.factory.site();
    const params = await codeFor(site.owner.email);
    const first = await tokenRequest(issuer, params);
    expect(first.status).toBe(200);
    expect(await userinfo(first.body.access_token)).toBe(200);
    const replay = await tokenRequest(issuer, params);
    expect(replay.status).toBe(400);
    expect(replay.body.hint).toBe('Authorization code has been revoked');
    expect(await userinfo(first.body.access_token)).toBe(401);
    const refresh = await tokenRequest(
      issuer,
      refreshGrant(params.client_id, first.body.refresh_token),
    );
    expect(refresh.status).toBe(401);
  });

  it('20 parallel refreshes of one token: one winner, whose new pair keeps working', async () => {
    const site = await auth.factory.site();
    const c = await connectAs(issuer, site.owner, 'content.read');
    const spent = c.tokens.refresh_token!;
    const refresh = (token: string) => tokenRequest(issuer, refreshGrant(c.clientId, token));
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => refresh(spent)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(401);
      expect(lost.body).toEqual(SPENT_REFRESH);
    }
    const pair = won[0].body as { access_token: string; refresh_token: string };
    expect(await userinfo(c.tokens.access_token)).toBe(401); // the old pair is revoked
    expect(await userinfo(pair.access_token)).toBe(200);

    // A second use of the spent token afterwards: 401, and the replacing pair stays valid.
    const reuse = await refresh(spent);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual(SPENT_REFRESH);
    expect(await userinfo(pair.access_token)).toBe(200);
    const next = await refresh(pair.refresh_token);
    expect(next.status).toBe(200);
    expect(await userinfo(next.body.access_token)).toBe(200);
  });
});
