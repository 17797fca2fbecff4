import type { ResponseTable } from '@hc/http';
import { answers, arr, obj, ok, str, strings, success } from '@hc/http';
import { badRequest, validation } from '../http/answers.schema';
import type { SearchController } from './search.controller';

/** `{status, lang, groups}`: a language's synonym groups as stored (folded). */
const SYNONYMS = answers<SearchController, 'read'>()(
  obj({ status: success, lang: str, groups: arr(strings) }),
  true,
);
answers<SearchController, 'replace'>()(SYNONYMS, true);

export const SEARCH_RESPONSES: ResponseTable = {
  SearchController_read: {
    200: ok(
      'Synonym groups of one language (issue 40): words folded (lower case, no accents).',
      SYNONYMS,
    ),
    400: badRequest,
  },
  SearchController_replace: {
    200: ok('Synonym groups replaced; as stored (folded).', SYNONYMS),
    400: badRequest,
    422: validation,
  },
};
