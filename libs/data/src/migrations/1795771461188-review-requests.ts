import { CREATED_AT, CreateTablesMigration, ID, SITE_ID, SITE_ID_KEY, UPDATED_AT } from './ddl';

/**
 * Review before publishing (issue 39 item 7, docs/decisions/review-before-publishing.md): a
 * person asks a named reviewer to look at an article's staged copies (or its draft) or at a
 * change set; the reviewer approves or sends it back. `approved_signature` is what was approved
 * (the staged copies' etags, or the draft's revision), so a later edit makes the approval stale.
 * An approved article may get `publish_at`; the scheduler claims it (`status` scheduled →
 * publishing) once, whichever replica comes first. `review_settings`: whether the site requires
 * an approval before a person publishes through the dashboard.
 */
export class ReviewRequests1795771461188 extends CreateTablesMigration {
  name = 'ReviewRequests1795771461188';

  protected tables = {
    review_requests: [
      ID,
      SITE_ID,
      "subject ENUM('article', 'change_set') NOT NULL",
      'article_id INT UNSIGNED NULL',
      'change_set_id INT UNSIGNED NULL',
      'requester_id INT UNSIGNED NOT NULL',
      'reviewer_id INT UNSIGNED NOT NULL',
      'message TEXT NULL',
      "status ENUM('pending', 'approved', 'sent_back', 'scheduled', 'publishing', 'published', 'failed', 'superseded') NOT NULL",
      'decided_by INT UNSIGNED NULL',
      'decided_at DATETIME(3) NULL',
      'comment TEXT NULL',
      'approved_signature VARCHAR(100) NULL',
      'publish_at DATETIME(3) NULL',
      'publish_actor JSON NULL',
      'published_at DATETIME(3) NULL',
      'failure VARCHAR(64) NULL',
      CREATED_AT,
      UPDATED_AT,
      'KEY ix_review_requests_site_status (site_id, status, id)',
      'KEY ix_review_requests_reviewer (site_id, reviewer_id, status)',
      'KEY ix_review_requests_article (site_id, article_id, status)',
      'KEY ix_review_requests_due (status, publish_at)',
    ],
    review_settings: [SITE_ID_KEY, 'require_approval TINYINT(1) NOT NULL DEFAULT 0', UPDATED_AT],
  };
}
