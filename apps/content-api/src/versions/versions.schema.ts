import type { ResponseTable } from '@hc/http';
import { answers, arr, fails, int, obj, ok, refTo, str, success } from '@hc/http';
import { ARTICLE_ANSWER } from '../articles/article.schema';
import { VERSION_SCHEMA } from '../audit/audit.schema';
import { FIELD_CHANGE_SCHEMA } from '../staged/staged.schema';
import type { VersionsController } from './versions.controller';

const version = refTo('ArticleVersion', VERSION_SCHEMA);
answers<VersionsController, 'restore'>()(ARTICLE_ANSWER, true);

/** The answers of an article's versions (spec 4.5), held against their handlers. */
export const VERSION_RESPONSES: ResponseTable = {
  VersionsController_list: {
    200: ok(
      'Versions, newest first.',
      answers<VersionsController, 'list'>()(obj({ status: success, versions: arr(version) }), true),
    ),
  },
  VersionsController_compare: {
    200: ok(
      'The version against the live article.',
      answers<VersionsController, 'compare'>()(
        obj({
          status: success,
          comparison: obj(
            {
              article_id: int,
              version,
              to: version,
              locale: str,
              changes: arr(refTo('FieldChange', FIELD_CHANGE_SCHEMA)),
            },
            ['to'],
          ),
        }),
        true,
      ),
    ),
  },
  VersionsController_restore: {
    200: ok('Live at once.', refTo('ArticleAnswer', ARTICLE_ANSWER)),
    500: fails('The version’s category was deleted (spec 7).', 'ServerErrorBody'),
  },
};
