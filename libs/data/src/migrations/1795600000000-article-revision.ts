import { AddColumnsMigration } from './ddl';

/**
 * Article revisions (issue 37): a number that grows by one with every write of the article, so a
 * dashboard save names the revision it started from and a save over someone else's answers 409
 * `revision_conflict` instead of overwriting it.
 */
export class ArticleRevision1795600000000 extends AddColumnsMigration {
  name = 'ArticleRevision1795600000000';

  protected columns = {
    articles: { revision: 'INT UNSIGNED NOT NULL DEFAULT 1 AFTER shared_with' },
  };
}
