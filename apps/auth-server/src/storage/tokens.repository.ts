import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { jsonColumn } from '@hc/data';

export interface PayloadRow {
  payload: Record<string, unknown> | string;
  consumed_at: Date | null;
  expires_at: Date | null;
}

const KEPT_PAST_EXPIRY = new Set(['RefreshToken', 'AuthorizationCode']);

/** Models whose rows belong to one person's connection to one app. */
const CONNECTION_MODELS = ['AccessToken', 'RefreshToken', 'AuthorizationCode', 'Grant'];

/**
 * oidc-provider's storage (`oauth_payloads`) and the access-token ledger
 * (`oauth_access_tokens`) that REST services check on every request.
 */
@Injectable()
export class TokensRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async upsertPayload(
    model: string,
    id: string,
    payload: Record<string, unknown>,
    expiresIn: number | undefined,
  ): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
    await this.ds.query(
      `INSERT INTO oauth_payloads (model, id, payload, grant_id, uid, client_id, account_id, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE payload = VALUES(payload), grant_id = VALUES(grant_id), uid = VALUES(uid),
         client_id = VALUES(client_id), account_id = VALUES(account_id), expires_at = VALUES(expires_at)`,
      [
        model,
        id,
        JSON.stringify(payload),
        str(payload.grantId),
        str(payload.uid),
        str(payload.clientId ?? payload.client_id),
        str(payload.accountId),
        expiresAt,
      ],
    );
  }

  async findPayload(
    model: string,
    column: 'id' | 'uid',
    value: string,
  ): Promise<Record<string, unknown> | undefined> {
    const rows: PayloadRow[] = await this.ds.query(
      `SELECT payload, consumed_at, expires_at FROM oauth_payloads WHERE model = ? AND ${column} = ? LIMIT 1`,
      [model, value],
    );
    const row = rows[0];
    if (!row) return undefined;
    // Codes and refresh tokens are returned past their expiry: the provider checks `exp` itself
    // and answers "expired" rather than "not found" (spec 4.13 hints).
    if (row.expires_at && row.expires_at.getTime() <= Date.now() && !KEPT_PAST_EXPIRY.has(model))
      return undefined;
    const payload = jsonColumn<Record<string, unknown>>(row.payload);
    if (!row.consumed_at) return payload;
    // A spent refresh token reads as unknown: the provider then answers invalid_grant without
    // revoking the grant, so the pair that replaced it stays valid (spec 3.4, 5.2; issue #15).
    if (model === 'RefreshToken') return undefined;
    return { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) };
  }

  /**
   * Spends a code or refresh token with a conditional write (issue #15): of any number of
   * parallel redemptions exactly one changes the row and gets true; every other one gets false.
   */
  async consumePayload(model: string, id: string): Promise<boolean> {
    const result: { affectedRows?: number } = await this.ds.query(
      'UPDATE oauth_payloads SET consumed_at = ? WHERE model = ? AND id = ? AND consumed_at IS NULL',
      [new Date(), model, id],
    );
    return result.affectedRows === 1;
  }

  async destroyPayload(model: string, id: string): Promise<void> {
    await this.ds.query('DELETE FROM oauth_payloads WHERE model = ? AND id = ?', [model, id]);
  }

  async revokeByGrantId(model: string, grantId: string): Promise<void> {
    await this.ds.query('DELETE FROM oauth_payloads WHERE model = ? AND grant_id = ?', [
      model,
      grantId,
    ]);
    if (model === 'AccessToken') {
      await this.ds.query(
        'UPDATE oauth_access_tokens SET revoked_at = ? WHERE grant_id = ? AND revoked_at IS NULL',
        [new Date(), grantId],
      );
    }
  }

  /** Records an issued access token (JWTs are not kept by the provider). */
  async recordAccessToken(token: {
    jti: string;
    grantId: string | null;
    clientId: string;
    userId: number;
    refreshId: string | null;
    expiresAt: Date;
  }): Promise<void> {
    await this.ds.query(
      `INSERT INTO oauth_access_tokens (jti, grant_id, client_id, user_id, refresh_id, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        token.jti,
        token.grantId,
        token.clientId,
        token.userId,
        token.refreshId,
        new Date(),
        token.expiresAt,
      ],
    );
  }

  async linkRefreshToken(accessTokenId: string, refreshId: string): Promise<void> {
    await this.ds.query('UPDATE oauth_access_tokens SET refresh_id = ? WHERE jti = ?', [
      refreshId,
      accessTokenId,
    ]);
  }

  /** Spec 3.4: a refresh revokes the access token issued with the old refresh token at once. */
  async revokeAccessTokensOfRefresh(refreshId: string): Promise<void> {
    await this.ds.query(
      'UPDATE oauth_access_tokens SET revoked_at = ? WHERE refresh_id = ? AND revoked_at IS NULL',
      [new Date(), refreshId],
    );
  }

  /**
   * Spec 5.2 disconnect: every access token, refresh token and unexchanged code of the app for
   * the person, and the grant, at once.
   */
  async revokeConnection(clientId: string, userId: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(
        `DELETE FROM oauth_payloads WHERE client_id = ? AND account_id = ? AND model IN (?)`,
        [clientId, String(userId), CONNECTION_MODELS],
      );
      await m.query(
        'UPDATE oauth_access_tokens SET revoked_at = ? WHERE client_id = ? AND user_id = ? AND revoked_at IS NULL',
        [new Date(), clientId, userId],
      );
    });
  }

  /** Deletes expired rows (called now and then; never needed for correctness). */
  async purgeExpired(): Promise<void> {
    const now = new Date();
    // Expired codes and refresh tokens stay a week to answer "expired" rather than "revoked".
    const week = new Date(now.getTime() - 7 * 24 * 3600_000);
    const kept = [...KEPT_PAST_EXPIRY];
    await this.ds.query('DELETE FROM oauth_payloads WHERE expires_at < ? AND model NOT IN (?)', [
      now,
      kept,
    ]);
    await this.ds.query('DELETE FROM oauth_payloads WHERE expires_at < ? AND model IN (?)', [
      week,
      kept,
    ]);
    await this.ds.query('DELETE FROM oauth_access_tokens WHERE expires_at < ?', [now]);
  }
}
