// The shapes the dashboard works with, from the OpenAPI document (docs/openapi.json) through
// @hc/client: every session route of the dashboard contract is documented there.
import type { components, paths } from '@hc/client';

export type Article = components['schemas']['Article'] & { revision?: number };
export type Category = components['schemas']['Category'];
export type PageMeta = components['schemas']['PageMeta'];

/** The person, the session's CSRF token and their sites (GET /v1/session). */
export type Session =
  paths['/v1/session']['get']['responses'][200]['content']['application/json']['data'];
export type SessionSite = Session['sites'][number];
export type Role = SessionSite['role'];

/** A multi-select action of the articles list (POST /v1/dashboard/articles/actions). */
export type BulkAction = components['schemas']['ArticleActionsDto']['action'];

/** The spec's error shape (the `code` where the API names one). */
export interface ApiError {
  status: 'error';
  code?: string;
  message: string;
  errors?: Record<string, string[]>;
}
