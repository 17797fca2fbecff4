import { startTestApp, TestApp } from '@hc/testing';
import { createDesignService } from '../app.factory';
import { expectDesignError, NEEDS_DESIGN_WRITE } from '../testing/design-fixtures';

const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/v1/template'],
  ['GET', '/v1/template/draft'],
  ['GET', '/v1/template/schema'],
  ['GET', '/v1/template/themes'],
  ['GET', '/v1/template/themes/classic'],
  ['POST', '/v1/template/themes/classic/apply', {}],
  [
    'PATCH',
    '/v1/template/draft',
    { operations: [{ op: 'set', path: 'brand.tagline', value: 'x' }] },
  ],
  ['POST', '/v1/template/draft/discard', {}],
  ['POST', '/v1/template/publish', {}],
  ['GET', '/v1/template/versions'],
  ['POST', '/v1/template/versions/1/restore', {}],
];
const WRITES = ENDPOINTS.filter(([m]) => m !== 'GET');
const READS = ENDPOINTS.filter(([m]) => m === 'GET');

describe('design access (spec 4.12, 5.1, 5.2, 7)', () => {
  let t: TestApp;
  beforeAll(async () => void (t = await startTestApp(createDesignService)));
  afterAll(() => t.close());

  it('every design endpoint answers 409 template_migration_required with customizer_url on a site not on the template editor, changing nothing', async () => {
    const site = await t.factory.site({ templateEditor: false });
    const key = await t.factory.key(site, { design: true });
    for (const [method, path, body] of ENDPOINTS) {
      const res = await t.request(method, path, { key, body });
      expect([method, path, res.status]).toEqual([method, path, 409]);
      expect(res.body).toEqual({
        status: 'error',
        code: 'template_migration_required',
        message: expect.any(String),
        customizer_url: `http://localhost:8080/app/sites/${site.id}/customizer`,
      });
    }
    expect(await t.ds.query('SELECT * FROM design_sites WHERE site_id = ?', [site.id])).toEqual([]);
    expect(await t.ds.query('SELECT id FROM design_versions WHERE site_id = ?', [site.id])).toEqual(
      [],
    );
  });

  it.each(['translator', 'viewer'] as const)(
    '403 design_forbidden when the key’s creator is now a %s',
    async (role) => {
      const site = await t.factory.site();
      const person = await t.factory.user();
      await t.factory.member(site, person, 'admin');
      const key = await t.factory.key(site, { design: true, user: person });
      expect((await t.request('GET', '/v1/template', { key })).status).toBe(200);
      await t.factory.member(site, person, role);
      for (const [method, path, body] of ENDPOINTS) {
        const res = await t.request(method, path, { key, body });
        expectDesignError(res, 403, 'design_forbidden', expect.any(String), path);
      }
    },
  );

  it('403 design_forbidden when the key’s creator left the site; an Editor may edit', async () => {
    const site = await t.factory.site();
    const person = await t.factory.user();
    await t.factory.member(site, person, 'editor');
    const key = await t.factory.key(site, { design: true, user: person });
    const ok = await t.request('PATCH', '/v1/template/draft', {
      key,
      body: { operations: [{ op: 'set', path: 'brand.tagline', value: 'By an editor' }] },
    });
    expect(ok.status).toBe(200);
    await t.ds.query('DELETE FROM memberships WHERE site_id = ? AND user_id = ?', [
      site.id,
      person.id,
    ]);
    const res = await t.request('GET', '/v1/template', { key });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('design_forbidden');
  });

  it('a Read only key with design access reads but gets 403 insufficient_scope naming design.write on the five writes', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site, { design: true, scope: 'read' });
    for (const [method, path] of READS) {
      expect([path, (await t.request(method, path, { key })).status]).toEqual([path, 200]);
    }
    for (const [method, path, body] of WRITES) {
      const res = await t.request(method, path, { key, body });
      expectDesignError(res, 403, 'insufficient_scope', NEEDS_DESIGN_WRITE, path);
    }
  });

  it('a key without design access gets 403 insufficient_scope (content scopes do not include design)', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site, { scope: 'read_write' });
    const read = await t.request('GET', '/v1/template', { key });
    expect(read.status).toBe(403);
    expect(read.body.message).toBe('This action requires the design.read scope.');
    const write = await t.request('POST', '/v1/template/publish', { key, body: {} });
    expect(write.body.message).toBe(NEEDS_DESIGN_WRITE);
  });

  it('no credential → 401', async () => {
    const res = await t.request('GET', '/v1/template');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 'unauthorized' });
  });

  it('one site’s key never reaches another site’s design', async () => {
    const a = await t.factory.site({ name: 'Site A' });
    const b = await t.factory.site({ name: 'Site B' });
    const keyA = await t.factory.key(a, { design: true });
    const keyB = await t.factory.key(b, { design: true });
    await t.request('PATCH', '/v1/template/draft', {
      key: keyA,
      body: { operations: [{ op: 'set', path: 'brand.tagline', value: 'Only A' }] },
    });
    const docB = (await t.request('GET', '/v1/template/draft?section=brand', { key: keyB })).body
      .data;
    expect(docB).toMatchObject({ name: 'Site B' });
    expect(docB.tagline).not.toBe('Only A');
    const tplB = (await t.request('GET', '/v1/template', { key: keyB })).body.template;
    expect(tplB.site).toEqual({ id: b.id, name: 'Site B', subdomain: b.subdomain });
  });

  it('unknown theme keys answer 404 not_found; theme pictures are public SVG', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site, { design: true });
    for (const [method, path] of [
      ['GET', '/v1/template/themes/nope'],
      ['POST', '/v1/template/themes/nope/apply'],
    ]) {
      const res = await t.request(method, path, { key, body: method === 'POST' ? {} : undefined });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 'error', code: 'not_found', message: 'Theme not found.' });
    }
    const svg = await t.request('GET', '/v1/template/themes/aurora/preview.svg', { json: false });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.text).toContain('#7c3aed');
    const shot = await t.request(
      'GET',
      '/v1/template/themes/harbor/screenshots/article.svg?mode=dark',
      { json: false },
    );
    expect(shot.status).toBe(200);
    expect(shot.text).toContain('#020617');
    expect(
      (
        await t.request('GET', '/v1/template/themes/harbor/screenshots/nowhere.svg', {
          json: false,
        })
      ).status,
    ).toBe(404);
  });

  it('the five writes count toward 120 writes a minute; reads do not', async () => {
    const site = await t.factory.site();
    const key = await t.factory.key(site, { design: true });
    for (let i = 0; i < 130; i++)
      expect((await t.request('GET', '/v1/template/versions', { key })).status).toBe(200);
    for (let i = 0; i < 120; i++) {
      const res = await t.request('POST', '/v1/template/draft/discard', { key, body: {} });
      expect(res.status).toBe(200);
    }
    const over = await t.request('POST', '/v1/template/publish', { key, body: {} });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);
});
