import { AddColumnsMigration } from './ddl';

/**
 * Outdated translations (issue #25 item 3): a released language is marked when the default
 * language's title or content changes, and cleared when its own title or content is written.
 */
export class OutdatedTranslations1764740000000 extends AddColumnsMigration {
  name = 'OutdatedTranslations1764740000000';

  protected columns = {
    article_translations: { outdated: 'TINYINT(1) NOT NULL DEFAULT 0' },
  };
}
