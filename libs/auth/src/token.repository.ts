import type { DataSource } from 'typeorm';

/** An access token that is neither revoked nor expired, with its person and connection. */
export interface ActiveTokenRow {
  grant_id: string | null;
  client_id: string;
  user_id: number;
  account_id: number;
  site_ids: number[] | string | null;
}

/**
 * What the API services read of auth-server's tables to accept a token (never the private keys,
 * issue #15). Cross-site by nature: the token names its sites.
 */
export async function activeAccessToken(
  ds: DataSource,
  jti: string,
  now: Date,
): Promise<ActiveTokenRow | undefined> {
  const rows: ActiveTokenRow[] = await ds.query(
    `SELECT t.grant_id, t.client_id, t.user_id, u.account_id, c.site_ids
       FROM oauth_access_tokens t
       JOIN users u ON u.id = t.user_id
       JOIN oauth_connections c ON c.user_id = t.user_id AND c.client_id = t.client_id
      WHERE t.jti = ? AND t.revoked_at IS NULL AND t.expires_at > ?`,
    [jti, now],
  );
  return rows[0];
}

/** Of `siteIds`, those that still exist and that the account owns, in id order. */
export async function ownedSiteIds(
  ds: DataSource,
  siteIds: number[],
  accountId: number,
): Promise<number[]> {
  const sites: { id: number }[] = await ds.query(
    `SELECT id FROM sites WHERE id IN (?) AND account_id = ? AND deleted_at IS NULL ORDER BY id`,
    [siteIds, accountId],
  );
  return sites.map((s) => s.id);
}

/** The public JWK of the signing key `kid` as stored by auth-server, or null before its first. */
export async function publicSigningJwk(ds: DataSource, kid: string): Promise<string | null> {
  const rows: { jwk: string }[] = await ds.query(
    'SELECT jwk FROM oauth_public_keys WHERE kid = ?',
    [kid],
  );
  return rows[0]?.jwk ?? null;
}
