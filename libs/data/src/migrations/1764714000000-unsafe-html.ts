import { AddColumnsMigration } from './ddl';

/**
 * Issue #14: reader pages sanitize stored HTML unless the operator allowed unsafe HTML for the
 * site (`hc site update --allow-unsafe-html`, off by default).
 */
export class UnsafeHtml1764714000000 extends AddColumnsMigration {
  name = 'UnsafeHtml1764714000000';

  protected columns = {
    sites: { allow_unsafe_html: 'TINYINT(1) NOT NULL DEFAULT 0 AFTER template_editor' },
  };
}
