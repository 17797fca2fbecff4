import { fails, ok, refused } from '@hc/http';
import { notFoundJson } from '../http/answers.schema';
import type { ResponseTable } from '@hc/http';
import { agrees, bool, emptyArray, formatB, ids, int, langMap, links, more } from '@hc/http';
import { answers, arr, map, nullable, obj, oneOf, oneOfStr, partial, refTo, str } from '@hc/http';
import { any, strings, success } from '@hc/http';
import { article, VISIBILITY } from '../articles/article.schema';
import type { StagedController } from './staged.controller';
import type { StagedResponse } from './staged.mapper';
import type { Change } from './staged-model';

/** Where example links point. */
export const API_EXAMPLE = 'https://api.example.com/v1';

/** A language map whose values may be null. */
const clearableMap = more(map(nullable(str)), { examples: langMap.examples });

/** The `StagedCopy` component: what `toStagedResponse` returns, held against its type. */
export const STAGED_COPY_SCHEMA = agrees<StagedResponse>()(
  more(
    obj({
      article_id: int,
      locale: str,
      fields: oneOf(
        partial({
          title: nullable(str),
          content: nullable(str),
          slug: nullable(str),
          audio_file: nullable(str),
          has_custom_slug: bool,
        }),
        emptyArray,
      ),
      shared: oneOf(
        partial({
          category_id: nullable(int),
          categories: ids,
          visibility: oneOfStr(...VISIBILITY),
          type: oneOfStr('article', 'faq'),
          author_id: nullable(int),
          shared_with: ids,
          // A null clears that language's value at publish (spec 4.5).
          metadata: partial({ title: clearableMap, description: clearableMap }),
        }),
        emptyArray,
      ),
      release_translation: bool,
      etag: str,
      shared_etag: nullable(str),
      updated_at: formatB,
      _links: links('publish', 'discard', 'compare'),
    }),
    {
      examples: [
        {
          article_id: 12,
          locale: 'en',
          fields: { title: 'Getting started, revised' },
          shared: [],
          release_translation: false,
          etag: 'f5c6fb422349367bce2ba0597e2384b1',
          shared_etag: null,
          updated_at: '2026-01-31T09:30:00+00:00',
          _links: {
            publish: { method: 'POST', url: `${API_EXAMPLE}/articles/12/staged/publish?locale=en` },
            discard: { method: 'DELETE', url: `${API_EXAMPLE}/articles/12/staged?locale=en` },
            compare: { method: 'GET', url: `${API_EXAMPLE}/articles/12/staged/compare?locale=en` },
          },
        },
      ],
    },
  ),
  true,
);

const stagedCopy = refTo('StagedCopy', STAGED_COPY_SCHEMA);

/** The `FieldChange` component: one field of a compare (`Change` of staged-model.ts). */
export const FIELD_CHANGE_SCHEMA = agrees<Change>()(
  obj(
    {
      field: str,
      live: any,
      staged: any,
      version: any,
      old: any,
      new: any,
      diff: arr(obj({ op: oneOfStr('equal', 'delete', 'insert'), text: str })),
    },
    ['live', 'staged', 'version', 'diff'],
  ),
  true,
);

const comparison = obj({
  article_id: int,
  locale: str,
  base_changed: bool,
  changes: arr(refTo('FieldChange', FIELD_CHANGE_SCHEMA)),
  _links: links('publish', 'discard', 'compare'),
});

/** The success bodies of the staged routes, held against what their handlers return. */
export const STAGED_ANSWERS = {
  get: answers<StagedController, 'get'>()(
    obj({ status: success, staged: oneOf(stagedCopy, arr(stagedCopy)) }),
    true,
  ),
  compare: answers<StagedController, 'compare'>()(
    obj({ status: success, comparison, comparisons: arr(comparison) }, [
      'comparison',
      'comparisons',
    ]),
    true,
  ),
  stage: answers<StagedController, 'stage'>()(
    obj({ status: success, staged: nullable(stagedCopy), message: str }, ['message']),
    true,
  ),
  discard: answers<StagedController, 'discard'>()(
    obj({ status: success, discarded: int, article }),
    true,
  ),
  publish: answers<StagedController, 'publish'>()(
    obj({ status: success, published_locales: strings, article }),
    true,
  ),
};

const stagingRefused = fails(
  'Staged changes not in the plan (`STAGING_UNAVAILABLE`), or notes/team access refused.',
);

/** The answers of these routes in the OpenAPI document (errors and examples included). */
export const STAGED_RESPONSES: ResponseTable = {
  StagedController_get: {
    200: ok(
      'With `locale` one staged copy, else `staged` lists them by language code.',
      STAGED_ANSWERS.get,
    ),
    404: notFoundJson('This article has no staged changes.'),
  },
  StagedController_compare: {
    200: ok(
      'Live and staged values side by side with a word diff: `comparison` with `locale`, else ' +
        '`comparisons`, one per staged language.',
      STAGED_ANSWERS.compare,
      {
        status: 'success',
        comparison: {
          article_id: 12,
          locale: 'en',
          base_changed: false,
          changes: [{ field: 'audio_file', old: null, new: null }],
          _links: {
            publish: { method: 'POST', url: `${API_EXAMPLE}/articles/12/staged/publish?locale=en` },
            discard: { method: 'DELETE', url: `${API_EXAMPLE}/articles/12/staged?locale=en` },
            compare: { method: 'GET', url: `${API_EXAMPLE}/articles/12/staged/compare?locale=en` },
          },
        },
      },
    ),
    404: notFoundJson('This article has no staged changes for that language.'),
  },
  StagedController_stage: {
    200: ok(
      'Staged (`staged` null with a message when the values equal the live article).',
      STAGED_ANSWERS.stage,
    ),
    403: stagingRefused,
    409: fails('`STALE_ETAG` with `scope` and the current `etag`.', 'ErrorBody', {
      status: 'error',
      code: 'STALE_ETAG',
      message: 'The staged copy changed since this etag was read.',
      scope: 'locale',
      etag: 'f5c6fb422349367bce2ba0597e2384b1',
    }),
    422: refused('Invalid fields, or `change_set_id` (`CHANGE_SETS_UNAVAILABLE`).'),
  },
  StagedController_discard: {
    200: ok('Staged languages discarded.', STAGED_ANSWERS.discard),
    404: notFoundJson('This article has no staged changes to discard.'),
  },
  StagedController_publish: {
    200: ok('Staged languages published.', STAGED_ANSWERS.publish),
    409: fails('`BASE_CHANGED`: the live article changed since staging; retry with `force`.'),
    422: refused('Nothing staged, no title left, author not on the team, or a foreign category.'),
  },
};
