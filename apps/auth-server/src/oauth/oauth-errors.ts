import { ApiError, oauthError } from '@hc/contracts';

/** Error descriptions in the wording OAuth clients of the service already know (shape (f)). */
export const DESCRIPTIONS: Record<string, string> = {
  invalid_request:
    'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.',
  invalid_grant:
    'The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  invalid_client: 'Client authentication failed',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed',
  invalid_target: 'The requested resource is invalid, unknown, or malformed.',
  unsupported_grant_type:
    'The authorization grant type is not supported by the authorization server.',
  unauthorized_client:
    'The client is not authorized to request an authorization code using this method.',
  unsupported_response_type:
    'The authorization server does not support obtaining an authorization code using this method.',
  access_denied: 'The resource owner or authorization server denied the request.',
  invalid_token:
    'The access token provided is expired, revoked, malformed, or invalid for other reasons.',
  temporarily_unavailable: 'The authorization server is temporarily unable to handle the request.',
  server_error:
    'The authorization server encountered an unexpected condition which prevented it from fulfilling the request.',
};

const STATUS: Record<string, number> = {
  invalid_client: 401,
  invalid_token: 401,
  server_error: 500,
};

export const HINTS = {
  pkceRequired: 'Code challenge must be provided for public clients',
  verifierFailed: 'Failed to verify `code_verifier`',
  codeRevoked: 'Authorization code has been revoked',
  codeExpired: 'Authorization code has expired',
  tokenRevoked: 'Token has been revoked',
  tokenExpired: 'Token has expired',
};

/** An OAuth error in shape (f) with the service's description for the code. */
export function oauth(error: string, hint?: string, status?: number): ApiError {
  return oauthError(status ?? STATUS[error] ?? 400, error, DESCRIPTIONS[error] ?? error, hint);
}

/** Spec 4.13: a refresh token that is used, revoked or expired. */
export function invalidRefreshToken(hint: string): ApiError {
  return oauthError(401, 'invalid_request', 'The refresh token is invalid.', hint);
}

function sentence(detail: string): string {
  return detail ? detail.charAt(0).toUpperCase() + detail.slice(1) : detail;
}

/** What oidc-provider threw at the token endpoint. */
export interface ProviderError {
  error?: string;
  error_description?: string;
  error_detail?: string;
  message?: string;
}

/**
 * Maps an oidc-provider token-endpoint error to the service's bodies and hints (spec 4.13):
 * refresh failures are 401 `invalid_request` "The refresh token is invalid."; a spent code is
 * `invalid_request` "Authorization code has been revoked"; a PKCE mismatch is `invalid_grant`
 * "Failed to verify `code_verifier`".
 */
export function mapTokenError(
  err: ProviderError | undefined,
  grantType: string | undefined,
  body: ProviderError,
): ApiError {
  const code = body.error ?? err?.error ?? 'server_error';
  const detail = err?.error_detail ?? '';
  if (code === 'invalid_grant' && grantType === 'refresh_token') {
    return invalidRefreshToken(/expired/.test(detail) ? HINTS.tokenExpired : HINTS.tokenRevoked);
  }
  if (code === 'invalid_grant' && grantType === 'authorization_code') {
    if (/code_verifier|code_challenge/.test(detail))
      return oauth('invalid_grant', HINTS.verifierFailed);
    if (/expired/.test(detail)) return oauth('invalid_request', HINTS.codeExpired);
    if (/consumed|not found/.test(detail)) return oauth('invalid_request', HINTS.codeRevoked);
    if (/redirect_uri/.test(detail)) {
      return oauth(
        'invalid_grant',
        'The redirect_uri does not match the one used in the authorization request',
      );
    }
    return oauth('invalid_grant', sentence(detail) || undefined);
  }
  if (code === 'invalid_request' && /code_verifier/.test(body.error_description ?? '')) {
    return oauth('invalid_request', 'Code Verifier must follow the specifications of RFC-7636.');
  }
  const hint = sentence(detail || (body.error_description ?? ''));
  return oauth(code, hint || undefined);
}
