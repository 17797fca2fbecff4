import {
  changedTables,
  expectValidationErrors,
  snapshotDatabase,
  startTestApp,
  TestApp,
} from '@hc/testing';
import { createDesignService } from '../app.factory';
import { DesignClient, designClient } from '../testing/design-test';

const OPS = [
  { op: 'set', path: 'brand.name', value: 'Dry Acme' },
  // An id of our own: ids the batch generates are drawn anew by every call (decisions.md).
  { op: 'add_css', css: '.hc-card { border-radius: 4px; }', label: 'Cards', id: 'cards' },
];

/** An answer with the time of the write set aside. */
function comparable(body: { template: { draft: Record<string, unknown> }; dry_run?: boolean }) {
  const copy = JSON.parse(JSON.stringify(body)) as typeof body;
  copy.template.draft.updated_at = '<time>';
  delete copy.dry_run;
  return copy;
}

/** Dry runs of PATCH /template/draft (issue 25), on two sites. */
describe('PATCH /template/draft dry runs (#25)', () => {
  let t: TestApp;
  let d: DesignClient;
  let theirs: DesignClient;
  let key: string;

  const patch = (body: Record<string, unknown>, query = '') =>
    t.request('PATCH', `/v1/template/draft${query}`, { key, body });

  beforeAll(async () => {
    t = await startTestApp(createDesignService);
    const site = await t.factory.site({ name: 'Acme Support' });
    const other = await t.factory.site({ name: 'Other Support' });
    key = await t.factory.key(site, { design: true, scope: 'read_write' });
    d = designClient(t, key);
    theirs = designClient(t, await t.factory.key(other, { design: true, scope: 'read_write' }));
    expect((await d.template()).status).toBe(200);
    expect((await theirs.template()).status).toBe(200);
  });
  afterAll(() => t.close());

  it('dry_run=1 answers with the results, the template as it would be and the warnings, and saves nothing', async () => {
    const before = await snapshotDatabase(t.ds);
    const etag = await d.etag();
    const dry = await patch({ operations: OPS, etag }, '?dry_run=1');
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ status: 'success', dry_run: true });
    expect(dry.body.results).toHaveLength(2);
    expect(dry.body.results[0]).toMatchObject({ operation: 0, op: 'set' });
    expect(dry.body.results[1]).toMatchObject({ operation: 1, op: 'add_css', id: 'cards' });
    // The etag the draft would have; the draft itself keeps its own.
    expect(dry.body.template.draft.etag).not.toBe(etag);
    expect(dry.body.template.draft.has_unpublished_changes).toBe(true);
    expect(changedTables(before, await snapshotDatabase(t.ds))).toEqual([]);
    expect(await d.etag()).toBe(etag);
    expect((await d.document()).brand.name).toBe('Acme Support');
    expect((await theirs.document()).brand.name).toBe('Other Support');
  });

  it('"dry_run": true in the body is the same; the real call then answers exactly the same', async () => {
    const etag = await d.etag();
    const dry = await patch({ operations: OPS, etag, dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.dry_run).toBe(true);
    // The etag read before the dry run is still the current one.
    const real = await patch({ operations: OPS, etag });
    expect(real.status).toBe(200);
    expect(real.body.dry_run).toBeUndefined();
    expect(comparable(real.body)).toEqual(comparable(dry.body));
    expect(await d.etag()).toBe(real.body.template.draft.etag);
    expect((await d.document()).brand.name).toBe('Dry Acme');
    expect((await theirs.document()).brand.name).toBe('Other Support');
  });

  it('a dry run is refused exactly like the real call: a bad batch (422) and a stale etag (412)', async () => {
    const before = await snapshotDatabase(t.ds);
    const bad = [{ op: 'set', path: 'brand.name', value: '   ' }];
    const dryBad = await patch({ operations: bad, dry_run: true });
    const realBad = await patch({ operations: bad });
    expect(dryBad.status).toBe(422);
    expect(dryBad.body).toEqual(realBad.body);
    const stale = '"d1-0"';
    const dryStale = await patch({ operations: OPS, etag: stale }, '?dry_run=1');
    const realStale = await patch({ operations: OPS, etag: stale });
    expect(dryStale.status).toBe(412);
    expect(dryStale.body).toEqual(realStale.body);
    const word = await patch({ operations: OPS, dry_run: 'yes' });
    expect(word.status).toBe(422);
    expect(word.body.errors).toEqual({ dry_run: ['The dry run field must be true or false.'] });
    // The query's `dry_run` is read at the edge (DryRunQuery): 1/0 only, shape (b).
    const query = await patch({ operations: OPS }, '?dry_run=yes');
    expectValidationErrors(query, { dry_run: ['The dry run field must be true or false.'] });
    expect(changedTables(before, await snapshotDatabase(t.ds))).toEqual([]);
  });

  it('on a design never opened, a dry run starts it as any read does, and shows its real ids', async () => {
    const fresh = await t.factory.site({ name: 'Fresh Support' });
    const freshKey = await t.factory.key(fresh, { design: true, scope: 'read_write' });
    const dry = await t.request('PATCH', '/v1/template/draft?dry_run=1', {
      key: freshKey,
      body: { operations: OPS },
    });
    expect(dry.status).toBe(200);
    const opened = await designClient(t, freshKey).template();
    expect(opened.body.template.draft.id).toBe(dry.body.template.draft.id);
    expect(opened.body.template.published.id).toBe(dry.body.template.published.id);
    expect(opened.body.template.draft.has_unpublished_changes).toBe(false);
  });

  it('dry runs count toward the 120 writes per minute like the real call', async () => {
    const busy = await t.factory.site({ name: 'Busy Support' });
    const busyKey = await t.factory.key(busy, { design: true, scope: 'read_write' });
    const dryPatch = () =>
      t.request('PATCH', '/v1/template/draft?dry_run=1', {
        key: busyKey,
        body: { operations: OPS },
      });
    for (let i = 0; i < 120; i++) expect((await dryPatch()).status).toBe(200);
    const real = await t.request('PATCH', '/v1/template/draft', {
      key: busyKey,
      body: { operations: OPS },
    });
    expect(real.status).toBe(429);
  });
});
