import { expectError, TestApp, TestSite, useSite } from '@hc/testing';
import { createContentApi } from '../app.factory';

/** Issue 38: an Owner or Admin requires two-factor sign-in of everyone on their site. */
describe('PUT /v1/site/two-factor (issue 38)', () => {
  let t: TestApp, site: TestSite, key: string;
  useSite(createContentApi, {}, (s) => ({ t, site, key } = s));

  const turnOn = (userId: number) =>
    t.ds.query('UPDATE users SET totp_secret = ?, totp_enabled_at = NOW(3) WHERE id = ?', [
      'enc:v1:k:x',
      userId,
    ]);
  const put = async (userId: number, required: unknown) =>
    t.request('PUT', '/v1/site/two-factor', {
      session: await t.factory.session({ id: userId }),
      site: site.id,
      body: { required },
    });

  it('refuses the person who has not turned it on themselves, then members without it', async () => {
    const refused = await put(site.owner.id, true);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.required).toEqual([
      'Turn on two-factor sign-in for your own account first.',
    ]);
    expect((await put(site.owner.id, 'yes')).body.errors.required).toEqual([
      'The required field must be true or false.',
    ]);
    await turnOn(site.owner.id);
    const done = await put(site.owner.id, true);
    expect(done.status).toBe(200);
    expect(done.body.two_factor).toEqual({ required: true });

    const editor = await t.factory.user();
    await t.factory.member(site, editor, 'editor');
    const session = await t.factory.session(editor);
    // The settings screen reads the switch and how many members it shuts out.
    const shown = async () =>
      (
        await t.request('GET', '/v1/site/settings', {
          session: await t.factory.session(site.owner),
          site: site.id,
        })
      ).body.settings.two_factor;
    expect(await shown()).toEqual({ required: true, members_without: 1 });
    expectError(
      await t.request('GET', '/v1/articles', { session, site: site.id }),
      403,
      'two_factor_required',
    );
    // The Owner (with it on) keeps working; API keys are not people and keep working too.
    const owner = await t.factory.session(site.owner);
    expect((await t.request('GET', '/v1/articles', { session: owner, site: site.id })).status).toBe(
      200,
    );
    expect((await t.request('GET', '/v1/articles', { key })).status).toBe(200);
    await turnOn(editor.id);
    expect((await t.request('GET', '/v1/articles', { session, site: site.id })).status).toBe(200);
    expect(await shown()).toEqual({ required: true, members_without: 0 });
  });

  it('is for Owners and Admins only', async () => {
    const editor = await t.factory.user();
    await t.factory.member(site, editor, 'editor');
    await turnOn(editor.id);
    expect((await put(editor.id, false)).status).toBe(403);
  });
});
