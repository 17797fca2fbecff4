/**
 * The answers of every content-api operation in the OpenAPI document (issue 21): the resource
 * objects of spec 2 as component schemas, and per operation id each status the spec names with
 * its body. Objects the spec leaves "fields: not shown" (account, comment, change set,
 * translations, export, analytics) are described as this product answers them. Merged into
 * docs/openapi.json by `npm run openapi`; every answer the e2e suite receives is checked against
 * it. A change to a response shape changes this file in the same commit.
 */
import type { ResponseTable, Schema } from '@hc/http';
// The schemas of values, then the answers made of them (libs/http/src/openapi-schema.ts).
import { any, arr, constant, int, map, nullable, obj, oneOfStr } from '@hc/http';
import { bulkBody, dryRun, PAGE_META, ref, str, strings, success } from '@hc/http';
import { fails, ok, refused } from '@hc/http';
import { AUDIT_RESPONSES, VERSION_SCHEMA } from './audit/audit.schema';
import { VERSION_RESPONSES } from './versions/versions.schema';
import { CHANGE_SET_RESPONSES, CHANGE_SET_SCHEMAS } from './change-sets/change-sets.schema';
import { ANALYTICS_RESPONSES } from './analytics/analytics.schema';
import { EXPORT_RESPONSES } from './export/export.schema';
import { badRequest, CONFIRMATION, htmlNotFound } from './http/answers.schema';
import { invalidRedirect, notFoundJson, pagedExample, validation } from './http/answers.schema';
import { SITE_SCHEMA, SITES_RESPONSES } from './sites/sites.schema';
import { IMAGE_RESPONSES, IMAGE_SCHEMAS } from './images/images.schema';
import { EXPORT_JOB_RESPONSES } from './export-jobs/export-jobs.schema';
import { COMMENT_RESPONSES, COMMENT_SCHEMAS } from './comments/comments.schema';
import { FEEDBACK_RESPONSES } from './feedback/feedback.schema';
import { NOTE_RESPONSES, NOTE_THREAD_SCHEMA } from './notes/notes.schema';
import { WEBHOOK_RESPONSES, WEBHOOK_SCHEMAS } from './webhooks/webhooks.schema';
import { ROOT_RESPONSES } from './root/root.schema';
import { SESSION_RESPONSES } from './session/session.schema';
import { ACCOUNT_RESPONSES } from './account/account.schema';
import { TRANSLATIONS_RESPONSES } from './translations/translations.schema';
import { SEARCH_RESPONSES } from './search/search.schema';
import { reviewAnswers } from './review/review.schema';
import { TEAM_RESPONSES } from './team/team.responses';
import { ARTICLE_ANSWER, ARTICLE_ANSWERS, ARTICLE_SCHEMA } from './articles/article.schema';
import { articleExample } from './articles/article.schema';
import { DASHBOARD_ARTICLE_ANSWERS } from './dashboard/dashboard-articles.schema';
import { handoffAnswer } from './previews/previews.schema';
import { CATEGORY_ANSWER, CATEGORY_ANSWERS, CATEGORY_SCHEMA } from './categories/category.schema';
import { categoryExample } from './categories/category.schema';
import { API_EXAMPLE, FIELD_CHANGE_SCHEMA, STAGED_ANSWERS } from './staged/staged.schema';
import { STAGED_COPY_SCHEMA } from './staged/staged.schema';

/** The resource objects of spec 2 and the product's own objects, as `components.schemas`. */
export const CONTENT_SCHEMAS: Record<string, Schema> = {
  PageMeta: PAGE_META,
  Site: SITE_SCHEMA,
  Article: ARTICLE_SCHEMA,
  RehostSummary: obj({
    rehosted: int,
    reused: int,
    failed: arr(obj({ src: str, reason: str })),
    failed_count: int,
  }),
  Category: CATEGORY_SCHEMA,
  ...IMAGE_SCHEMAS,
  ...COMMENT_SCHEMAS,
  NoteThread: NOTE_THREAD_SCHEMA,
  ...WEBHOOK_SCHEMAS,
  StagedCopy: STAGED_COPY_SCHEMA,
  FieldChange: FIELD_CHANGE_SCHEMA,
  ArticleVersion: VERSION_SCHEMA,
  ...CHANGE_SET_SCHEMAS,
};

CONTENT_SCHEMAS.BulkArticlesAnswer = bulkBody(
  ['created', 'updated'],
  {
    article: { anyOf: [ref('Article'), ref('DryRunArticle')] },
    images: nullable(ref('RehostSummary')),
  },
  [
    {
      external_id: any,
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
);
CONTENT_SCHEMAS.DryRunArticle = dryRun(
  CONTENT_SCHEMAS.Article,
  { id: { type: 'null' }, _links: obj({ view: obj({ method: str, url: { type: 'null' } }) }) },
  'An article a dry run of POST /articles/bulk would create: no id or reader URL yet.',
);
// Success bodies several operations give, once as component schemas.
Object.assign(CONTENT_SCHEMAS, {
  Confirmation: CONFIRMATION,
  ArticleAnswer: ARTICLE_ANSWER,
  CategoryAnswer: CATEGORY_ANSWER,
});
const articleWrite = (extra: Record<string, Schema> = {}) =>
  obj({ status: success, ...extra, article: ref('Article'), images: ref('RehostSummary') }, [
    'images',
  ]);

// Error answers of spec 7 used by several operations.
const stagingRefused = fails(
  'Staged changes not in the plan (`STAGING_UNAVAILABLE`), or notes/team access refused.',
);

export const CONTENT_RESPONSES: ResponseTable = {
  ...TEAM_RESPONSES,
  ArticlesController_create: {
    201: ok('Created (`action` = `created`).', articleWrite({ action: constant('created') }), {
      status: 'success',
      action: 'created',
      article: { ...articleExample, type: null, views: null },
    }),
    200: ok(
      'Upsert by `external_id` updated the article (`action` = `updated`).',
      articleWrite({ action: constant('updated') }),
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
      ref('BulkArticlesAnswer'),
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
    200: ok('One article.', ref('ArticleAnswer'), {
      status: 'success',
      article: articleExample,
    }),
  },
  ArticlesController_update: {
    200: ok('Only the fields sent changed.', articleWrite()),
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
  DashboardArticlesController_act: {
    200: ok(
      'What was done: the articles updated (or already as asked) and those that failed.',
      DASHBOARD_ARTICLE_ANSWERS.act,
      {
        status: 'success',
        data: { updated: [12, 14], failed: [{ id: 99, message: 'Article not found.' }] },
      },
    ),
    422: validation,
  },
  DashboardArticlesController_release: {
    200: ok('The language is released to readers.', ref('ArticleAnswer'), {
      status: 'success',
      article: { ...articleExample, revision: 5 },
    }),
    404: fails('No such article, or it has no translation in that language.'),
  },
  PreviewsController_create: {
    201: handoffAnswer('the preview'),
    404: fails('No such article or translation, or (`staged`) nothing staged for the language.'),
    422: validation,
  },
  PreviewsController_createDesign: {
    201: handoffAnswer('the design draft'),
    403: fails('`design_forbidden`: the person’s role does not include the design.'),
    422: validation,
  },
  TrashController_list: {
    200: ok(
      'The Trash, most recently trashed first; each article with `deleted_at`.',
      DASHBOARD_ARTICLE_ANSWERS.trash,
      {
        status: 'success',
        articles: [{ ...articleExample, revision: 6, deleted_at: '2026-01-31T09:30:00+00:00' }],
        meta: { page: 1, per_page: 25, total_pages: 1, items_count: 1 },
      },
    ),
    422: validation,
  },
  TrashController_restore: {
    200: ok('Restored to its previous status.', ref('ArticleAnswer'), {
      status: 'success',
      article: { ...articleExample, revision: 7 },
    }),
  },
  TrashController_purge: {
    200: ok('Deleted for good.', DASHBOARD_ARTICLE_ANSWERS.purge, {
      status: 'success',
      message: 'The article was deleted for good.',
      id: 12,
    }),
  },
  TrashController_empty: {
    200: ok('Every trashed article is deleted for good.', DASHBOARD_ARTICLE_ANSWERS.empty, {
      status: 'success',
      message: 'The Trash was emptied.',
      deleted: 3,
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
  CategoriesController_list: {
    200: ok(
      'Categories (no guaranteed order: sort by parent and position).',
      CATEGORY_ANSWERS.list,
      pagedExample('categories', categoryExample),
    ),
    302: invalidRedirect,
    422: validation,
  },
  CategoriesController_create: {
    201: ok('Created.', ref('CategoryAnswer'), {
      status: 'success',
      category: categoryExample,
    }),
    422: validation,
  },
  CategoriesController_update: {
    200: ok('Changed.', ref('CategoryAnswer')),
    404: htmlNotFound,
    422: validation,
  },
  CategoriesController_remove: {
    200: ok('Deleted; articles and children moved as `on_orphan` says.', CATEGORY_ANSWERS.remove),
    404: htmlNotFound,
    409: fails('The category holds articles or children: choose `on_orphan`.'),
    422: validation,
  },
  CategoriesController_reorder: {
    200: ok('Order saved.', CATEGORY_ANSWERS.reorder),
    422: validation,
  },
  CategoriesController_reorderArticles: {
    200: ok('Custom article order saved (no event).', CATEGORY_ANSWERS.reorderArticles),
    404: htmlNotFound,
    422: validation,
  },
  ...ROOT_RESPONSES,
  ...VERSION_RESPONSES,
  ...CHANGE_SET_RESPONSES,
  ...ANALYTICS_RESPONSES,
  ...EXPORT_RESPONSES,
  ...AUDIT_RESPONSES,
  ...IMAGE_RESPONSES,
  ...EXPORT_JOB_RESPONSES,
  ...FEEDBACK_RESPONSES,
  ...COMMENT_RESPONSES,
  ...NOTE_RESPONSES,
  ...WEBHOOK_RESPONSES,
  ...SITES_RESPONSES,
  ...SESSION_RESPONSES,
  ...ACCOUNT_RESPONSES,
  ...TRANSLATIONS_RESPONSES,
  ...SEARCH_RESPONSES,
  ...reviewAnswers(validation),
};
