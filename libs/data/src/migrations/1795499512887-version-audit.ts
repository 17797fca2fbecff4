import { AddColumnsMigration } from './ddl';

/**
 * Issue 24 item 3: an article version remembers the audit entry of the write that replaced it
 * (a staged publish or a version restore), so its reads can name who did it. The id is the
 * outbox event's, which becomes `audit_entries.id`.
 */
export class VersionAudit1795499512887 extends AddColumnsMigration {
  name = 'VersionAudit1795499512887';

  protected columns = {
    article_versions: { audit_id: 'BIGINT UNSIGNED NULL' },
  };
}
