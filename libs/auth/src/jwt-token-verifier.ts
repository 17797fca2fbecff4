import { Inject, Injectable } from '@nestjs/common';
import { createPublicKey, KeyObject, verify as verifySignature } from 'node:crypto';
import { DataSource } from 'typeorm';
import { settings } from '@hc/contracts';
import type { TokenVerifier, VerifiedToken } from './token-verifier';

/** The signing key's id in JWKS and ID-token headers (spec: `service-oidc-1`). */
export const SIGNING_KEY_ID = 'service-oidc-1';
/** Where auth-server keeps its signing key (`oauth_secrets.name`). */
export const SIGNING_KEY_SECRET = 'signing-key';

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

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The client id an access token was issued to: `aud` alone, or its first member. */
export function tokenClientId(claims: Pick<AccessTokenClaims, 'aud'>): string {
  return Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
}

/**
 * Verifies OAuth access tokens (spec 2.11, 5.2): RS256 signature with auth-server's key, chosen
 * by algorithm (access tokens carry no `kid`), issuer, `exp`/`nbf`, an audience of the client
 * alone or the client plus {api_origin} or {mcp_url}; then, per request, that the token is not
 * revoked (rotation, reuse, disconnect) and which sites the person shares with the app now.
 */
@Injectable()
export class JwtTokenVerifier implements TokenVerifier {
  private key: KeyObject | null = null;

  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Signature and claims only (no revocation check). */
  async verifyClaims(token: string): Promise<AccessTokenClaims | null> {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const header = decodePart(parts[0]);
    const payload = decodePart(parts[1]);
    // Select the key by algorithm: only RS256 is ours ("none" and HS256 are refused here).
    if (!header || !payload || header.alg !== 'RS256') return null;
    const key = await this.publicKey();
    if (!key) return null;
    const signature = Buffer.from(parts[2], 'base64url');
    const signed = verifySignature(
      'RSA-SHA256',
      Buffer.from(`${parts[0]}.${parts[1]}`),
      key,
      signature,
    );
    if (!signed) return null;

    const s = settings();
    const now = Date.now() / 1000;
    const { jti, sub, scopes, iss, aud, exp, nbf, iat } = payload;
    if (typeof jti !== 'string' || typeof sub !== 'string' || !/^\d+$/.test(sub)) return null;
    if (iss !== s.authUrl) return null;
    if (typeof exp !== 'number' || exp <= now) return null;
    if (typeof nbf === 'number' && nbf > now + CLOCK_SKEW_SECONDS) return null;
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
      iss,
      aud: aud as string | string[],
      azp: payload.azp as string | undefined,
      iat: Number(iat),
      nbf: Number(nbf),
      exp,
    };
  }

  async verify(token: string): Promise<VerifiedToken | null> {
    const claims = await this.verifyClaims(token);
    if (!claims) return null;
    const clientId = tokenClientId(claims);
    const rows: {
      grant_id: string | null;
      client_id: string;
      user_id: number;
      account_id: number;
      site_ids: number[] | string | null;
    }[] = await this.ds.query(
      `SELECT t.grant_id, t.client_id, t.user_id, u.account_id, c.site_ids
         FROM oauth_access_tokens t
         JOIN users u ON u.id = t.user_id
         JOIN oauth_connections c ON c.user_id = t.user_id AND c.client_id = t.client_id
        WHERE t.jti = ? AND t.revoked_at IS NULL AND t.expires_at > ?`,
      [claims.jti, new Date()],
    );
    const row = rows[0];
    if (!row || row.client_id !== clientId || String(row.user_id) !== claims.sub) return null;
    const shared = (
      typeof row.site_ids === 'string' ? JSON.parse(row.site_ids) : (row.site_ids ?? [])
    ) as number[];
    let siteIds: number[] = [];
    if (shared.length > 0) {
      // Only sites that still exist and that the person's account still owns (spec 4.13).
      const sites: { id: number }[] = await this.ds.query(
        `SELECT id FROM sites WHERE id IN (?) AND account_id = ? AND deleted_at IS NULL ORDER BY id`,
        [shared, row.account_id],
      );
      siteIds = sites.map((s) => s.id);
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

  private async publicKey(): Promise<KeyObject | null> {
    if (this.key) return this.key;
    const rows: { value: string }[] = await this.ds.query(
      'SELECT value FROM oauth_secrets WHERE name = ?',
      [SIGNING_KEY_SECRET],
    );
    if (!rows[0]) return null; // auth-server has not issued anything yet
    const { kty, n, e } = JSON.parse(rows[0].value) as { kty: string; n: string; e: string };
    this.key = createPublicKey({ key: { kty, n, e }, format: 'jwk' });
    return this.key;
  }
}
