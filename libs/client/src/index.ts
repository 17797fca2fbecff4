import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

import type { webhooks } from './schema';

export type { components, operations, paths, webhooks } from './schema';

/** An event of the document's `webhooks` section (spec 6): `'article.updated'` … */
export type WebhookEvent = keyof webhooks;

/**
 * The body the platform POSTs to a webhook for `E` (issue 36), typed from the document:
 * `WebhookBodyOf<'article.updated'>['data']['visibility']`. Verify the signature over the raw
 * body first (`@hc/contracts`' `verifyWebhookSignature`).
 */
export type WebhookBodyOf<E extends WebhookEvent> = NonNullable<
  webhooks[E]['post']
>['requestBody']['content']['application/json'];

/** The typed client: `client.GET('/v1/articles/{id}', { params: { path: { id: 12 } } })`. */
export type ApiClient = Client<paths>;

/** Every path of the document, with the `/v1` prefix (`/v1/articles/{id}`). */
export type ApiPath = keyof paths;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The methods the document lists for a path (`'get' | 'patch' | 'delete'` for an article). */
export type MethodsOf<P extends ApiPath> = {
  [M in HttpMethod]: paths[P][M] extends undefined ? never : M;
}[HttpMethod];

/** A method and path pair that exists in the document; anything else fails to compile. */
export type ApiRoute = { [P in ApiPath]: { method: MethodsOf<P>; path: P } }[ApiPath];

export interface ApiClientOptions {
  /** The API origin, e.g. `https://help.example.com` (the document's paths start with /v1). */
  origin: string;
  /** An API key, sent as the `apikey` header. */
  apiKey?: string;
  /** An OAuth access token, sent as `Authorization: Bearer`. */
  token?: string;
  /** The site to act on (`X-Service-Site`), for credentials that reach several sites. */
  siteId?: string | number;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

/** A client for the help-center REST API, typed by its OpenAPI document (docs/openapi.json). */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.apiKey) headers.apikey = options.apiKey;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.siteId !== undefined) headers['x-service-site'] = String(options.siteId);
  return createClient<paths>({
    baseUrl: options.origin.replace(/\/+$/, ''),
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
