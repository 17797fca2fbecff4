import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Controller, Get, HttpCode, Post, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { Ctx, CurrentSite } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { notFound } from '@hc/contracts';
import { IdParam, wrapSuccess } from '@hc/http';
import { DashboardRead } from '../http/content-routes';
import { exportMessages, ExportJobsService } from './export-jobs.service';

const ExportIdParam = () => IdParam('id', () => notFound(exportMessages.notFound));

/**
 * Export jobs (issue 39 item 6), session only: the dashboard's zip of Markdown files and images.
 * Reading content is `content.read` (spec 4.11), so every member may export; these routes are
 * outside the per-address export counter (the job is one per site at a time instead).
 */
@Controller('dashboard/exports')
export class ExportJobsController {
  constructor(private readonly exports: ExportJobsService) {}

  @DashboardRead(Post(), {
    summary: 'Start an export of the site as a zip of Markdown files and images',
    description:
      'Queues a job that writes every article outside the Trash (drafts included), one Markdown ' +
      'file per language with front matter, `categories.json` and the site’s stored images. ' +
      'One job per site at a time: while one is queued or running, 409 `export_running` ' +
      'names it. The zip is kept 24 hours.',
  })
  @HttpCode(202)
  async start(@CurrentSite() site: SiteContext, @Ctx() ctx: RequestContext) {
    return wrapSuccess(await this.exports.start(site, ctx));
  }

  @DashboardRead(Get(), 'List the site’s latest export jobs, newest first')
  async list(@CurrentSite() site: SiteContext) {
    return wrapSuccess(await this.exports.list(site));
  }

  @DashboardRead(Get(':id'), 'Read an export job’s state and progress')
  async get(@CurrentSite() site: SiteContext, @ExportIdParam() id: number) {
    return wrapSuccess(await this.exports.get(site, id));
  }

  @DashboardRead(Get(':id/download'), 'Download a built export zip')
  async download(
    @CurrentSite() site: SiteContext,
    @ExportIdParam() id: number,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.exports.file(site, id);
    const size = await stat(file.path).then(
      (s) => s.size,
      () => null,
    );
    // Built on another replica's disk, or removed by hand: gone for this request.
    if (size === null) throw notFound(exportMessages.notFound);
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(createReadStream(file.path), {
      type: 'application/zip',
      length: size,
      disposition: `attachment; filename="${file.name}"`,
    });
  }
}
