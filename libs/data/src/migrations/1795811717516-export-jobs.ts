import { CREATED_AT, CreateTablesMigration, ID, SITE_ID } from './ddl';

/**
 * Export jobs (issue 39 item 6): the site's content as a zip of Markdown files with its stored
 * images, built by a worker. `active_site_id` is the site while the job is queued or running and
 * NULL after, so its unique key lets one job at a time run per site (NULL repeats freely).
 */
export class ExportJobs1795811717516 extends CreateTablesMigration {
  name = 'ExportJobs1795811717516';
  protected readonly tables = {
    export_jobs: [
      ID,
      SITE_ID,
      'active_site_id INT UNSIGNED NULL',
      'user_id INT UNSIGNED NULL',
      "state VARCHAR(16) NOT NULL DEFAULT 'queued'",
      'articles_total INT UNSIGNED NOT NULL DEFAULT 0',
      'articles_done INT UNSIGNED NOT NULL DEFAULT 0',
      'images_total INT UNSIGNED NOT NULL DEFAULT 0',
      'images_done INT UNSIGNED NOT NULL DEFAULT 0',
      'file_name VARCHAR(191) NULL',
      'size BIGINT UNSIGNED NULL',
      'error VARCHAR(255) NULL',
      CREATED_AT,
      'started_at DATETIME(3) NULL',
      'heartbeat_at DATETIME(3) NULL',
      'finished_at DATETIME(3) NULL',
      'expires_at DATETIME(3) NULL',
      'UNIQUE KEY uq_export_jobs_active (active_site_id)',
      'KEY ix_export_jobs_site (site_id, id)',
      'KEY ix_export_jobs_state (state, id)',
    ],
  };
}
