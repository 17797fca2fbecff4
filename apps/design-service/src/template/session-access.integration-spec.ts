import { startTestApp, TestApp } from '@hc/testing';
import { createDesignService } from '../app.factory';

/**
 * Issue 37: the design API through a dashboard session follows the person's current role: Owner,
 * Admin and Editor read and edit the design; Translators and Viewers get 403 design_forbidden
 * (spec 5.2), the next request after a change of role included.
 */
describe('design access through the dashboard session (issue 37)', () => {
  let t: TestApp;
  beforeAll(async () => void (t = await startTestApp(createDesignService)));
  afterAll(() => t.close());

  it('Editors edit the design; Viewers and Translators get design_forbidden; the role is read per request', async () => {
    const site = await t.factory.site();
    const user = await t.factory.user();
    await t.factory.member(site, user, 'editor');
    const session = await t.factory.session(user);
    const as = { session, site: site.id };
    expect((await t.request('GET', '/v1/template', as)).status).toBe(200);
    const edit = await t.request('PATCH', '/v1/template/draft', {
      ...as,
      body: { operations: [{ op: 'set', path: 'brand.tagline', value: 'From the dashboard' }] },
    });
    expect(edit.status).toBe(200);
    for (const role of ['viewer', 'translator'] as const) {
      await t.factory.member(site, user, role);
      for (const [method, body] of [['GET'], ['PATCH', { operations: [] }]] as const) {
        const res = await t.request(
          method,
          method === 'GET' ? '/v1/template' : '/v1/template/draft',
          {
            ...as,
            body,
          },
        );
        expect([role, method, res.status, res.body.code]).toEqual([
          role,
          method,
          403,
          'design_forbidden',
        ]);
      }
    }
    // Without the CSRF header the cookie is nothing.
    const bare = await t.request('GET', '/v1/template', {
      headers: { cookie: `hc_dashboard=${session.cookie}`, 'x-service-site': String(site.id) },
    });
    expect(bare.status).toBe(401);
  });
});
