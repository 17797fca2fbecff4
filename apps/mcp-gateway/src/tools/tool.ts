import type { ApiRoute } from '@hc/client';
import type { RestRequest } from './rest-client';
import type { Shape, z } from './schema';

/** read: changes nothing; write: changes; destructive: discards or replaces (spec 4.14 table). */
export type ToolKind = 'read' | 'write' | 'destructive';

export type Args<S extends Shape> = z.infer<z.ZodObject<S>>;

/** One tool of the 4.14 table: its schema, and the one REST call behind it. */
export interface ToolDefinition<S extends Shape = Shape> {
  /** Without the `kb_` prefix. */
  suffix: string;
  title: string;
  description: string;
  kind: ToolKind;
  input: S;
  request(args: Args<S>): RestRequest;
  /** A list tool (rule 3): where the items are in the API response. */
  listKey?: string;
  /** Counts toward the 6 analytics requests per minute (rule 11). */
  analytics?: boolean;
  /** Markdown summary of a read tool's response (rule 2), without article bodies. */
  markdown?(body: ApiBody, args: Args<S>): string;
}

/** An API response body: JSON read field by field, shape per endpoint (the spec is the type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON from the API, read defensively
export type ApiBody = Record<string, any>;

/** Keeps each tool's schema and handler types together in the registry. */
export function defineTool<S extends Shape>(def: ToolDefinition<S>): ToolDefinition<S> {
  return def;
}

/** The REST call on one resource: `route`, the values of its path's parameters, query or body. */
export function onResource(
  route: ApiRoute,
  pathParams: NonNullable<RestRequest['pathParams']>,
  more: Pick<RestRequest, 'query' | 'body'> = {},
): RestRequest {
  return { ...route, pathParams, ...more };
}

/**
 * The PATCH of one resource (`route`, whose path has `{id}`) by the `id` argument; the other
 * arguments are the body.
 */
export const patchById =
  (route: ApiRoute) =>
  ({ id, ...body }: { id: number }): RestRequest =>
    onResource(route, { id }, { body });

/**
 * A call on one article's sub-resource (`route`, whose path has `{articleId}`) by the
 * `article_id` argument; the other arguments are the body.
 */
export const articleBody =
  (route: ApiRoute) =>
  ({ article_id: articleId, ...body }: { article_id: number }): RestRequest =>
    onResource(route, { articleId }, { body });

/** Rule 11: analytics tools share 6 requests per minute per credential. */
export interface AnalyticsBudget {
  /** False when the credential has used its 6 this minute. */
  take(): Promise<boolean>;
}
