import { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Reader comments, their email outbox, team notes, reader feedback, interface-text overrides. */
export class Engagement1764400000000 implements MigrationInterface {
  name = 'Engagement1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE comments (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      article_id INT UNSIGNED NOT NULL,
      parent_id INT UNSIGNED NULL,
      lang VARCHAR(8) NOT NULL,
      status VARCHAR(16) NOT NULL,
      body TEXT NOT NULL,
      author_user_id INT UNSIGNED NULL,
      author_name VARCHAR(191) NOT NULL,
      author_email VARCHAR(191) NULL,
      author_ip VARCHAR(45) NULL,
      parent_notified_at DATETIME(3) NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      KEY ix_comments_site_status (site_id, status, id),
      KEY ix_comments_site_article (site_id, article_id, id),
      KEY ix_comments_parent (parent_id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE comment_settings (
      site_id INT UNSIGNED NOT NULL PRIMARY KEY,
      moderate TINYINT(1) NOT NULL DEFAULT 1,
      updated_at DATETIME(3) NOT NULL
    ) ${TABLE}`);
    await q.query(`CREATE TABLE comment_emails (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      comment_id INT UNSIGNED NOT NULL,
      kind VARCHAR(32) NOT NULL,
      recipient_email VARCHAR(191) NOT NULL,
      recipient_name VARCHAR(191) NOT NULL,
      subject VARCHAR(255) NOT NULL,
      body TEXT NOT NULL,
      attempts INT UNSIGNED NOT NULL DEFAULT 0,
      next_attempt_at DATETIME(3) NOT NULL,
      sent_at DATETIME(3) NULL,
      failed_at DATETIME(3) NULL,
      last_error VARCHAR(500) NULL,
      created_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_comment_emails_once (comment_id, kind),
      KEY ix_comment_emails_due (sent_at, failed_at, next_attempt_at)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE note_threads (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      article_id INT UNSIGNED NOT NULL,
      lang VARCHAR(8) NOT NULL,
      mark_id VARCHAR(64) NOT NULL,
      quote TEXT NOT NULL,
      body TEXT NOT NULL,
      author_user_id INT UNSIGNED NOT NULL,
      resolved_at DATETIME(3) NULL,
      resolved_by_user_id INT UNSIGNED NULL,
      created_at DATETIME(3) NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      UNIQUE KEY uq_note_threads_mark (site_id, mark_id),
      KEY ix_note_threads_article (site_id, article_id, lang, id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE note_replies (
      id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      thread_id INT UNSIGNED NOT NULL,
      author_user_id INT UNSIGNED NOT NULL,
      body TEXT NOT NULL,
      created_at DATETIME(3) NOT NULL,
      KEY ix_note_replies_thread (thread_id, id)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE article_feedback (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      site_id INT UNSIGNED NOT NULL,
      article_id INT UNSIGNED NOT NULL,
      lang VARCHAR(8) NOT NULL,
      rating VARCHAR(16) NOT NULL,
      message TEXT NULL,
      created_at DATETIME(3) NOT NULL,
      KEY ix_article_feedback_site_time (site_id, created_at),
      KEY ix_article_feedback_article (site_id, article_id, created_at)
    ) ${TABLE}`);
    await q.query(`CREATE TABLE interface_text_overrides (
      site_id INT UNSIGNED NOT NULL,
      lang VARCHAR(8) NOT NULL,
      text_key VARCHAR(64) NOT NULL,
      text TEXT NOT NULL,
      updated_at DATETIME(3) NOT NULL,
      PRIMARY KEY (site_id, lang, text_key)
    ) ${TABLE}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'interface_text_overrides',
      'article_feedback',
      'note_replies',
      'note_threads',
      'comment_emails',
      'comment_settings',
      'comments',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
