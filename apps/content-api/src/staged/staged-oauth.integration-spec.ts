import { connectApp, startIssuer, startTestApp, TEST_PASSWORD, TestApp } from '@hc/testing';
// Real OAuth tokens need the authorization server next to content-api, as in auth-server's bearer tests.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createAuthServer } from '../../../auth-server/src/app.factory';
import { createContentApi } from '../app.factory';

const API = 'http://localhost:8080';

describe('staged changes and change sets with OAuth tokens (spec 4.5, 5.2)', () => {
  let auth: TestApp;
  let api: TestApp;

  beforeAll(async () => {
    auth = await startIssuer(createAuthServer);
    api = await startTestApp(createContentApi);
  });
  afterAll(async () => {
    await Promise.all([auth.close(), api.close()]);
  });

  it('API keys and OAuth tokens both work on staged changes and versions; change sets refuse the token with 401 Unknown API key', async () => {
    const owner = await auth.factory.user();
    const site = await auth.factory.site({
      owner,
      plan: 'catalyst',
      stagingPreview: true,
      languages: ['en', 'de'],
    });
    const c = await connectApp(auth.url, {
      email: owner.email,
      password: TEST_PASSWORD,
      scope: 'content.read content.write',
      resource: API,
      sites: [site.id],
    });
    const token = c.tokens.access_token;
    const created = await api.request('POST', '/v1/articles', {
      token,
      body: { title: { en: 'Token article' }, published: true },
    });
    expect(created.status).toBe(201);
    const id = created.body.article.id;
    const staged = await api.request('PATCH', `/v1/articles/${id}/staged`, {
      token,
      body: { locale: 'en', title: 'Token staged' },
    });
    expect(staged.status).toBe(200);
    expect(staged.body.staged.fields).toEqual({ title: 'Token staged' });
    expect(
      (await api.request('GET', `/v1/articles/${id}/staged?locale=en`, { token })).status,
    ).toBe(200);
    expect(
      (await api.request('GET', `/v1/articles/${id}/staged/compare?locale=en`, { token })).status,
    ).toBe(200);
    const published = await api.request('POST', `/v1/articles/${id}/staged/publish`, {
      token,
      body: {},
    });
    expect(published.status).toBe(200);
    expect(published.body.article.title).toEqual({ en: 'Token staged' });
    const versions = await api.request('GET', `/v1/articles/${id}/versions`, { token });
    expect(versions.body.versions).toHaveLength(1);
    const restored = await api.request(
      'POST',
      `/v1/articles/${id}/versions/${versions.body.versions[0].id}/restore`,
      { token },
    );
    expect(restored.status).toBe(200);
    expect(restored.body.article.title).toEqual({ en: 'Token article' });

    for (const [method, path] of [
      ['GET', '/v1/change-sets'],
      ['POST', '/v1/change-sets'],
    ]) {
      const res = await api.request(method, path, {
        token,
        body: method === 'GET' ? undefined : {},
      });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'unauthorized', message: 'Unknown API key' });
    }
    // The same person's API key works there.
    const key = await api.factory.key(site);
    expect((await api.request('POST', '/v1/change-sets', { key, body: {} })).status).toBe(201);
  });
});
