import { SCOPES, settings } from '@hc/contracts';
import type { OidcContext } from './oidc-module';
import { requestScope } from './request-scope';
import type { TokensRepository } from '../storage/tokens.repository';

/**
 * The audience a token gets when the client names no `resource` (spec 2.11: `aud` is then the
 * client id alone). Internal only: never accepted as a `resource` parameter.
 */
export const CLIENT_ONLY_RESOURCE = 'urn:service:client';

export const ACCESS_TOKEN_TTL = 3600;

/** What the provider hands the JWT customizer. */
export interface IssuedAccessToken {
  jti: string;
  grantId?: string;
  accountId: string;
  clientId: string;
  scope?: string;
}

export interface AccessTokenJwt {
  header?: Record<string, unknown>;
  payload: Record<string, unknown>;
}

/**
 * Spec 2.11 access-token claims; no `kid` in the header. Also records the token so REST
 * services can check revocation per request, and revokes the pair a refresh replaces.
 */
export async function customizeAccessToken(
  tokens: TokensRepository,
  ctx: OidcContext,
  token: IssuedAccessToken,
  jwt: AccessTokenJwt,
): Promise<void> {
  const now = Date.now() / 1000;
  const clientId = token.clientId;
  const audience = jwt.payload.aud as string;
  const withResource = audience !== CLIENT_ONLY_RESOURCE;
  jwt.header = { kid: undefined };
  jwt.payload = {
    jti: token.jti,
    iat: now,
    nbf: now,
    exp: now + ACCESS_TOKEN_TTL,
    sub: String(token.accountId),
    scopes: (token.scope ?? '').split(' ').filter((x) => (SCOPES as readonly string[]).includes(x)),
    iss: settings().authUrl,
    aud: withResource ? [clientId, audience] : clientId,
    ...(withResource ? { azp: clientId } : {}),
  };
  const entities = ctx?.oidc?.entities ?? {};
  const rotated = entities.RotatedRefreshToken;
  const current = entities.RefreshToken;
  if (rotated) await tokens.revokeAccessTokensOfRefresh(rotated.jti);
  await tokens.recordAccessToken({
    jti: token.jti,
    grantId: token.grantId ?? null,
    clientId,
    userId: Number(token.accountId),
    refreshId: rotated && current ? current.jti : null,
    expiresAt: new Date((now + ACCESS_TOKEN_TTL) * 1000),
  });
  if (!rotated) {
    const scope = requestScope.getStore();
    if (scope) scope.pendingAccessTokenId = token.jti;
  }
}
