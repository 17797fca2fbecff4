import { expectError, TestApp, useTestApp } from '@hc/testing';
import { createContentApi } from '../app.factory';

/** Issue 38: the sign-up flow's first help center, created by the signed-in person. */
describe('POST /v1/session/sites: the first help center (issue 38)', () => {
  let t: TestApp;
  useTestApp(createContentApi, (app) => {
    t = app;
  });

  const create = async (body: unknown, userId?: number) => {
    const user = userId ? { id: userId } : await t.factory.user();
    const session = await t.factory.session(user);
    return { user, res: await t.request('POST', '/v1/session/sites', { session, body }) };
  };

  it('makes the person the Owner of a site on the sign-up plan, nothing operator-only', async () => {
    const subdomain = `first-${Date.now()}`;
    const { user, res } = await create({
      name: 'Acme Help',
      subdomain,
      languages: ['en', 'de'],
      default_language: 'de',
      plan: 'catalyst',
      staging_preview: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Acme Help', subdomain });
    const [site] = await t.ds.query(
      'SELECT plan, staging_preview, template_editor, suspended, default_language, languages FROM sites WHERE id = ?',
      [res.body.data.id],
    );
    expect(site).toMatchObject({
      plan: 'starter',
      staging_preview: 0,
      template_editor: 1,
      suspended: 0,
      default_language: 'de',
    });
    const [membership] = await t.ds.query(
      'SELECT role FROM memberships WHERE site_id = ? AND user_id = ?',
      [res.body.data.id, user.id],
    );
    expect(membership.role).toBe('owner');
    // One site per person through the dashboard: the next is refused.
    const again = await create({ name: 'Second', subdomain: `${subdomain}-2` }, user.id);
    expectError(again.res, 403, 'forbidden');
  });

  it('answers bad fields with the API’s messages and creates nothing', async () => {
    const taken = (await t.factory.site()).subdomain;
    for (const [body, field, message] of [
      [{ name: '', subdomain: 'x-ok' }, 'name', 'The name field is required.'],
      [
        { name: 'A', subdomain: 'Bad Sub!' },
        'subdomain',
        'The subdomain may contain only letters, digits and hyphens.',
      ],
      [{ name: 'A', subdomain: taken }, 'subdomain', 'The subdomain has already been taken.'],
      [
        { name: 'A', subdomain: 'x-ok2', languages: ['en', 'zz-qq'] },
        'languages',
        'Unsupported language code "zz-qq".',
      ],
    ] as const) {
      const { res } = await create(body);
      expect({ status: res.status, errors: res.body.errors?.[field] }).toEqual({
        status: 422,
        errors: [message],
      });
    }
  });

  it('takes only the dashboard session: an API key is refused', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site);
    const res = await t.request('POST', '/v1/session/sites', {
      key,
      body: { name: 'By key', subdomain: `key-${Date.now()}` },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('session_required');
  });
});
