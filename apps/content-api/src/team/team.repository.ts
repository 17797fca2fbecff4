import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { DataRepository } from '@hc/data';
import type { ApiKeyScope, Role } from '@hc/contracts';
import type { SiteId } from '@hc/contracts';
import { trustSiteId } from '@hc/contracts';
import { siteRef, type SiteRef } from '../audit/site-ref.repository';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  account_id: number;
}

export interface MembershipRow {
  site_id: number;
  user_id: number;
  role: Role;
  notes_access: number | boolean;
}

export interface NewApiKey {
  userId: number;
  name: string;
  tokenHash: string;
  tokenPrefix: string;
  scope: ApiKeyScope;
  design: boolean;
  notes: boolean;
}

/**
 * People, their accounts, their memberships of sites and their API keys: the operator CLI's
 * tables (`hc user …`, `hc member …`, `hc key …`). Cross-site by nature: the operator names
 * the site in each call.
 */
@Injectable()
export class TeamRepository extends DataRepository {
  async emailTaken(m: EntityManager, email: string): Promise<boolean> {
    const rows = await m.query('SELECT 1 FROM users WHERE email = ? LIMIT 1', [email]);
    return rows.length > 0;
  }

  /** A user with their own account, the account's owner. Returns both ids. */
  async insertUserWithAccount(
    m: EntityManager,
    user: { email: string; name: string; passwordHash: string },
  ): Promise<{ userId: number; accountId: number }> {
    const now = new Date();
    const account = await m.query('INSERT INTO accounts (name, created_at) VALUES (?, ?)', [
      user.name,
      now,
    ]);
    const accountId = account.insertId as number;
    const inserted = await m.query(
      'INSERT INTO users (account_id, email, name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)',
      [accountId, user.email, user.name, user.passwordHash, now],
    );
    await m.query('UPDATE accounts SET owner_user_id = ? WHERE id = ?', [
      inserted.insertId,
      accountId,
    ]);
    return { userId: inserted.insertId as number, accountId };
  }

  async findUser(
    userId: number,
    m: EntityManager | DataSource = this.ds,
  ): Promise<(UserRow & { avatar_url: string | null }) | null> {
    const rows = await m.query(
      'SELECT id, email, name, account_id, avatar_url FROM users WHERE id = ?',
      [userId],
    );
    return rows[0] ?? null;
  }

  async findUserByEmail(email: string): Promise<UserRow | null> {
    const rows = await this.ds.query(
      'SELECT id, email, name, account_id FROM users WHERE email = ?',
      [email],
    );
    return rows[0] ?? null;
  }

  async siteExists(siteId: SiteId): Promise<boolean> {
    const rows = await this.ds.query('SELECT 1 FROM sites WHERE id = ? AND deleted_at IS NULL', [
      siteId,
    ]);
    return rows.length > 0;
  }

  /** Adds the membership, or changes its role and notes access when there is one. */
  async upsertMembership(siteId: SiteId, m: EntityManager, row: MembershipRow): Promise<void> {
    await m.query(
      `INSERT INTO memberships (site_id, user_id, role, notes_access, created_at) VALUES (?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE role = VALUES(role), notes_access = VALUES(notes_access)`,
      [siteId, row.user_id, row.role, row.notes_access, new Date()],
    );
  }

  /** A new site's Owner, with team-notes access, in the site's transaction. */
  async insertOwner(siteId: SiteId, m: EntityManager, userId: number): Promise<void> {
    await m.query(
      'INSERT INTO memberships (site_id, user_id, role, notes_access, created_at) VALUES (?, ?, ?, 1, ?)',
      [siteId, userId, 'owner', new Date()],
    );
  }

  async updateMembership(siteId: SiteId, m: EntityManager, row: MembershipRow): Promise<void> {
    await m.query(
      'UPDATE memberships SET role = ?, notes_access = ? WHERE site_id = ? AND user_id = ?',
      [row.role, row.notes_access, siteId, row.user_id],
    );
  }

  /** False when there was no such membership. */
  async deleteMembership(siteId: SiteId, m: EntityManager, userId: number): Promise<boolean> {
    const result = await m.query('DELETE FROM memberships WHERE site_id = ? AND user_id = ?', [
      siteId,
      userId,
    ]);
    return Boolean(result.affectedRows);
  }

  async findMembership(siteId: SiteId, userId: number): Promise<MembershipRow | null> {
    const rows = await this.ds.query(
      'SELECT site_id, user_id, role, notes_access FROM memberships WHERE site_id = ? AND user_id = ?',
      [siteId, userId],
    );
    return rows[0] ?? null;
  }

  async insertApiKey(siteId: SiteId, m: EntityManager, key: NewApiKey): Promise<number> {
    const result = await m.query(
      `INSERT INTO api_keys (site_id, user_id, name, token_hash, token_prefix, scope, cap_design, cap_notes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        siteId,
        key.userId,
        key.name,
        key.tokenHash,
        key.tokenPrefix,
        key.scope,
        key.design,
        key.notes,
        new Date(),
      ],
    );
    return result.insertId as number;
  }

  /** The site of the revoked key; null when the key is unknown or already revoked. */
  /** The operator's `key revoke --key`: by key id, whatever its site; returns that site. */
  async revokeApiKeyAcrossSites(m: EntityManager, keyId: number): Promise<number | null> {
    const rows: { site_id: number }[] = await m.query(
      'SELECT site_id FROM api_keys WHERE id = ? AND revoked_at IS NULL FOR UPDATE',
      [keyId],
    );
    if (!rows.length) return null;
    await m.query('UPDATE api_keys SET revoked_at = ? WHERE id = ?', [new Date(), keyId]);
    return rows[0].site_id;
  }
}

/**
 * The audit reference of the site of a row found by its own id across sites (the operator's key
 * revocation by key id): the id comes from that row's `site_id`, so it names a real site.
 */
export function siteRefAcrossSites(m: EntityManager, siteId: number): Promise<SiteRef> {
  return siteRef(m, trustSiteId(siteId));
}
