import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { lastSiteEventId, siteEvents, TestApp, TestSite, useSite } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { COMMANDS } from '../cli/commands';

const run = promisify(execFile);

describe('Trash lifecycle and translations through the operator CLI (spec 3.1, 2.1; docs/operations.md)', () => {
  let t: TestApp, site: TestSite, key: string;

  const post = async (body: unknown) =>
    (await t.request('POST', '/v1/articles', { key, body })).body.article;
  const eventsAfter = async (id: number) =>
    (await siteEvents(t.ds, site, id)).map(({ event, payload }) => ({ event, payload }));
  const lastEvent = () => lastSiteEventId(t.ds, site);

  useSite(createContentApi, { languages: ['en', 'de'] }, (s) => ({ t, site, key } = s));

  it('hc article restore brings an article back to its previous status and sends article.updated', async () => {
    const a = await post({ title: { en: 'Comes back' }, published: true });
    await t.request('DELETE', `/v1/articles/${a.id}`, { key });
    const before = await lastEvent();
    const out = (await COMMANDS['article restore'](t.app, {
      site: String(site.id),
      article: String(a.id),
    })) as { article: any };
    expect(out.article).toMatchObject({ id: a.id, published: true, title: { en: 'Comes back' } });
    expect((await eventsAfter(before)).map((e: { event: string }) => e.event)).toEqual([
      'article.updated',
    ]);
    expect((await t.request('GET', `/v1/articles/${a.id}`, { key })).status).toBe(200);
    await expect(
      COMMANDS['article restore'](t.app, { site: String(site.id), article: String(a.id) }),
    ).rejects.toThrow(/not in the Trash/);
  });

  it('hc article purge deletes a Trashed article for good and sends article.deleted again', async () => {
    const a = await post({ title: { en: 'Gone for good' } });
    const live = await post({ title: { en: 'Not trashed' } });
    await t.request('DELETE', `/v1/articles/${a.id}`, { key });
    const before = await lastEvent();
    expect(
      await COMMANDS['article purge'](t.app, { site: String(site.id), article: String(a.id) }),
    ).toEqual({ purged: true });
    const sent = await eventsAfter(before);
    expect(sent.map((e: { event: string }) => e.event)).toEqual(['article.deleted']);
    expect(sent[0].payload.data).toMatchObject({ id: a.id, title: 'Gone for good' });
    expect(await t.ds.query('SELECT id FROM articles WHERE id = ?', [a.id])).toEqual([]);
    // Issue 40: its term index goes with it.
    expect(await t.ds.query('SELECT 1 FROM search_terms WHERE article_id = ?', [a.id])).toEqual([]);
    expect(
      await t.ds.query('SELECT lang FROM article_translations WHERE article_id = ?', [a.id]),
    ).toEqual([]);
    await expect(
      COMMANDS['article purge'](t.app, { site: String(site.id), article: String(live.id) }),
    ).rejects.toThrow(/not in the Trash/);
  });

  it('a site cannot restore or purge another site’s article', async () => {
    const otherSite = await t.factory.site();
    const a = await post({ title: { en: 'Mine' } });
    await t.request('DELETE', `/v1/articles/${a.id}`, { key });
    await expect(
      COMMANDS['article restore'](t.app, { site: String(otherSite.id), article: String(a.id) }),
    ).rejects.toThrow();
    await expect(
      COMMANDS['article purge'](t.app, { site: String(otherSite.id), article: String(a.id) }),
    ).rejects.toThrow();
  });

  it('hc translation release adds the language to published_translations', async () => {
    const a = await post({ title: { en: 'Two languages', de: 'Zwei Sprachen' } });
    expect(a.published_translations).toEqual(['en']);
    const out = (await COMMANDS['translation release'](t.app, {
      site: String(site.id),
      article: String(a.id),
      lang: 'de',
    })) as {
      article: any;
    };
    expect(out.article.published_translations).toEqual(['en', 'de']);
    await expect(
      COMMANDS['translation release'](t.app, {
        site: String(site.id),
        article: String(a.id),
        lang: 'fr',
      }),
    ).rejects.toThrow();
  });

  it('runs as `npm run -s hc -- article restore` printing one JSON object', async () => {
    const a = await post({ title: { en: 'Via the real CLI' } });
    await t.request('DELETE', `/v1/articles/${a.id}`, { key });
    const { stdout } = await run(
      'node',
      [
        'tools/scripts/hc.cjs',
        'article',
        'restore',
        '--site',
        String(site.id),
        '--article',
        String(a.id),
      ],
      {
        cwd: process.cwd(),
        env: process.env,
      },
    );
    expect(JSON.parse(stdout).article).toMatchObject({
      id: a.id,
      title: { en: 'Via the real CLI' },
    });
  }, 60_000);
});
