import type { Client, Middleware } from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import { createApiClient, type paths } from '@hc/client';

export type DashboardPaths = paths;

/**
 * What every request of the signed-in person carries (the dashboard session, issue 37): the
 * session's anti-CSRF token and the site being worked on. The cookie goes by itself
 * (same-origin); the server refuses a cookie without the token.
 */
export const requestContext: { csrfToken: string | null; siteId: number | null } = {
  csrfToken: null,
  siteId: null,
};

/** Where the browser goes when the session has ended: sign-in, then back to this page. */
export function signInUrl(returnTo = `${location.pathname}${location.search}`): string {
  return `/signin?return_to=${encodeURIComponent(returnTo)}`;
}

const sessionHeaders: Middleware = {
  onRequest({ request }) {
    if (requestContext.csrfToken) request.headers.set('X-CSRF-Token', requestContext.csrfToken);
    if (requestContext.siteId !== null && !request.headers.has('X-Service-Site'))
      request.headers.set('X-Service-Site', String(requestContext.siteId));
    return request;
  },
  onResponse({ response, request }) {
    // The session ended (signed out elsewhere, expired): sign in again, then come back. The
    // bootstrap's own 401 is handled by the session provider.
    if (response.status === 401 && !request.url.endsWith('/v1/session')) {
      location.assign(signInUrl());
    }
    return response;
  },
};

/** The typed client (docs/openapi.json): the app's only door to the server. */
export const api: Client<DashboardPaths> = createApiClient({
  origin: typeof location === 'undefined' ? 'http://localhost' : location.origin,
});
api.use(sessionHeaders);

/** TanStack Query hooks over the same client: `$api.useQuery('get', '/v1/categories')`. */
export const $api = createQueryHooks(api);

/** An error answer of the API: its status, the spec's `code` and `message`, and the body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(errorMessage(body));
    this.name = 'ApiRequestError';
  }

  get code(): string | undefined {
    const b = this.body as { code?: unknown } | null;
    return b && typeof b.code === 'string' ? b.code : undefined;
  }
}

/** The data of a call, or an ApiRequestError: `await unwrap(api.GET('/v1/categories'))`. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) throw new ApiRequestError(response.status, error);
  return data;
}

/** The message of an error answer (the spec's `message`), for a notification. */
export function errorMessage(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error)
    return String((error as { message: unknown }).message);
  return 'Something went wrong. Try again.';
}
