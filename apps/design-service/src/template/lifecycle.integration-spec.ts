import { designVersionRow, expectValidationErrors, TestApp, TestSite } from '@hc/testing';
import { startDesignApp } from '../testing/design-fixtures';
import { DesignClient, designClient, setTranslations } from '../testing/design-test';

const ETAG = /^"d\d+-\d+"$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;

describe('design draft states (spec 3.3)', () => {
  let t: TestApp;
  let site: TestSite;
  let d: DesignClient;

  beforeAll(
    async () =>
      ({ t, site, d } = await startDesignApp({ name: 'Acme Support', scope: 'read_write' })),
  );
  afterAll(() => t.close());

  it('no draft exists → GET /template starts a draft from the live design', async () => {
    const res = await d.template();
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const tpl = res.body.template;
    expect(tpl).toEqual({
      engine: 'v2',
      site: { id: site.id, name: 'Acme Support', subdomain: site.subdomain },
      draft: {
        id: expect.any(Number),
        etag: expect.stringMatching(ETAG),
        updated_at: expect.stringMatching(ISO),
        preset_key: 'classic',
        has_unpublished_changes: false,
      },
      published: {
        id: expect.any(Number),
        status: 'published',
        live: true,
        message: null,
        preset_key: 'classic',
        published_at: expect.stringMatching(ISO),
      },
      urls: {
        live_site: `http://localhost:8081/hc/${site.subdomain}`,
        customizer: `http://localhost:8080/app/sites/${site.id}/design/${tpl.draft.id}`,
        draft_preview: `http://localhost:8081/hc/${site.subdomain}?preview=draft`,
      },
    });
    expect(tpl.draft.id).not.toBe(tpl.published.id);
    const again = await d.template();
    expect(again.body.template.draft).toEqual(tpl.draft);
    const doc = await d.document();
    expect(doc.brand.name).toBe('Acme Support');
    expect(doc.meta.title).toBe('Acme Support');
  });

  it('draft (no unpublished changes) → PATCH → draft with unpublished changes and a new etag', async () => {
    const before = (await d.template()).body.template.draft;
    const res = await d.patch([{ op: 'set', path: 'brand.tagline', value: 'We help' }]);
    expect(res.status).toBe(200);
    expect(res.body.template.draft.id).toBe(before.id);
    expect(res.body.template.draft.etag).not.toBe(before.etag);
    expect(res.body.template.draft.has_unpublished_changes).toBe(true);
  });

  it('draft with changes → discard → draft equal to live; id and preset_key kept', async () => {
    await d.apply('aurora', { sections: ['theme.colors'] });
    const before = (await d.template()).body.template.draft;
    expect(before.preset_key).toBe('aurora');
    const res = await d.discard();
    expect(res.status).toBe(200);
    expect(res.body.discarded).toBe(true);
    const after = res.body.template.draft;
    expect(after).toMatchObject({
      id: before.id,
      preset_key: 'aurora',
      has_unpublished_changes: false,
    });
    expect(after.etag).not.toBe(before.etag);
    expect((await d.document()).brand.tagline).toBe('Answers, guides and how-tos');
    // Discarding again changes nothing.
    const again = await d.discard({ etag: after.etag });
    expect(again.body.discarded).toBe(false);
    expect(again.body.template.draft.etag).toBe(after.etag);
  });

  it('draft equal to live → publish → 409 nothing_to_publish, unchanged', async () => {
    const before = (await d.template()).body.template;
    const res = await d.publish({ message: 'nothing' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      status: 'error',
      code: 'nothing_to_publish',
      message: expect.any(String),
    });
    expect((await d.template()).body.template).toEqual(before);
  });

  it('draft with changes → publish: the draft goes live with its id, the old live is archived, a new draft starts, brand.name becomes the site name', async () => {
    const before = (await d.template()).body.template;
    await d.patch([{ op: 'set', path: 'brand.name', value: '  Acme Help  ' }]);
    const res = await d.publish({ message: 'New name' });
    expect(res.status).toBe(200);
    const tpl = res.body.template;
    expect(tpl.published).toMatchObject({
      id: before.draft.id,
      status: 'published',
      live: true,
      message: 'New name',
    });
    expect(res.body.version).toEqual(tpl.published);
    expect(tpl.draft.id).not.toBe(before.draft.id);
    expect(tpl.draft.id).toBeGreaterThan(before.draft.id);
    expect(tpl.draft.etag).toMatch(ETAG);
    expect(tpl.draft.has_unpublished_changes).toBe(false);
    expect(tpl.site.name).toBe('  Acme Help  ');
    const [row] = await t.ds.query('SELECT name FROM sites WHERE id = ?', [site.id]);
    expect(row.name).toBe('  Acme Help  ');
    // Issue 24: the publish is recorded as `design.publish` of the version, by the key.
    const [audit] = await t.ds.query(
      `SELECT payload FROM outbox WHERE site_id = ? AND event = 'audit.recorded' ORDER BY id DESC LIMIT 1`,
      [site.id],
    );
    const recorded = (typeof audit.payload === 'string' ? JSON.parse(audit.payload) : audit.payload)
      .data;
    expect(recorded).toMatchObject({
      action: 'design.publish',
      target_type: 'template',
      target_id: String(before.draft.id),
      actor: { kind: 'api_key', user_id: site.owner.id },
    });
    const versions = (await d.versions()).body;
    expect(versions.versions[0]).toEqual({
      id: before.draft.id,
      status: 'published',
      live: true,
      message: 'New name',
      preset_key: 'aurora',
      published_at: expect.stringMatching(ISO),
      published_by: 'Test Person',
    });
    expect(versions.versions[1]).toMatchObject({
      id: before.published.id,
      status: 'archived',
      live: false,
      published_by: null,
    });
    expect(versions).not.toHaveProperty('meta'); // spec 4.2: no `meta`
    expect(versions.versions).toHaveLength(2);
  });

  it('any write with a stale etag → 412 stale_draft with the current etag, unchanged', async () => {
    const current = await d.etag();
    const stale = '"d1-1"';
    const writes = [
      () => d.patch([{ op: 'set', path: 'brand.tagline', value: 'x' }], stale),
      () => d.apply('blank', { etag: stale }),
      () => d.discard({ etag: stale }),
      () => d.publish({ etag: stale }),
      () => d.restore(1, { etag: stale }),
    ];
    for (const write of writes) {
      const res = await write();
      expect(res.status).toBe(412);
      expect(res.body).toEqual({
        status: 'error',
        code: 'stale_draft',
        message: expect.any(String),
        etag: current,
      });
    }
    expect(await d.etag()).toBe(current);
  });

  it('the current etag is accepted; an etag from before a publish always gives 412', async () => {
    const etag = await d.etag();
    const ok = await d.patch([{ op: 'set', path: 'brand.tagline', value: 'Before publish' }], etag);
    expect(ok.status).toBe(200);
    const old = ok.body.template.draft.etag;
    expect((await d.publish({ etag: old })).status).toBe(200);
    const res = await d.patch([{ op: 'set', path: 'brand.tagline', value: 'late' }], old);
    expect(res.status).toBe(412);
    expect(res.body.etag).toBe(await d.etag());
  });

  it('publish message: up to 300 characters', async () => {
    await d.patch([{ op: 'set', path: 'brand.tagline', value: 'message test' }]);
    const long = await d.publish({ message: 'x'.repeat(301) });
    expectValidationErrors(long, {
      message: ['The message field must not be greater than 300 characters.'],
    });
    const ok = await d.publish({ message: 'y'.repeat(300) });
    expect(ok.status).toBe(200);
    expect(ok.body.version.message).toBe('y'.repeat(300));
  });

  it('restore loads a version with its translated texts into the draft, not live', async () => {
    const versions = (await d.versions()).body.versions;
    const first = versions[versions.length - 1];
    const liveBefore = (await d.template()).body.template.published;
    await t.ds.query('UPDATE design_versions SET translations = ? WHERE id = ?', [
      JSON.stringify({ de: { 'brand.tagline': 'Antworten' } }),
      first.id,
    ]);
    await setTranslations(t, site.id, {});
    const res = await d.restore(first.id);
    expect(res.status).toBe(200);
    expect(res.body.restored_version).toMatchObject({ id: first.id, status: 'archived' });
    expect(res.body.template.published).toEqual(liveBefore);
    expect(res.body.template.draft.has_unpublished_changes).toBe(true);
    expect(res.body.template.draft.preset_key).toBe('classic');
    expect((await d.document()).brand.name).toBe('Acme Support');
    expect((await d.draft({ section: 'translations' })).body.data).toEqual({
      de: { 'brand.tagline': 'Antworten' },
    });
    // The live version itself can be restored too (equal to discarding).
    const live = await d.restore(liveBefore.id);
    expect(live.status).toBe(200);
    expect(live.body.template.draft.has_unpublished_changes).toBe(false);
  });

  it('restore: another site’s version, the draft and unknown ids give 404 version_not_found', async () => {
    const other = await t.factory.site();
    const o = designClient(t, await t.factory.key(other, { design: true }));
    const otherLive = (await o.template()).body.template.published.id;
    const draftId = (await d.template()).body.template.draft.id;
    for (const id of [otherLive, draftId, 999999, 'abc']) {
      const res = await d.restore(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        status: 'error',
        code: 'version_not_found',
        message: expect.any(String),
      });
    }
    expect((await d.versions()).body.versions.map((v: { id: number }) => v.id)).not.toContain(
      otherLive,
    );
  });

  it('versions: newest first, the live one plus up to 49 earlier', async () => {
    const s = await t.factory.site();
    const c = designClient(t, await t.factory.key(s, { design: true }));
    await c.template();
    const now = Date.now();
    for (let i = 0; i < 55; i++) {
      await designVersionRow(t.ds, s.id, {
        status: 'archived',
        createdAt: new Date(now - 86_400_000 - i * 1000),
        updatedAt: new Date(now),
        publishedAt: new Date(now - 86_400_000 - i * 1000),
      });
    }
    const list = (await c.versions()).body;
    expect(list.versions).toHaveLength(50);
    expect(list).not.toHaveProperty('meta');
    expect(list.versions[0].live).toBe(true);
    expect(list.versions.slice(1).every((v: { status: string }) => v.status === 'archived')).toBe(
      true,
    );
  });

  it('concurrent writes with the same etag: one is applied, the other gets 412; a first access race starts one draft', async () => {
    const etag = await d.etag();
    const results = await Promise.all(
      ['one', 'two', 'three'].map((v) =>
        d.patch([{ op: 'set', path: 'brand.tagline', value: v }], etag),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 412, 412]);

    const s = await t.factory.site();
    const c = designClient(t, await t.factory.key(s, { design: true }));
    const reads = await Promise.all([c.template(), c.template(), c.template(), c.versions()]);
    expect(new Set(reads.slice(0, 3).map((r) => r.body.template.draft.id)).size).toBe(1);
    const rows = await t.ds.query(
      'SELECT status, COUNT(*) AS n FROM design_versions WHERE site_id = ? GROUP BY status ORDER BY status',
      [s.id],
    );
    expect(rows.map((r: { status: string; n: number }) => [r.status, Number(r.n)])).toEqual([
      ['draft', 1],
      ['published', 1],
    ]);
  });
});
