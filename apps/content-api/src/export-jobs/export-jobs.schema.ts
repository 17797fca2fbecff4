import type { ResponseTable } from '@hc/http';
import { agrees, answers, arr, fails, formatB, id, int, nullable, obj, ok } from '@hc/http';
import { oneOfStr, str, success } from '@hc/http';
import type { ExportJobResponse } from './export-job.mapper';
import type { ExportJobsController } from './export-jobs.controller';

/** An export job (issue 39 item 6). */
export const exportJob = agrees<ExportJobResponse>()(
  obj({
    id,
    state: oneOfStr('queued', 'running', 'done', 'failed', 'expired'),
    progress: obj({
      articles_total: int,
      articles_done: int,
      images_total: int,
      images_done: int,
      percent: int,
    }),
    size: nullable(int),
    error: nullable(str),
    created_at: formatB,
    started_at: nullable(formatB),
    finished_at: nullable(formatB),
    expires_at: nullable(formatB),
  }),
  true,
);

const EXPORT_JOB_ANSWERS = {
  start: answers<ExportJobsController, 'start'>()(
    obj({ status: success, export: exportJob }),
    true,
  ),
  list: answers<ExportJobsController, 'list'>()(
    obj({ status: success, exports: arr(exportJob) }),
    true,
  ),
  get: answers<ExportJobsController, 'get'>()(obj({ status: success, export: exportJob }), true),
};

const exportJobExample = {
  id: 3,
  state: 'running',
  progress: {
    articles_total: 1000,
    articles_done: 420,
    images_total: 12,
    images_done: 12,
    percent: 42,
  },
  size: null,
  error: null,
  created_at: '2026-11-28T09:30:00+00:00',
  started_at: '2026-11-28T09:30:01+00:00',
  finished_at: null,
  expires_at: null,
};

/** The answers of the export-job routes (issue 39 item 6). */
export const EXPORT_JOB_RESPONSES: ResponseTable = {
  ExportJobsController_start: {
    202: ok('Queued: the worker builds the zip.', EXPORT_JOB_ANSWERS.start, {
      status: 'success',
      export: exportJobExample,
    }),
    409: fails('A job of this site is queued or running (`export_running`, with that `export`).'),
  },
  ExportJobsController_list: {
    200: ok('The latest 10 jobs, newest first.', EXPORT_JOB_ANSWERS.list, {
      status: 'success',
      exports: [exportJobExample],
    }),
  },
  ExportJobsController_get: {
    200: ok('The job with its progress.', EXPORT_JOB_ANSWERS.get, {
      status: 'success',
      export: exportJobExample,
    }),
  },
  ExportJobsController_download: {
    200: {
      description:
        'The zip: `<lang>/<id>-<slug>.md` per translation, `categories.json`, `images/`.',
      content: {
        'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } },
      },
    },
    409: fails('Not built yet (`export_not_ready`).'),
    410: fails('Expired: the file was deleted (`export_expired`).'),
  },
};
