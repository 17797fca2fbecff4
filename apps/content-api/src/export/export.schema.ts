import type { ResponseTable } from '@hc/http';
import { answers, arr, bool, formatB, int, nullable, obj, ok, success } from '@hc/http';
import { article } from '../articles/article.schema';
import { category } from '../categories/category.schema';
import { validation } from '../http/answers.schema';
import type { ExportController } from './export.controller';

/** The answer of the export walk (issue 27), held against its handler. */
export const EXPORT_RESPONSES: ResponseTable = {
  ExportController_page: {
    200: ok(
      'One page of the export walk (categories on the first page only).',
      answers<ExportController, 'page'>()(
        obj(
          {
            status: success,
            snapshot: obj({ generated_at: formatB }),
            categories: arr(category),
            articles: arr(article),
            cursor: obj({ next: nullable(int), has_more: bool }),
          },
          ['categories'],
        ),
        true,
      ),
    ),
    422: validation,
  },
};
