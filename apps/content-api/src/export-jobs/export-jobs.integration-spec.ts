import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { TestApp, TestSession, TestSite, useTwoSites } from '@hc/testing';
import { createContentApi } from '../app.factory';
import { form, makeImage, restoreEnv, useTempDataDir } from '../images/testing/image-fixtures';
import { ExportJobsWorker } from './export-jobs.worker';

interface Job {
  id: number;
  state: string;
  progress: { articles_total: number; articles_done: number; percent: number };
  size: number | null;
}

/** Issue 39 item 6: the zip export as a server job, one per site at a time, session only. */
describe('export jobs (issue 39)', () => {
  let t: TestApp, site: TestSite, key: string, other: TestSite;
  let owner: TestSession, outsider: TestSession;
  const dataDir = useTempDataDir();
  afterAll(restoreEnv);
  useTwoSites(createContentApi, {}, async (s) => {
    ({ t, site, key, other } = s);
    owner = await t.factory.session(site.owner);
    outsider = await t.factory.session(other.owner);
  });

  const worker = () => t.app.get(ExportJobsWorker);
  const as = (session = owner, siteId = site.id) => ({ session, site: siteId });
  const start = (session = owner, siteId = site.id) =>
    t.request('POST', '/v1/dashboard/exports', as(session, siteId));
  const read = async (id: number, session = owner, siteId = site.id) =>
    t.request('GET', `/v1/dashboard/exports/${id}`, as(session, siteId));
  const download = (id: number, session = owner, siteId = site.id) =>
    fetch(`${t.url}/v1/dashboard/exports/${id}/download`, {
      headers: {
        cookie: `hc_dashboard=${session.cookie}`,
        'x-csrf-token': session.csrf,
        'x-service-site': String(siteId),
      },
    });
  const finished = async (id: number): Promise<Job> => {
    for (let i = 0; i < 200; i++) {
      const job = (await read(id)).body.export as Job;
      if (job.state !== 'queued' && job.state !== 'running') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`export ${id} did not finish`);
  };
  /** Keeps the worker from taking jobs while a test looks at a queued one. */
  const pausedWorker = async <T>(work: () => Promise<T>): Promise<T> => {
    await worker().onApplicationShutdown();
    try {
      return await work();
    } finally {
      worker().onApplicationBootstrap();
    }
  };

  it('builds a zip of Markdown files with front matter, categories.json and the stored images', async () => {
    const png = await makeImage('png', 91);
    const upload = await t.request('POST', '/v1/images', {
      key,
      raw: form([['file', { data: png, name: '../../evil name.png' }]]),
    });
    const image = upload.body.image as { id: number; url: string };
    const category = await t.request('POST', '/v1/categories', {
      key,
      body: { name: { en: 'Billing' } },
    });
    const published = await t.request('POST', '/v1/articles', {
      key,
      body: {
        title: { en: 'Pay an invoice' },
        content: {
          en: `<h2>Steps</h2><p>Open <strong>Billing</strong>.</p><img src="${image.url}" alt="The billing page"><script>alert(1)</script>`,
        },
        category_id: category.body.category.id,
        published: true,
      },
    });
    const draft = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Draft only' }, content: { en: '<p>Not yet.</p>' } },
    });
    const trashed = await t.request('POST', '/v1/articles', {
      key,
      body: { title: { en: 'Trashed' }, content: { en: '<p>Gone.</p>' } },
    });
    await t.request('DELETE', `/v1/articles/${trashed.body.article.id}`, { key });

    const started = await start();
    expect(started.status).toBe(202);
    expect(started.body.export).toMatchObject({ state: 'queued', size: null });
    const job = await finished(started.body.export.id);
    expect(job).toMatchObject({
      state: 'done',
      progress: { articles_total: 2, articles_done: 2, percent: 100 },
    });

    const res = await download(job.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.zip"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(job.size);
    const files = unzipSync(bytes);
    const a = published.body.article;
    const imageName = `images/${image.id}-evil-name.png`;
    expect(Object.keys(files).sort()).toEqual(
      [
        'categories.json',
        `en/${a.id}-${a.slug.en}.md`,
        `en/${draft.body.article.id}-${draft.body.article.slug.en}.md`,
        imageName,
      ].sort(),
    );
    expect(Buffer.from(files[imageName]).equals(png)).toBe(true);
    const md = strFromU8(files[`en/${a.id}-${a.slug.en}.md`]);
    expect(md).toContain(`id: ${a.id}\nlang: "en"\ntitle: "Pay an invoice"`);
    expect(md).toContain('status: "published"');
    expect(md).toContain('## Steps\n\nOpen **Billing**.');
    expect(md).toContain(`![The billing page](../${imageName})`);
    expect(md).not.toContain('alert(1)');
    expect(
      strFromU8(files[`en/${draft.body.article.id}-${draft.body.article.slug.en}.md`]),
    ).toContain('status: "draft"');
    expect(JSON.parse(strFromU8(files['categories.json']))).toEqual([
      expect.objectContaining({ id: category.body.category.id, name: { en: 'Billing' } }),
    ]);
  });

  it('refuses a second job while one is queued or running, with a clear error; another site is not held', async () => {
    const first = await pausedWorker(async () => {
      const queued = await start();
      expect(queued.status).toBe(202);
      const second = await start();
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({
        status: 'error',
        code: 'export_running',
        message:
          'An export of this site is already running. Wait for it to finish, then start another one.',
        export: { id: queued.body.export.id, state: 'queued' },
      });
      expect((await start(outsider, other.id)).status).toBe(202);
      // Not built yet: no download.
      const early = await download(queued.body.export.id);
      expect([early.status, ((await early.json()) as { code: string }).code]).toEqual([
        409,
        'export_not_ready',
      ]);
      return queued.body.export.id as number;
    });
    const rows: { n: number }[] = await t.ds.query(
      "SELECT COUNT(*) AS n FROM export_jobs WHERE site_id = ? AND state IN ('queued', 'running')",
      [site.id],
    );
    expect(Number(rows[0].n)).toBeLessThanOrEqual(1);
    // Once built, the site may export again.
    expect((await finished(first)).state).toBe('done');
    const again = await start();
    expect(again.status).toBe(202);
    expect((await finished(again.body.export.id)).state).toBe('done');
  });

  it('site B cannot read or download site A’s job, nor list it; keys and tokens are refused', async () => {
    const job = await finished((await start()).body.export.id);
    expect(job.state).toBe('done');
    expect((await read(job.id, outsider, other.id)).status).toBe(404);
    expect((await download(job.id, outsider, other.id)).status).toBe(404);
    // Naming site A with site B's session: not a member there.
    expect((await read(job.id, outsider, site.id)).status).toBe(403);
    const listed = await t.request('GET', '/v1/dashboard/exports', as(outsider, other.id));
    expect(listed.body.exports.map((e: Job) => e.id)).not.toContain(job.id);
    for (const [method, path] of [
      ['POST', '/v1/dashboard/exports'],
      ['GET', '/v1/dashboard/exports'],
      ['GET', `/v1/dashboard/exports/${job.id}`],
      ['GET', `/v1/dashboard/exports/${job.id}/download`],
    ] as const) {
      const res = await t.request(method, path, { key });
      expect([path, res.status, res.body.code]).toEqual([path, 403, 'session_required']);
    }
  });

  it('a stopped worker (SIGTERM) leaves no partial file and queues the job again', async () => {
    const queued = await pausedWorker(async () => {
      const id = (await start()).body.export.id as number;
      // The worker is stopped: a build it is handed ends at its first step.
      const [job] = await t.ds.query('SELECT site_id FROM export_jobs WHERE id = ?', [id]);
      await worker().build({
        id,
        siteId: Number(job.site_id),
        userId: null,
        state: 'running',
        articlesTotal: 0,
        articlesDone: 0,
        imagesTotal: 0,
        imagesDone: 0,
        fileName: null,
        size: null,
        error: null,
        createdAt: new Date(),
        startedAt: new Date(),
        finishedAt: null,
        expiresAt: null,
      });
      expect(readdirSync(join(dataDir, 'exports')).filter((f) => f.startsWith(`${id}-`))).toEqual(
        [],
      );
      return id;
    });
    // Running again, the worker builds it.
    worker().wake();
    expect((await finished(queued)).state).toBe('done');
  });

  it('an expired zip is deleted and answers 410 export_expired', async () => {
    const job = await finished((await start()).body.export.id);
    const [row] = await t.ds.query('SELECT file_name FROM export_jobs WHERE id = ?', [job.id]);
    const file = join(dataDir, 'exports', row.file_name as string);
    expect(existsSync(file)).toBe(true);
    await t.ds.query('UPDATE export_jobs SET expires_at = ? WHERE id = ?', [
      new Date(Date.now() - 1000),
      job.id,
    ]);
    worker().wake();
    for (let i = 0; i < 100 && (await read(job.id)).body.export.state !== 'expired'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect((await read(job.id)).body.export.state).toBe('expired');
    expect(existsSync(file)).toBe(false);
    const res = await download(job.id);
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([
      410,
      'export_expired',
    ]);
  });
});
