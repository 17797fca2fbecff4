import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  auditEventsAfter,
  createPublishedArticle,
  lastOutboxId,
  STAGING_SITE,
  startTestApp,
  webhookDeliveryRow,
  webhookEventRow,
} from '@hc/testing';
import type { RequestOptions, TestApp, TestResponse, TestSite } from '@hc/testing';
import { run } from '../cli';
import { COMMANDS } from '../cli/commands';
import { createContentApi } from '../app.factory';
import { form, makeImage, restoreEnv, useTempDataDir } from '../images/testing/image-fixtures';

/**
 * Issue 24 item 1: every write of the REST API (every non-GET operation of docs/openapi.json)
 * and every operator command records exactly one audit entry naming its action and target.
 * A new write route or command fails here until it records (or is listed as recording nothing,
 * with the reason). The design API's writes have their table in design-service.
 */

interface Expected {
  action: string;
  target_type: string;
  target_id: string | number;
}

interface RestCase {
  /** The operation as docs/openapi.json names it. */
  route: string;
  /** Runs the write (after any setup, whose own entries are not counted). */
  write: (key: string) => Promise<{ res: TestResponse; expect: Expected }>;
  setup?: (key: string) => Promise<unknown>;
}

/** Writes that record nothing themselves, and why. */
const NOT_RECORDED: Record<string, string> = {
  // Changes no content: the upload it allows is recorded as the issuer's `image.create`.
  'POST /v1/images/uploads': 'issuing a single-use upload URL',
};

/** Commands that write nothing on a site, and so record nothing. */
const NO_SITE_COMMANDS: Record<string, string> = {
  'user create': 'a person and their account, before any site',
  'analytics rollup': 'derived figures computed from recorded activity, no one’s write',
  // Composed of `user create`, `site create`, `key create` and demo articles: recorded as those.
  'seed demo': 'recorded as the writes it is made of',
};

const DESIGN_PREFIX = '/v1/template';

function openApiWrites(): string[] {
  const doc = JSON.parse(
    readFileSync(path.join(__dirname, '../../../../docs/openapi.json'), 'utf8'),
  ) as { paths: Record<string, Record<string, { tags?: string[] }>> };
  const out: string[] = [];
  // The REST API only: the OAuth endpoints (issue 21) live at {auth_url} and change no content.
  for (const [p, ops] of Object.entries(doc.paths).filter(([route]) => route.startsWith('/v1'))) {
    for (const [method, op] of Object.entries(ops)) {
      if (['get', 'head', 'options', 'parameters'].includes(method)) continue;
      // Dashboard-only operations (issue 37) take no key: their entries are asserted with the
      // session in apps/content-api/src/dashboard/*.integration-spec.ts.
      if (op.tags?.includes('Dashboard')) continue;
      // An invitation link (issue 38) takes no credential: the acceptance is recorded as the new
      // member, asserted in apps/content-api/src/team/team-dashboard.integration-spec.ts.
      if (p.startsWith('/v1/invitations/')) continue;
      if (!p.startsWith(DESIGN_PREFIX)) out.push(`${method.toUpperCase()} ${p}`);
    }
  }
  return out.sort();
}

describe('audit coverage: one entry per write (issue 24)', () => {
  let t: TestApp, site: TestSite, key: string;
  let seq = 0;

  const lastId = () => lastOutboxId(t.ds);
  /** Without the request id, which differs per request. */
  const entriesAfter = async (afterId: number) =>
    (await auditEventsAfter(t.ds, afterId)).map(({ request_id: _id, ...e }) => e);

  const json = (res: TestResponse, status: number) => {
    expect({ status: res.status, body: res.body }).toMatchObject({ status });
    return res.body;
  };
  const article = async (k: string, extra: Record<string, unknown> = {}) =>
    (await createPublishedArticle(t, k, { title: { en: `Audit ${++seq}` }, ...extra })) as {
      id: number;
    };
  const category = async (k: string) =>
    json(
      await t.request('POST', '/v1/categories', { key: k, body: { name: { en: `C${++seq}` } } }),
      201,
    ).category as { id: number };
  const stage = (k: string, id: number) =>
    t.request('PATCH', `/v1/articles/${id}/staged`, {
      key: k,
      body: { locale: 'en', title: `Staged ${++seq}` },
    });
  const png = () => makeImage('png', 900 + ++seq);

  // Values a case's setup hands to its write.
  const ctx: Record<string, any> = {};

  /**
   * A write and the entry it records. `make` (the setup) makes what the write acts on and returns
   * its id, which fills the route's first `{…}` and is the entry's target unless `target` reads it
   * from the answer.
   */
  const write = (
    route: string,
    [action, target_type]: [string, string],
    spec: {
      make?: (k: string) => Promise<number>;
      options?: (id: number) => RequestOptions | Promise<RequestOptions>;
      target?: (body: any) => number;
    } = {},
  ): RestCase => {
    const [method, url] = route.split(' ');
    let made = 0;
    return {
      route,
      setup: spec.make && (async (k) => (made = await spec.make!(k))),
      write: async (k) => {
        const res = await t.request(method, url.replace(/\{\w+\}/, String(made)), {
          key: k,
          ...(await spec.options?.(made)),
        });
        return {
          res,
          expect: { action, target_type, target_id: spec.target ? spec.target(res.body) : made },
        };
      },
    };
  };
  const articleId = async (k: string) => (await article(k)).id;
  const stagedArticleId = async (k: string) => {
    const id = await articleId(k);
    await stage(k, id);
    return id;
  };
  const categoryId = async (k: string) => (await category(k)).id;
  const hookId = (url: string) => async (k: string) =>
    json(await t.request('POST', '/v1/webhooks', { key: k, body: { url } }), 201).webhook
      .id as number;
  const upload = (field: string, name: string) => async () => ({
    raw: form([[field, { data: await png(), name }]]),
  });

  const cases: RestCase[] = [
    write('POST /v1/articles', ['article.create', 'article'], {
      options: () => ({ body: { title: { en: 'Created' } } }),
      target: (b) => b.article.id,
    }),
    write('POST /v1/articles/bulk', ['article.publish', 'article'], {
      options: () => ({ body: { articles: [{ title: { en: 'Bulk one' }, published: true }] } }),
      target: (b) => b.results[0].article.id,
    }),
    write('PATCH /v1/articles/{id}', ['article.update', 'article'], {
      make: articleId,
      options: () => ({ body: { title: { en: 'Patched' } } }),
    }),
    write('DELETE /v1/articles/{id}', ['article.delete', 'article'], { make: articleId }),
    write('PATCH /v1/articles/{articleId}/staged', ['staged.update', 'article'], {
      make: articleId,
      options: () => ({ body: { locale: 'en', title: `Staged ${++seq}` } }),
    }),
    write('DELETE /v1/articles/{articleId}/staged', ['staged.discard', 'article'], {
      make: stagedArticleId,
    }),
    write('POST /v1/articles/{articleId}/staged/publish', ['staged.publish', 'article'], {
      make: stagedArticleId,
      options: () => ({ body: {} }),
    }),
    {
      route: 'POST /v1/articles/{articleId}/versions/{versionId}/restore',
      setup: async (k) => {
        ctx.restore = await stagedArticleId(k);
        await t.request('POST', `/v1/articles/${ctx.restore}/staged/publish`, {
          key: k,
          body: {},
        });
        const versions = await t.request('GET', `/v1/articles/${ctx.restore}/versions`, {
          key: k,
        });
        ctx.version = versions.body.versions[0].id;
      },
      write: async (k) => ({
        res: await t.request(
          'POST',
          `/v1/articles/${ctx.restore}/versions/${ctx.version}/restore`,
          { key: k },
        ),
        expect: { action: 'version.restore', target_type: 'article', target_id: ctx.restore },
      }),
    },
    write('POST /v1/articles/{id}/comments', ['comment.create', 'comment'], {
      make: articleId,
      options: () => ({ body: { text: 'A comment' } }),
      target: (b) => b.comment.id,
    }),
    write('PATCH /v1/comments/{id}', ['comment.unpublish', 'comment'], {
      make: async (k) => {
        const a = await article(k);
        return json(
          await t.request('POST', `/v1/articles/${a.id}/comments`, {
            key: k,
            body: { text: 'Moderate me' },
          }),
          201,
        ).comment.id;
      },
      options: () => ({ body: { action: 'unpublish' } }),
    }),
    write('POST /v1/articles/{id}/feedback', ['feedback.create', 'article'], {
      make: articleId,
      options: () => ({ body: { rating: 'love' } }),
    }),
    {
      route: 'POST /v1/articles/{id}/notes/{noteId}/replies',
      setup: async () => {
        ctx.noted = await article(key, { content: { en: '<p>Quote this sentence.</p>' } });
        const r = (await run('note add', {
          site: String(site.id),
          article: String(ctx.noted.id),
          user: String(site.owner.id),
          quote: 'Quote this',
          text: 'A note',
        })) as { note: { id: number } };
        ctx.note = r.note.id;
      },
      write: async (k) => ({
        res: await t.request('POST', `/v1/articles/${ctx.noted.id}/notes/${ctx.note}/replies`, {
          key: k,
          body: { text: 'A reply' },
        }),
        expect: { action: 'note.reply', target_type: 'note', target_id: ctx.note },
      }),
    },
    {
      route: 'POST /v1/articles/{id}/notes/{noteId}/resolve',
      write: async (k) => ({
        res: await t.request('POST', `/v1/articles/${ctx.noted.id}/notes/${ctx.note}/resolve`, {
          key: k,
        }),
        expect: { action: 'note.resolve', target_type: 'note', target_id: ctx.note },
      }),
    },
    write('POST /v1/categories', ['category.create', 'category'], {
      options: () => ({ body: { name: { en: 'New category' } } }),
      target: (b) => b.category.id,
    }),
    write('PATCH /v1/categories/{id}', ['category.update', 'category'], {
      make: categoryId,
      options: () => ({ body: { name: { en: 'Renamed' } } }),
    }),
    write('DELETE /v1/categories/{id}', ['category.delete', 'category'], { make: categoryId }),
    {
      route: 'PUT /v1/categories/order',
      setup: async (k) => (ctx.order = [await category(k), await category(k)]),
      write: async (k) => ({
        res: await t.request('PUT', '/v1/categories/order', {
          key: k,
          body: [ctx.order[1].id, ctx.order[0].id],
        }),
        expect: { action: 'category.reorder', target_type: 'site', target_id: site.id },
      }),
    },
    {
      route: 'PUT /v1/search/synonyms',
      write: async (k) => ({
        res: await t.request('PUT', '/v1/search/synonyms', {
          key: k,
          body: { groups: [['invoice', 'bill']] },
        }),
        expect: { action: 'synonyms.update', target_type: 'site', target_id: site.id },
      }),
    },
    {
      route: 'PUT /v1/categories/{id}/articles/order',
      setup: async (k) => {
        ctx.holder = await category(k);
        ctx.held = [
          await article(k, { category_id: ctx.holder.id }),
          await article(k, { category_id: ctx.holder.id }),
        ];
      },
      write: async (k) => ({
        res: await t.request('PUT', `/v1/categories/${ctx.holder.id}/articles/order`, {
          key: k,
          body: [ctx.held[1].id, ctx.held[0].id],
        }),
        expect: {
          action: 'category.reorder_articles',
          target_type: 'category',
          target_id: ctx.holder.id,
        },
      }),
    },
    write('POST /v1/change-sets', ['change_set.create', 'change_set'], {
      options: () => ({ body: { name: 'Set' } }),
      target: (b) => b.change_set.id,
    }),
    {
      route: 'POST /v1/change-sets/{id}/items',
      setup: async (k) => {
        ctx.set = json(
          await t.request('POST', '/v1/change-sets', { key: k, body: {} }),
          201,
        ).change_set.id;
        ctx.inSet = await stagedArticleId(k);
      },
      write: async (k) => ({
        res: await t.request('POST', `/v1/change-sets/${ctx.set}/items`, {
          key: k,
          body: { items: [{ article_id: ctx.inSet, locale: 'en' }] },
        }),
        expect: { action: 'change_set.add_items', target_type: 'change_set', target_id: ctx.set },
      }),
    },
    {
      route: 'POST /v1/change-sets/{id}/publish',
      write: async (k) => ({
        res: await t.request('POST', `/v1/change-sets/${ctx.set}/publish`, {
          key: k,
          body: { publish_at: '2099-01-01T00:00:00Z' },
        }),
        expect: { action: 'change_set.publish', target_type: 'change_set', target_id: ctx.set },
      }),
    },
    write('POST /v1/images', ['image.create', 'image'], {
      options: upload('file', 'one.png'),
      target: (b) => b.image.id,
    }),
    write('POST /v1/images/bulk', ['image.create', 'image'], {
      options: upload('files[]', 'bulk.png'),
      target: (b) => b.results[0].image.id,
    }),
    {
      route: 'POST /v1/images/uploads/{intent}',
      setup: async (k) => {
        const url = json(await t.request('POST', '/v1/images/uploads', { key: k }), 200)
          .upload_url as string;
        const u = new URL(url);
        ctx.uploadPath = u.pathname + u.search;
      },
      // No credential: the URL is one; recorded as the key that issued it.
      write: async () => {
        const res = await t.request('POST', ctx.uploadPath, await upload('file', 'via-url.png')());
        return {
          res,
          expect: { action: 'image.create', target_type: 'image', target_id: res.body.image.id },
        };
      },
    },
    write('DELETE /v1/images/{id}', ['image.delete', 'image'], {
      make: async (k) =>
        json(
          await t.request('POST', '/v1/images', {
            key: k,
            ...(await upload('file', 'doomed.png')()),
          }),
          201,
        ).image.id,
    }),
    write('POST /v1/webhooks', ['webhook.create', 'webhook'], {
      options: () => ({ body: { url: 'https://example.com/audited-hook' } }),
      target: (b) => b.webhook.id,
    }),
    write('POST /v1/webhooks/standard', ['webhook.create', 'webhook'], {
      options: () => ({ body: { url: 'https://example.com/audited-standard-hook' } }),
      target: (b) => b.webhook.id,
    }),
    write('POST /v1/webhooks/{webhookId}/test', ['webhook.test', 'webhook'], {
      make: hookId('https://example.com/tested-hook'),
    }),
    write('DELETE /v1/webhooks/{webhookId}', ['webhook.delete', 'webhook'], {
      make: hookId('https://example.com/doomed-hook'),
    }),
    {
      route: 'POST /v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
      setup: async (k) => {
        ctx.redeliverHook = await hookId('https://example.com/redelivered-hook')(k);
        const eventId = 9_400_000_000 + ++seq;
        await webhookEventRow(t.ds, site.id, { id: eventId, event: 'article.updated', body: {} });
        ctx.delivery = await webhookDeliveryRow(t.ds, site.id, {
          eventId,
          webhookId: ctx.redeliverHook,
          state: 'dropped',
          attempts: 5,
          nextAttemptAt: null,
        });
      },
      write: async (k) => ({
        res: await t.request(
          'POST',
          `/v1/webhooks/${ctx.redeliverHook}/deliveries/${ctx.delivery}/redeliver`,
          { key: k },
        ),
        expect: {
          action: 'webhook.redeliver',
          target_type: 'webhook',
          target_id: ctx.redeliverHook,
        },
      }),
    },
  ];

  beforeAll(async () => {
    useTempDataDir();
    t = await startTestApp(createContentApi);
    site = await t.factory.site(STAGING_SITE);
    await t.factory.member(site, site.owner, 'owner', true);
    key = await t.factory.key(site, { notes: true });
  });
  afterAll(async () => {
    await t.close();
    restoreEnv();
  });

  it('has a case for every write operation of the REST API (docs/openapi.json)', () => {
    const covered = [...cases.map((c) => c.route), ...Object.keys(NOT_RECORDED)].sort();
    expect(covered).toEqual(openApiWrites());
  });

  // In table order: a case may use what an earlier one made (the note, the change set).
  it.each(cases.map((c) => [c.route, c] as const))(
    '%s records one entry for the key, with its action and target',
    async (_route, c) => {
      if (c.setup) await c.setup(key);
      const before = await lastId();
      const { res, expect: want } = await c.write(key);
      expect(res.status).toBeLessThan(300);
      const [{ id: keyId }] = await t.ds.query(
        'SELECT id FROM api_keys WHERE site_id = ? ORDER BY id LIMIT 1',
        [site.id],
      );
      expect(await entriesAfter(before)).toEqual([
        {
          site_id: site.id,
          type: 'audit',
          action: want.action,
          target_type: want.target_type,
          target_id: String(want.target_id),
          actor: { kind: 'api_key', key_id: keyId, user_id: site.owner.id },
        },
      ]);
    },
  );

  it('records nothing for a write that fails', async () => {
    const before = await lastId();
    const res = await t.request('POST', '/v1/categories', { key, body: {} });
    expect(res.status).toBe(422);
    expect(await entriesAfter(before)).toEqual([]);
  });

  describe('operator commands (actor `operator`)', () => {
    const flags = (f: Record<string, string | number>) =>
      Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)]));

    interface CliCase {
      command: string;
      setup?: () => Promise<unknown>;
      flags: () => Record<string, string | number>;
      expect: (result: any) => Expected & { site?: number };
    }
    const cli: Record<string, unknown> = {};

    /** A CLI command on an article that is in the Trash first. */
    const trashedArticleCase = (command: string, action: string): CliCase => ({
      command,
      setup: async () => {
        cli[command] = (await article(key)).id;
        await t.request('DELETE', `/v1/articles/${cli[command] as number}`, { key });
      },
      flags: () => ({ site: site.id, article: cli[command] as number }),
      expect: () => ({ action, target_type: 'article', target_id: cli[command] as number }),
    });
    /** `hc member <verb>` on one person (a new user, made by `add`), with `role` when given. */
    const memberCase = (verb: 'add' | 'update' | 'remove', role?: string): CliCase => {
      const person = () => (cli.person as { id: number }).id;
      return {
        command: `member ${verb}`,
        ...(verb === 'add' && { setup: async () => (cli.person = await t.factory.user()) }),
        flags: () => ({ site: site.id, user: person(), ...(role && { role }) }),
        expect: () => ({ action: `member.${verb}`, target_type: 'user', target_id: person() }),
      };
    };
    const cliCases: CliCase[] = [
      {
        command: 'site create',
        flags: () => ({ owner: site.owner.id, name: 'Operator site', subdomain: `op${++seq}` }),
        expect: (r) => ({
          action: 'site.create',
          target_type: 'site',
          target_id: r.site.id,
          site: r.site.id,
        }),
      },
      {
        command: 'site update',
        flags: () => ({ site: site.id, name: 'Renamed by operator' }),
        expect: () => ({ action: 'site.update', target_type: 'site', target_id: site.id }),
      },
      {
        command: 'site delete',
        setup: async () => (cli.doomed = await t.factory.site()),
        flags: () => ({ site: (cli.doomed as TestSite).id }),
        expect: () => ({
          action: 'site.delete',
          target_type: 'site',
          target_id: (cli.doomed as TestSite).id,
          site: (cli.doomed as TestSite).id,
        }),
      },
      memberCase('add', 'editor'),
      memberCase('update', 'viewer'),
      memberCase('remove'),
      {
        command: 'key create',
        flags: () => ({ site: site.id, user: site.owner.id, scope: 'read' }),
        expect: (r) => {
          cli.key = r.key.id;
          return { action: 'key.create', target_type: 'api_key', target_id: r.key.id };
        },
      },
      {
        command: 'key revoke',
        flags: () => ({ key: cli.key as number }),
        expect: () => ({
          action: 'key.revoke',
          target_type: 'api_key',
          target_id: cli.key as number,
        }),
      },
      trashedArticleCase('article restore', 'article.restore'),
      trashedArticleCase('article purge', 'article.purge'),
      {
        command: 'translation release',
        setup: async () => {
          const a = await article(key);
          await t.request('PATCH', `/v1/articles/${a.id}`, {
            key,
            body: { title: { de: 'Deutsch' } },
          });
          cli.translated = a.id;
        },
        flags: () => ({ site: site.id, article: cli.translated as number, lang: 'de' }),
        expect: () => ({
          action: 'translation.release',
          target_type: 'article',
          target_id: cli.translated as number,
        }),
      },
      {
        command: 'note add',
        setup: async () =>
          (cli.noted = (await article(key, { content: { en: '<p>Anchor here.</p>' } })).id),
        flags: () => ({
          site: site.id,
          article: cli.noted as number,
          user: site.owner.id,
          quote: 'Anchor',
          text: 'Operator note',
        }),
        expect: (r) => ({ action: 'note.create', target_type: 'note', target_id: r.note.id }),
      },
      {
        command: 'comment add',
        setup: async () => (cli.commented = (await article(key)).id),
        flags: () => ({
          site: site.id,
          article: cli.commented as number,
          name: 'Reader',
          email: 'reader@example.com',
          text: 'Hello',
        }),
        expect: (r) => {
          cli.comment = r.comment.id;
          return { action: 'comment.create', target_type: 'comment', target_id: r.comment.id };
        },
      },
      {
        command: 'comment delete',
        flags: () => ({ site: site.id, comment: cli.comment as number }),
        expect: () => ({
          action: 'comment.delete',
          target_type: 'comment',
          target_id: cli.comment as number,
        }),
      },
      {
        command: 'comment settings',
        flags: () => ({ site: site.id, moderate: 'false' }),
        expect: () => ({
          action: 'comment_settings.update',
          target_type: 'site',
          target_id: site.id,
        }),
      },
      {
        command: 'interface-text set',
        flags: () => ({ site: site.id, lang: 'en', key: 'search.button', text: 'Go' }),
        expect: () => ({
          action: 'interface_text.set',
          target_type: 'interface_text',
          target_id: 'en:search.button',
        }),
      },
    ];

    it('has a case for every command that writes on a site', () => {
      const covered = [...cliCases.map((c) => c.command), ...Object.keys(NO_SITE_COMMANDS)];
      expect(covered.sort()).toEqual(Object.keys(COMMANDS).sort());
    });

    it.each(cliCases.map((c) => [c.command, c] as const))(
      'hc %s records one entry as the operator',
      async (_command, c) => {
        if (c.setup) await c.setup();
        const before = await lastId();
        const result = await run(c.command, flags(c.flags()));
        const want = c.expect(result);
        expect(await entriesAfter(before)).toEqual([
          {
            site_id: want.site ?? site.id,
            type: 'audit',
            action: want.action,
            target_type: want.target_type,
            target_id: String(want.target_id),
            actor: { kind: 'operator' },
          },
        ]);
      },
    );
  });
});
