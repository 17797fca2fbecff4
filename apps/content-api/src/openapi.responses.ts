/**
 * The answers of every content-api operation in the OpenAPI document (issue 21), gathered: each
 * folder declares its components and answers beside its mappers (`<folder>/*.schema.ts`), held
 * by the compiler against what its mappers and handlers return (`agrees`, `answers` of @hc/http;
 * docs/decisions/response-schemas-from-mappers.md); the error answers several folders share are
 * in `http/answers.schema.ts`. Merged into docs/openapi.json by `npm run openapi`; every answer
 * the e2e suite receives is checked against it.
 */
import type { ResponseTable, Schema } from '@hc/http';
import { PAGE_META } from '@hc/http';
import { ACCOUNT_RESPONSES } from './account/account.schema';
import { ANALYTICS_RESPONSES } from './analytics/analytics.schema';
import { ARTICLE_RESPONSES, ARTICLE_SCHEMAS } from './articles/article.schema';
import { AUDIT_RESPONSES, VERSION_SCHEMA } from './audit/audit.schema';
import { CATEGORY_ANSWER, CATEGORY_RESPONSES, CATEGORY_SCHEMA } from './categories/category.schema';
import { CHANGE_SET_RESPONSES, CHANGE_SET_SCHEMAS } from './change-sets/change-sets.schema';
import { COMMENT_RESPONSES, COMMENT_SCHEMAS } from './comments/comments.schema';
import { DASHBOARD_ARTICLE_RESPONSES } from './dashboard/dashboard-articles.schema';
import { EXPORT_JOB_RESPONSES } from './export-jobs/export-jobs.schema';
import { EXPORT_RESPONSES } from './export/export.schema';
import { FEEDBACK_RESPONSES } from './feedback/feedback.schema';
import { CONFIRMATION, validation } from './http/answers.schema';
import { IMAGE_RESPONSES, IMAGE_SCHEMAS } from './images/images.schema';
import { NOTE_RESPONSES, NOTE_THREAD_SCHEMA } from './notes/notes.schema';
import { PREVIEW_RESPONSES } from './previews/previews.schema';
import { reviewAnswers } from './review/review.schema';
import { ROOT_RESPONSES } from './root/root.schema';
import { SEARCH_RESPONSES } from './search/search.schema';
import { SESSION_RESPONSES } from './session/session.schema';
import { SITE_SCHEMA, SITES_RESPONSES } from './sites/sites.schema';
import { FIELD_CHANGE_SCHEMA, STAGED_COPY_SCHEMA, STAGED_RESPONSES } from './staged/staged.schema';
import { TEAM_RESPONSES } from './team/team.responses';
import { TRANSLATIONS_RESPONSES } from './translations/translations.schema';
import { VERSION_RESPONSES } from './versions/versions.schema';
import { WEBHOOK_RESPONSES, WEBHOOK_SCHEMAS } from './webhooks/webhooks.schema';

/**
 * The resource objects of spec 2, the product's own objects and the success bodies several
 * operations share, as `components.schemas`; each is declared beside its mapper.
 */
export const CONTENT_SCHEMAS: Record<string, Schema> = {
  PageMeta: PAGE_META,
  Site: SITE_SCHEMA,
  Article: ARTICLE_SCHEMAS.Article,
  RehostSummary: ARTICLE_SCHEMAS.RehostSummary,
  Category: CATEGORY_SCHEMA,
  ...IMAGE_SCHEMAS,
  ...COMMENT_SCHEMAS,
  NoteThread: NOTE_THREAD_SCHEMA,
  ...WEBHOOK_SCHEMAS,
  StagedCopy: STAGED_COPY_SCHEMA,
  FieldChange: FIELD_CHANGE_SCHEMA,
  ArticleVersion: VERSION_SCHEMA,
  ...CHANGE_SET_SCHEMAS,
  BulkArticlesAnswer: ARTICLE_SCHEMAS.BulkArticlesAnswer,
  DryRunArticle: ARTICLE_SCHEMAS.DryRunArticle,
  Confirmation: CONFIRMATION,
  ArticleAnswer: ARTICLE_SCHEMAS.ArticleAnswer,
  CategoryAnswer: CATEGORY_ANSWER,
};

export const CONTENT_RESPONSES: ResponseTable = {
  ...TEAM_RESPONSES,
  ...ARTICLE_RESPONSES,
  ...DASHBOARD_ARTICLE_RESPONSES,
  ...PREVIEW_RESPONSES,
  ...STAGED_RESPONSES,
  ...CATEGORY_RESPONSES,
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
