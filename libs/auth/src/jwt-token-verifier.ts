import { Inject, Injectable } from '@nestjs/common';
import { errors as joseErrors, importJWK, jwtVerify, type CryptoKey, type JWK } from 'jose';
import { DataSource } from 'typeorm';
import { settings } from '@hc/contracts';
import type { TokenVerifier, VerifiedToken } from './token-verifier';
import { activeAccessToken, ownedSiteIds, publicSigningJwk } from './token.repository';

/** The signing key's id in JWKS and ID-token headers (spec: `service-oidc-1`). */
export const SIGNING_KEY_ID = 'service-oidc-1';
/** Where auth-server keeps its private signing key (`oauth_secrets.name`; auth-server only). */
export const SIGNING_KEY_SECRET = 'signing-key';
/** A key read after a signature failure is read again at most this often. */
const KEY_REFRESH_MS = 30_000;

/** The claims of an access token (spec 2.11). */
export interface AccessTokenClaims {
  jti: string;
  sub: string;
  scopes: string[];
  iss: string;
  aud: string | string[];
  azp?: string;
  iat: number;
  nbf: number;
  exp: number;
}

const CLOCK_SKEW_SECONDS = 5;

/** The client id an access token was issued to: `aud` alone, or its first member. */
export function tokenClientId(claims: Pick<AccessTokenClaims, 'aud'>): string {
  return Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
}

/**
 * Verifies OAuth access tokens (spec 2.11, 5.2) with auth-server's public key through `jose`:
 * RS256 only (access tokens carry no `kid`), issuer, `exp`/`nbf`, an audience of the client
 * alone or the client plus {api_origin} or {mcp_url}; then, per request, that the token is not
 * revoked (rotation, reuse, disconnect) and which sites the person shares with the app now.
 * The key is the public JWK auth-server publishes in `oauth_public_keys` (the JWKS key): this
 * never reads the private signing key or the cookie keys (issue #15), so an API service's
 * database user needs no grant on `oauth_secrets`. After a signature failure the key is read
 * again (at most every 30 s), so a replaced key is picked up without a restart.
 */
@Injectable()
export class JwtTokenVerifier implements TokenVerifier {
  private key: { value: CryptoKey | null; readAt: number } | null = null;

  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Signature and claims only (no revocation check). */
  async verifyClaims(token: string): Promise<AccessTokenClaims | null> {
    let payload = await this.verifySignature(token, false);
    if (payload === 'retry') payload = await this.verifySignature(token, true);
    if (!payload || payload === 'retry') return null;

    const s = settings();
    const now = Date.now() / 1000;
    const { jti, sub, scopes, iss, aud, exp, nbf, iat } = payload;
    if (typeof jti !== 'string' || typeof sub !== 'string' || !/^\d+$/.test(sub)) return null;
    if (typeof exp !== 'number' || exp <= now) return null;
    if (!Array.isArray(scopes) || !scopes.every((x) => typeof x === 'string')) return null;
    if (typeof aud === 'string') {
      if (!aud) return null;
    } else if (Array.isArray(aud)) {
      if (
        aud.length !== 2 ||
        typeof aud[0] !== 'string' ||
        ![s.apiOrigin, s.mcpUrl].includes(aud[1] as string)
      ) {
        return null;
      }
      if (payload.azp !== aud[0]) return null;
    } else {
      return null;
    }
    return {
      jti,
      sub,
      scopes: scopes as string[],
      iss: iss as string,
      aud: aud as string | string[],
      azp: payload.azp as string | undefined,
      iat: Number(iat),
      nbf: Number(nbf),
      exp,
    };
  }

  /**
   * The verified payload, null when the token is not ours, or 'retry' when only the signature
   * failed and the key may have been replaced since it was read.
   */
  private async verifySignature(
    token: string,
    reload: boolean,
  ): Promise<Record<string, unknown> | null | 'retry'> {
    const fresh = reload || !this.key;
    const key = await this.publicKey(reload);
    if (!key) return null;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['RS256'],
        issuer: settings().authUrl,
        clockTolerance: CLOCK_SKEW_SECONDS,
      });
      return payload as Record<string, unknown>;
    } catch (err) {
      const stale = Date.now() - (this.key?.readAt ?? 0) >= KEY_REFRESH_MS;
      return err instanceof joseErrors.JWSSignatureVerificationFailed && !fresh && stale
        ? 'retry'
        : null;
    }
  }

  async verify(token: string): Promise<VerifiedToken | null> {
    const claims = await this.verifyClaims(token);
    if (!claims) return null;
    const clientId = tokenClientId(claims);
    const row = await activeAccessToken(this.ds, claims.jti, new Date());
    if (!row || row.client_id !== clientId || String(row.user_id) !== claims.sub) return null;
    const shared = (
      typeof row.site_ids === 'string' ? JSON.parse(row.site_ids) : (row.site_ids ?? [])
    ) as number[];
    let siteIds: number[] = [];
    if (shared.length > 0) {
      // Only sites that still exist and that the person's account still owns (spec 4.13).
      siteIds = await ownedSiteIds(this.ds, shared, row.account_id);
    }
    return {
      tokenId: claims.jti,
      clientId,
      grantId: row.grant_id,
      userId: row.user_id,
      scopes: claims.scopes,
      audience: Array.isArray(claims.aud) ? claims.aud : [claims.aud],
      siteIds,
    };
  }

  private async publicKey(reload: boolean): Promise<CryptoKey | null> {
    if (this.key?.value && !reload) return this.key.value;
    const jwk = await publicSigningJwk(this.ds, SIGNING_KEY_ID);
    // No row: auth-server has not issued anything yet (read again on the next request).
    const value = jwk ? ((await importJWK(JSON.parse(jwk) as JWK, 'RS256')) as CryptoKey) : null;
    this.key = value ? { value, readAt: Date.now() } : null;
    return value;
  }
}
