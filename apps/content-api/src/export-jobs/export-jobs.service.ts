import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { apiError, ContentErrorCode, notFound } from '@hc/contracts';
import type { RequestContext, SiteContext } from '@hc/auth';
import { toExportJobResponse } from './export-job.mapper';
import { ExportJobsRepository } from './export-jobs.repository';
import { exportsDir, ExportJobsWorker } from './export-jobs.worker';

export const exportMessages = {
  notFound: 'Export not found.',
  running:
    'An export of this site is already running. Wait for it to finish, then start another one.',
  notReady: 'This export is not finished yet.',
  expired: 'This export has expired and its file was deleted. Start a new export.',
};

/** Jobs listed on the Export screen. */
const LATEST = 10;

/**
 * The dashboard's export jobs (issue 39 item 6): a zip of Markdown files with the site's stored
 * images, built by `ExportJobsWorker`; one queued or running job per site at a time.
 */
@Injectable()
export class ExportJobsService {
  constructor(
    private readonly jobs: ExportJobsRepository,
    private readonly worker: ExportJobsWorker,
  ) {}

  async start(site: SiteContext, ctx: RequestContext) {
    const job = await this.jobs.insert(site.id, ctx.principal.userId, new Date());
    if (!job) {
      const running = await this.jobs.active(site.id);
      throw apiError(ContentErrorCode.ExportRunning, exportMessages.running, {
        export: running ? toExportJobResponse(running) : null,
      });
    }
    this.worker.wake();
    return { export: toExportJobResponse(job) };
  }

  async list(site: SiteContext) {
    return { exports: (await this.jobs.latest(site.id, LATEST)).map(toExportJobResponse) };
  }

  async get(site: SiteContext, id: number) {
    const job = await this.jobs.find(site.id, id);
    if (!job) throw notFound(exportMessages.notFound);
    return { export: toExportJobResponse(job) };
  }

  /** The built zip's path and the name it is downloaded as. */
  async file(site: SiteContext, id: number): Promise<{ path: string; name: string }> {
    const job = await this.jobs.find(site.id, id);
    if (!job) throw notFound(exportMessages.notFound);
    if (job.state === 'expired')
      throw apiError(ContentErrorCode.ExportExpired, exportMessages.expired);
    if (job.state !== 'done' || !job.fileName)
      throw apiError(ContentErrorCode.ExportNotReady, exportMessages.notReady);
    const day = (job.finishedAt ?? job.createdAt).toISOString().slice(0, 10);
    return { path: join(exportsDir(), job.fileName), name: `${site.subdomain}-export-${day}.zip` };
  }
}
