import { formatB } from '@hc/contracts';
import type { ExportJob } from './export-jobs.repository';

const at = (d: Date | null) => (d ? formatB(d) : null);

/** An export job as the dashboard reads it: its state, progress and, once built, its zip. */
export function toExportJobResponse(job: ExportJob) {
  const total = job.articlesTotal + job.imagesTotal;
  const done = Math.min(job.articlesDone, job.articlesTotal) + job.imagesDone;
  return {
    id: job.id,
    state: job.state,
    progress: {
      articles_total: job.articlesTotal,
      articles_done: job.articlesDone,
      images_total: job.imagesTotal,
      images_done: job.imagesDone,
      percent:
        job.state === 'done'
          ? 100
          : total === 0
            ? 0
            : Math.min(99, Math.floor((done / total) * 100)),
    },
    size: job.size,
    error: job.error,
    created_at: formatB(job.createdAt),
    started_at: at(job.startedAt),
    finished_at: at(job.finishedAt),
    expires_at: at(job.expiresAt),
  };
}

export type ExportJobResponse = ReturnType<typeof toExportJobResponse>;
