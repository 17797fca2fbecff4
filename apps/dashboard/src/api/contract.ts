// The session routes of the dashboard contract (docs/dashboard.md "Server contract") that the
// OpenAPI document does not list yet. The client is typed by `paths & ContractPaths`: once a
// route is in docs/openapi.json (npm run openapi), delete it here and the document's type wins.
import type { components, paths } from '@hc/client';

export type Article = components['schemas']['Article'] & { revision?: number };
export type Category = components['schemas']['Category'];
export type PageMeta = components['schemas']['PageMeta'];

/** The person, the session's CSRF token and their sites (GET /v1/session). */
export type Session =
  paths['/v1/session']['get']['responses'][200]['content']['application/json']['data'];
export type SessionSite = Session['sites'][number];
export type Role = SessionSite['role'];

export type BulkAction = 'trash' | 'publish' | 'unpublish' | 'set_category';

interface Json<T> {
  content: { 'application/json': T };
}
interface Op<Q, B, R> {
  parameters: { query?: Q; header?: never; path?: Record<string, number | string>; cookie?: never };
  requestBody?: B extends never ? never : Json<B>;
  responses: {
    200: { headers: { [name: string]: unknown } } & Json<R>;
    default: { headers: { [name: string]: unknown } } & Json<ApiError>;
  };
}
/** The spec's error shape (the `code` where the API names one). */
export interface ApiError {
  status: 'error';
  code?: string;
  message: string;
  errors?: Record<string, string[]>;
}

type Paging = { page?: number; limit?: number };
type ArticlePage = { status: 'success'; articles: Article[]; meta: PageMeta };
type Done = { status: 'success'; message?: string };

export interface ContractPaths {
  '/v1/dashboard/articles/actions': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: Op<
      never,
      { action: BulkAction; ids: number[]; category_id?: number | null },
      {
        status: 'success';
        data: { updated: number[]; failed: { id: number; message: string }[] };
      }
    >;
  };
  '/v1/trash': {
    parameters: { query?: Paging; header?: never; path?: never; cookie?: never };
    get: Op<Paging, never, ArticlePage>;
    delete: Op<never, never, Done>;
  };
  '/v1/trash/{id}': {
    parameters: { query?: never; header?: never; path: { id: number }; cookie?: never };
    delete: Op<never, never, Done>;
  };
  '/v1/trash/{id}/restore': {
    parameters: { query?: never; header?: never; path: { id: number }; cookie?: never };
    post: Op<never, never, Done>;
  };
}
