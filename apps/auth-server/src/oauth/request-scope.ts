import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request state shared by the token customizer and the storage adapter. */
export interface OAuthRequestScope {
  /** The access token issued by this token request, waiting for its refresh token. */
  pendingAccessTokenId?: string;
}

export const requestScope = new AsyncLocalStorage<OAuthRequestScope>();
