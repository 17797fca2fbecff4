import { fails, ok, refused } from '@hc/http';
import { badRequest, htmlNotFound, invalidRedirect } from '../http/answers.schema';
import { pagedExample, validation } from '../http/answers.schema';
import type { ResponseTable } from '@hc/http';
import { agrees, answers, bool, confirmation, formatA, formatB, id, ids, int } from '@hc/http';
import { langMap, links, more, nullable, obj, oneOfStr, pagedBody, refTo } from '@hc/http';
import { anyOf, arr, bulkBody, constant, dryRun, map, nil, oneOf } from '@hc/http';
import type { Schema } from '@hc/http';
import { str, strings, success } from '@hc/http';
import type { ListedArticle } from './article.mapper';
import type { RehostSummary } from './image-rehoster';
import type { ArticlesController } from './articles.controller';

export const VISIBILITY = ['public', 'private', 'link_only'] as const;

/** An author or a note's writer: `{id, name, avatar}`. */
export const PERSON = obj({ id: int, name: str, avatar: nullable(str) });
export const RATINGS = obj({ thumbs_up: int, thumbs_down: int, love: int });

export const articleExample = {
  id: 12,
  external_id: null,
  title: { en: 'Getting started', de: 'Erste Schritte' },
  slug: { en: 'getting-started', de: 'erste-schritte' },
  content: { en: '<p>Welcome.</p>', de: '<p>Willkommen.</p>' },
  author: { id: 4, name: 'Ann', avatar: null },
  category_id: 3,
  categories: [3],
  type: 'article',
  published: true,
  has_staged_changes: false,
  staged_locales: [],
  staged_updated_at: null,
  visibility: 'public',
  share_token: null,
  views: 0,
  audio_file: null,
  metadata: { title: {}, description: {} },
  ratings: { thumbs_up: 0, thumbs_down: 0, love: 0 },
  published_translations: ['en', 'de'],
  outdated_translations: [],
  shared_with: [],
  created_at: '2026-01-31 09:30:00',
  updated_at: '2026-01-31 09:30:00',
  _links: { view: { method: 'GET', url: 'https://acme.example.com/articles/12-getting-started' } },
};

/**
 * The `Article` component of the OpenAPI document: what `toArticleResponse` and
 * `toListedArticle` return, held against their type by the compiler (issue 35 item 6).
 */
export const ARTICLE_SCHEMA = agrees<ListedArticle>()(
  more(
    obj(
      {
        id,
        external_id: nullable(str),
        title: langMap,
        slug: langMap,
        content: langMap,
        author: nullable(PERSON),
        category_id: nullable(int),
        categories: ids,
        type: nullable(oneOfStr('article', 'faq')),
        published: bool,
        has_staged_changes: bool,
        staged_locales: strings,
        staged_updated_at: nullable(formatB),
        visibility: oneOfStr(...VISIBILITY),
        share_token: nullable(str),
        views: nullable(int),
        audio_file: nullable(str),
        metadata: obj({ title: langMap, description: langMap }),
        ratings: RATINGS,
        published_translations: strings,
        outdated_translations: strings,
        shared_with: ids,
        created_at: formatA,
        updated_at: formatA,
        _links: links('view'),
        revision: int,
        deleted_at: formatB,
      },
      ['revision', 'deleted_at'],
    ),
    {
      description:
        'Spec 2.3. `type` and `views` are null in the response to a create. A dashboard session ' +
        '(issue 37) reads the stored HTML (internal notes, AI drafts and team-note highlights ' +
        'kept) and gets `revision`, which grows by one with every write of the article.',
      examples: [articleExample],
    },
  ),
  true,
);

export const article = refTo('Article', ARTICLE_SCHEMA);

/** `{status, article}`: the answer of one article (`ArticleAnswer`). */
export const ARTICLE_ANSWER = answers<ArticlesController, 'get'>()(
  obj({ status: success, article }),
  true,
);

/** The success bodies of the articles' routes, held against what their handlers return. */
export const ARTICLE_ANSWERS = {
  list: answers<ArticlesController, 'list'>()(pagedBody('articles', article), true),
  remove: answers<ArticlesController, 'remove'>()(
    confirmation({ article: obj({ id, deleted_at: formatB }) }),
    true,
  ),
};

/** What `rehost_images` did (the `RehostSummary` component). */
export const REHOST_SUMMARY = agrees<RehostSummary>()(
  obj({
    rehosted: int,
    reused: int,
    failed: arr(obj({ src: str, reason: str })),
    failed_count: int,
  }),
  true,
);
const rehosted = refTo('RehostSummary', REHOST_SUMMARY);

/** `{status, …extra, article, images?}`: the answer of a create or a change. */
const articleWrite = <E extends Record<string, Schema<unknown>>>(extra: E) =>
  obj({ status: success, ...extra, article, images: rehosted }, ['images']);
const created = articleWrite({ action: constant('created') });
const updated = articleWrite({ action: constant('updated') });
// The create's one answer, 201 `created` or 200 `updated`: each status gets its half.
answers<ArticlesController, 'create'>()(oneOf(created, updated), true);

const DRY_RUN_ARTICLE = dryRun(
  ARTICLE_SCHEMA,
  { id: nil, _links: obj({ view: obj({ method: str, url: nil }) }) },
  'An article a dry run of POST /articles/bulk would create: no id or reader URL yet.',
);

const BULK_ARTICLES = answers<ArticlesController, 'createMany'>()(
  bulkBody(
    ['created', 'updated'],
    {
      article: anyOf(article, refTo('DryRunArticle', DRY_RUN_ARTICLE)),
      images: nullable(rehosted),
    },
    [
      {
        external_id: str,
        error: obj(
          {
            code: oneOfStr(
              'invalid_item',
              'validation_error',
              'invalid_argument',
              'external_id_busy',
              'persist_failed',
            ),
            message: str,
            errors: map(strings),
          },
          ['errors'],
        ),
      },
      ['external_id'],
    ],
  ),
  true,
);

export const ARTICLE_WRITES = {
  created,
  updated,
  update: answers<ArticlesController, 'update'>()(articleWrite({}), true),
  bulk: refTo('BulkArticlesAnswer', BULK_ARTICLES),
};

export const ARTICLE_SCHEMAS = {
  Article: ARTICLE_SCHEMA,
  RehostSummary: REHOST_SUMMARY,
  BulkArticlesAnswer: BULK_ARTICLES,
  DryRunArticle: DRY_RUN_ARTICLE,
  ArticleAnswer: ARTICLE_ANSWER,
};

/** The answers of these routes in the OpenAPI document (errors and examples included). */
export const ARTICLE_RESPONSES: ResponseTable = {
  ArticlesController_create: {
    201: ok('Created (`action` = `created`).', ARTICLE_WRITES.created, {
      status: 'success',
      action: 'created',
      article: { ...articleExample, type: null, views: null },
    }),
    200: ok(
      'Upsert by `external_id` updated the article (`action` = `updated`).',
      ARTICLE_WRITES.updated,
    ),
    400: refused('`title` required, unsupported language key, or another refused field (spec 7).', {
      status: 'error',
      code: 'validation_error',
      message: 'Unsupported language key "fr" provided.',
    }),
    422: validation,
    500: fails('Empty or blank title on create (spec 2.3 rule 4).', 'ServerErrorBody'),
  },
  ArticlesController_createMany: {
    207: ok(
      'One result per item; top-level `status` is `success` even when every item failed.',
      ARTICLE_WRITES.bulk,
    ),
    422: refused('More than 50 items, or no `articles` array.'),
  },
  ArticlesController_list: {
    200: ok(
      'Every non-Trash article, most recently updated first.',
      ARTICLE_ANSWERS.list,
      pagedExample('articles', articleExample),
    ),
    400: badRequest,
  },
  ArticlesController_get: {
    200: ok('One article.', refTo('ArticleAnswer', ARTICLE_ANSWER), {
      status: 'success',
      article: articleExample,
    }),
  },
  ArticlesController_update: {
    200: ok('Only the fields sent changed.', ARTICLE_WRITES.update),
    302: invalidRedirect,
    400: badRequest,
    404: htmlNotFound,
    409: fails(
      '`revision_conflict` (dashboard session, issue 37): the article changed since ' +
        '`base_revision`; `article` is the article as it is now.',
      'ErrorBody',
      {
        status: 'error',
        code: 'revision_conflict',
        message:
          'The article was changed since revision 3 (it is at revision 4). Compare, then save again from the current revision.',
        article: { ...articleExample, revision: 4 },
      },
    ),
    422: fails('Invalid fields (shape (c) of spec 7: no `status`).', 'PlainErrorBody', {
      message: 'The published field must be true or false.',
      errors: { published: ['The published field must be true or false.'] },
    }),
  },
  ArticlesController_remove: {
    200: ok('Moved to the Trash.', ARTICLE_ANSWERS.remove, {
      status: 'success',
      message: 'The article was moved to the Trash.',
      article: { id: 12, deleted_at: '2026-01-31T09:30:00+00:00' },
    }),
    404: htmlNotFound,
  },
};
