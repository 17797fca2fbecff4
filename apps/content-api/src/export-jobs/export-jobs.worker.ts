import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { settings, trustSiteId, type SiteId } from '@hc/contracts';
import { PollingWorker } from '@hc/http';
import { ArticlesRepository } from '../articles/articles.repository';
import { CategoriesRepository } from '../categories/categories.repository';
import { toCategoryResponse } from '../categories/category.mapper';
import { ImagesRepository } from '../images/images.repository';
import { IMAGE_STORAGE, type ImageStorage } from '../images/storage/image-storage';
import {
  ExportJobsRepository,
  type ExportJob,
  type ExportProgress,
} from './export-jobs.repository';
import { articleMarkdown, articlePath, imagePath, ZipFileWriter } from './export-zip';

const POLL_MS = 2_000;
const PAGE = 100;
/** Progress is written (and the job's heartbeat) at most this often. */
const BEAT_MS = 500;
/** A running job whose worker has not beaten for this long is taken over (its worker died). */
const STALE_MS = 2 * 60_000;
/** A built zip is kept this long, then deleted. */
export const EXPORT_KEEP_MS = 24 * 60 * 60_000;

/** Where built zips live: `HC_DATA_DIR/exports/<job id>-<random>.zip`. */
export const exportsDir = () => join(settings().dataDir, 'exports');

class Stopped extends Error {}

/**
 * Builds queued export jobs (issue 39 item 6), one at a time per worker, and deletes expired
 * zips. Runs in content-api's HTTP app only (PollingWorker); on SIGTERM the job in progress stops
 * at the next article or image, its partial file is removed and it is queued again, so the next
 * worker (this replica restarted, or another) builds it from the start.
 */
@Injectable()
export class ExportJobsWorker extends PollingWorker {
  protected readonly logger = new Logger('export jobs');
  protected readonly pollMs = POLL_MS;

  constructor(
    private readonly jobs: ExportJobsRepository,
    private readonly articles: ArticlesRepository,
    private readonly categories: CategoriesRepository,
    private readonly images: ImagesRepository,
    @Inject(IMAGE_STORAGE) private readonly storage: ImageStorage,
    @Optional() adapterHost?: HttpAdapterHost,
  ) {
    super(adapterHost);
  }

  async drain(): Promise<number> {
    await this.expire(new Date());
    let handled = 0;
    while (!this.stopped) {
      const now = new Date();
      const job = await this.jobs.claimAcrossSites(now, new Date(now.getTime() - STALE_MS));
      if (!job) break;
      await this.build(job);
      handled += 1;
    }
    return handled;
  }

  /** Builds one claimed job's zip; public for the benchmark and tests. */
  async build(job: ExportJob): Promise<void> {
    // The worker owns the claimed row: its site is this run's scope (issue 22).
    const siteId = trustSiteId(job.siteId);
    const dir = exportsDir();
    await mkdir(dir, { recursive: true });
    await this.removeFilesOf(job.id); // what a crashed attempt left
    const fileName = `${job.id}-${randomBytes(12).toString('hex')}.zip`;
    const path = join(dir, fileName);
    const zip = new ZipFileWriter(path);
    try {
      await this.write(siteId, job.id, zip);
      const size = await zip.close();
      const now = new Date();
      const expiresAt = new Date(now.getTime() + EXPORT_KEEP_MS);
      await this.jobs.finish(siteId, job.id, { fileName, size, expiresAt }, now);
    } catch (err) {
      zip.abort();
      await rm(path, { force: true });
      if (err instanceof Stopped) {
        await this.jobs.requeue(siteId, job.id);
        this.logger.log(`export ${job.id} stopped by shutdown; queued again`);
        return;
      }
      this.logger.error(`export ${job.id} failed: ${String(err)}`);
      await this.jobs.fail(siteId, job.id, 'The export could not be built.', new Date());
    }
  }

  private async write(siteId: SiteId, jobId: number, zip: ZipFileWriter): Promise<void> {
    const totals = await this.jobs.totals(siteId);
    const progress: ExportProgress = {
      articlesTotal: totals.articles,
      articlesDone: 0,
      imagesTotal: totals.images,
      imagesDone: 0,
    };
    let lastBeat = 0;
    const beat = async (force = false) => {
      if (this.stopped) throw new Stopped();
      // Conversion is CPU work: let requests in between items.
      await yieldToRequests();
      if (!force && Date.now() - lastBeat < BEAT_MS) return;
      lastBeat = Date.now();
      progress.articlesTotal = Math.max(progress.articlesTotal, progress.articlesDone);
      progress.imagesTotal = Math.max(progress.imagesTotal, progress.imagesDone);
      await this.jobs.progress(siteId, jobId, progress, new Date());
    };
    await beat(true);

    // Images first: the Markdown points at their copies in the zip.
    const copies = new Map<string, string>();
    for (let offset = 0; ; offset += PAGE) {
      const { rows } = await this.images.library(siteId, offset, PAGE);
      for (const image of rows) {
        const bytes = await this.storage.read(image.storageKey);
        if (bytes) {
          const name = imagePath(image);
          await zip.addBytes(name, bytes);
          copies.set(image.url, name);
        }
        progress.imagesDone += 1;
        await beat();
      }
      if (rows.length < PAGE) break;
    }

    const categories = await this.categories.all(siteId);
    await zip.addText(
      'categories.json',
      `${JSON.stringify(
        categories.map((c) => toCategoryResponse(c)),
        null,
        2,
      )}\n`,
    );
    const hosts = settings().embedHosts;
    for (let cursor = 0; ;) {
      const ids = await this.articles.idsAfter(siteId, cursor, PAGE);
      if (!ids.length) break;
      for (const view of await this.articles.load(siteId, ids)) {
        for (const t of view.translations)
          await zip.addText(articlePath(view.id, t), articleMarkdown(view, t, hosts, copies));
        progress.articlesDone += 1;
        await beat();
      }
      cursor = ids[ids.length - 1];
    }
    await beat(true);
  }

  private async expire(now: Date): Promise<void> {
    for (const job of await this.jobs.expiredAcrossSites(now, 50)) {
      if (job.fileName) await rm(join(exportsDir(), job.fileName), { force: true });
      await this.jobs.markExpired(trustSiteId(job.siteId), job.id);
    }
  }

  private async removeFilesOf(jobId: number): Promise<void> {
    const prefix = `${jobId}-`;
    for (const name of await readdir(exportsDir()))
      if (name.startsWith(prefix)) await rm(join(exportsDir(), name), { force: true });
  }
}
