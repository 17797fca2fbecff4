import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  auditEntryRow,
  auditEventsAfter,
  lastOutboxId,
  startTestApp,
  TestApp,
  TestSite,
} from '@hc/testing';
import { createDesignService } from '../app.factory';
import { DesignClient, designClient, TestResponse } from '../testing/design-test';

/**
 * Issue 24: every design write (every non-GET operation under /v1/template in docs/openapi.json)
 * records one audit entry, and GET /template/versions names the publisher from the audit log.
 */
describe('design API and the audit log (issue 24)', () => {
  let t: TestApp;
  let site: TestSite;
  let d: DesignClient;
  let keyId: number;

  const lastId = () => lastOutboxId(t.ds);
  /** Without the request id, which differs per request. */
  const entriesAfter = async (afterId: number) =>
    (await auditEventsAfter(t.ds, afterId)).map(({ request_id: _id, ...e }) => e);
  const draftId = async (): Promise<number> => (await d.template()).body.template.draft.id;

  const cases: {
    route: string;
    write: () => Promise<{ res: TestResponse; action: string; target: number }>;
  }[] = [
    {
      route: 'PATCH /v1/template/draft',
      write: async () => {
        const target = await draftId();
        const res = await d.patch([{ op: 'set', path: 'brand.tagline', value: 'Audited' }]);
        return { res, action: 'design.update', target };
      },
    },
    {
      route: 'POST /v1/template/draft/discard',
      write: async () => ({
        target: await draftId(),
        res: await d.discard(),
        action: 'design.discard',
      }),
    },
    {
      route: 'POST /v1/template/themes/{themeKey}/apply',
      write: async () => ({
        target: await draftId(),
        res: await d.apply('aurora'),
        action: 'design.apply_theme',
      }),
    },
    {
      route: 'POST /v1/template/publish',
      write: async () => ({
        target: await draftId(),
        res: await d.publish({ message: 'Audited publish' }),
        action: 'design.publish',
      }),
    },
    {
      route: 'POST /v1/template/versions/{versionId}/restore',
      write: async () => {
        const versions = (await d.versions()).body.versions as { id: number }[];
        const target = await draftId();
        return { target, res: await d.restore(versions[1].id), action: 'design.restore' };
      },
    },
  ];

  beforeAll(async () => {
    t = await startTestApp(createDesignService);
    site = await t.factory.site({ name: 'Audited Design' });
    d = designClient(t, await t.factory.key(site, { design: true, scope: 'read_write' }));
    [{ id: keyId }] = await t.ds.query('SELECT id FROM api_keys WHERE site_id = ?', [site.id]);
    await d.template(); // the first access starts the draft (no one's write)
  });
  afterAll(() => t.close());

  it('has a case for every design write of docs/openapi.json', () => {
    const doc = JSON.parse(
      readFileSync(path.join(__dirname, '../../../../docs/openapi.json'), 'utf8'),
    ) as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/v1/template'))
      .flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => !['get', 'parameters'].includes(m))
          .map((m) => `${m.toUpperCase()} ${p}`),
      );
    expect(cases.map((c) => c.route).sort()).toEqual(writes.sort());
  });

  it.each(cases.map((c) => [c.route, c] as const))(
    '%s records one entry for the key, with its action and the draft',
    async (_route, c) => {
      const before = await lastId();
      const { res, action, target } = await c.write();
      expect(res.status).toBe(200);
      expect(await entriesAfter(before)).toEqual([
        {
          site_id: site.id,
          type: 'audit',
          action,
          target_type: 'template',
          target_id: String(target),
          actor: { kind: 'api_key', key_id: keyId, user_id: site.owner.id },
        },
      ]);
    },
  );

  it('a refused write (stale etag) records nothing', async () => {
    const before = await lastId();
    const res = await d.patch([{ op: 'set', path: 'brand.tagline', value: 'x' }], '"d1-1"');
    expect(res.status).toBe(412);
    expect(await entriesAfter(before)).toEqual([]);
  });

  it('published_by names the person the audit log names for the publish', async () => {
    const other = await t.factory.site({ name: 'Other Design' });
    const od = designClient(t, await t.factory.key(other, { design: true, scope: 'read_write' }));
    await od.patch([{ op: 'set', path: 'brand.tagline', value: 'Other' }]);
    const published = await od.publish({ message: 'By the owner' });
    expect(published.status).toBe(200);
    const version = published.body.version.id as number;
    // Until the dispatcher has recorded the entry, the version's own column stands in.
    expect((await od.versions()).body.versions[0]).toMatchObject({
      id: version,
      published_by: 'Test Person',
    });
    // The entry as the dispatcher's intake writes it: here naming another person, so the name
    // can only come from the audit log.
    const auditor = await t.factory.user({ name: 'Audit Named Person' });
    const insert = (siteId: number, id: number, target: number) =>
      auditEntryRow(t.ds, siteId, {
        id,
        action: 'design.publish',
        targetType: 'template',
        targetId: String(target),
        actorKind: 'oauth',
        actorUserId: auditor.id,
      });
    // A foreign site's entry for the same id changes nothing.
    await insert(site.id, 9_300_000_001, version);
    expect((await od.versions()).body.versions[0].published_by).toBe('Test Person');
    await insert(other.id, 9_300_000_002, version);
    expect((await od.versions()).body.versions[0]).toMatchObject({
      id: version,
      published_by: 'Audit Named Person',
    });
  });
});
