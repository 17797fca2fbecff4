import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataRepository, jsonColumn } from '@hc/data';
import type { ApiKeyScope, Role, SiteId } from '@hc/contracts';
import { findSiteContext } from '@hc/auth';
import type { SiteContext } from '@hc/auth';

export interface MemberRow {
  user_id: number;
  name: string;
  email: string;
  role: Role;
  notes_access: number | boolean;
  created_at: Date;
}

export interface InvitationRow {
  id: number;
  site_id: number;
  email: string;
  role: Role;
  notes_access: number | boolean;
  invited_by: number;
  inviter_name: string | null;
  expires_at: Date;
  sent_count: number;
  accepted_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

export interface KeyRow {
  id: number;
  name: string;
  token_prefix: string;
  scope: ApiKeyScope;
  cap_design: number;
  cap_notes: number;
  user_id: number;
  creator_name: string | null;
  created_at: Date;
  last_used_at: Date | null;
}

const INVITATION_COLUMNS = `i.id, i.site_id, i.email, i.role, i.notes_access, i.invited_by,
  u.name AS inviter_name, i.expires_at, i.sent_count, i.accepted_at, i.revoked_at, i.created_at`;

/**
 * The team screens' rows (issue 38): a site's members, its invitations and its API keys, each
 * query scoped to the site of the request.
 */
@Injectable()
export class TeamDashboardRepository extends DataRepository {
  /** The site an invitation link names (the link's stored row is what is trusted). */
  siteOfInvitation(siteId: number): Promise<SiteContext | null> {
    return findSiteContext(this.ds, siteId);
  }

  members(siteId: SiteId): Promise<MemberRow[]> {
    return this.ds.query(
      `SELECT m.user_id, u.name, u.email, m.role, m.notes_access, m.created_at
         FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.site_id = ? ORDER BY FIELD(m.role, 'owner', 'admin', 'editor', 'translator', 'viewer'), u.name, m.user_id`,
      [siteId],
    );
  }

  /** The membership's role, read under a lock in the write's transaction; null when none. */
  async lockedRole(siteId: SiteId, m: EntityManager, userId: number): Promise<Role | null> {
    const rows: { role: Role }[] = await m.query(
      'SELECT role FROM memberships WHERE site_id = ? AND user_id = ? FOR UPDATE',
      [siteId, userId],
    );
    return rows[0]?.role ?? null;
  }

  /** Pending invitations: neither accepted nor revoked (expired ones are shown as such). */
  pendingInvitations(siteId: SiteId): Promise<InvitationRow[]> {
    return this.ds.query(
      `SELECT ${INVITATION_COLUMNS} FROM invitations i LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.site_id = ? AND i.accepted_at IS NULL AND i.revoked_at IS NULL ORDER BY i.id DESC`,
      [siteId],
    );
  }

  async invitation(
    siteId: SiteId,
    m: EntityManager,
    where: { id: number } | { tokenHash: string },
  ): Promise<InvitationRow | null> {
    const [column, value] = 'id' in where ? ['i.id', where.id] : ['i.token_hash', where.tokenHash];
    const rows: InvitationRow[] = await m.query(
      `SELECT ${INVITATION_COLUMNS} FROM invitations i LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.site_id = ? AND ${column} = ? FOR UPDATE`,
      [siteId, value],
    );
    return rows[0] ?? null;
  }

  /** A pending invitation of the same address, if any (inviting again sends it anew). */
  async pendingInvitationFor(
    siteId: SiteId,
    m: EntityManager,
    email: string,
  ): Promise<number | null> {
    const rows: { id: number }[] = await m.query(
      `SELECT id FROM invitations WHERE site_id = ? AND email = ? AND accepted_at IS NULL
          AND revoked_at IS NULL FOR UPDATE`,
      [siteId, email],
    );
    return rows[0]?.id ?? null;
  }

  async insertInvitation(
    siteId: SiteId,
    m: EntityManager,
    row: {
      email: string;
      role: Role;
      notesAccess: boolean;
      tokenHash: string;
      invitedBy: number;
      expiresAt: Date;
    },
  ): Promise<number> {
    const result = await m.query(
      `INSERT INTO invitations (site_id, email, role, notes_access, token_hash, invited_by, expires_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        siteId,
        row.email,
        row.role,
        row.notesAccess,
        row.tokenHash,
        row.invitedBy,
        row.expiresAt,
        new Date(),
      ],
    );
    return Number(result.insertId);
  }

  /** A new link for the invitation (the old one stops working); role and access as given. */
  async renewInvitation(
    siteId: SiteId,
    m: EntityManager,
    id: number,
    row: {
      role?: Role;
      notesAccess?: boolean;
      tokenHash: string;
      invitedBy: number;
      expiresAt: Date;
    },
  ): Promise<void> {
    await m.query(
      `UPDATE invitations SET role = COALESCE(?, role), notes_access = COALESCE(?, notes_access),
         token_hash = ?, invited_by = ?, expires_at = ?, sent_count = sent_count + 1
        WHERE site_id = ? AND id = ?`,
      [
        row.role ?? null,
        row.notesAccess ?? null,
        row.tokenHash,
        row.invitedBy,
        row.expiresAt,
        siteId,
        id,
      ],
    );
  }

  async closeInvitation(
    siteId: SiteId,
    m: EntityManager,
    id: number,
    how: { acceptedBy: number } | 'revoked',
  ): Promise<void> {
    const now = new Date();
    if (how === 'revoked')
      await m.query('UPDATE invitations SET revoked_at = ? WHERE site_id = ? AND id = ?', [
        now,
        siteId,
        id,
      ]);
    else
      await m.query(
        'UPDATE invitations SET accepted_at = ?, accepted_by = ? WHERE site_id = ? AND id = ?',
        [now, how.acceptedBy, siteId, id],
      );
  }

  /**
   * Ownership moves to `newOwner` (issue 38): the old Owner becomes Admin, the site belongs to
   * the new Owner's account, and the old account's app connections stop sharing it (an access
   * token reaches only sites its person's account owns: spec 5.2, `ownedSiteIds`).
   */
  async transferOwnership(
    siteId: SiteId,
    m: EntityManager,
    oldOwner: number,
    newOwner: { userId: number; accountId: number },
  ): Promise<void> {
    const [old]: { account_id: number }[] = await m.query(
      'SELECT account_id FROM sites WHERE id = ?',
      [siteId],
    );
    await m.query("UPDATE memberships SET role = 'admin' WHERE site_id = ? AND user_id = ?", [
      siteId,
      oldOwner,
    ]);
    await m.query("UPDATE memberships SET role = 'owner' WHERE site_id = ? AND user_id = ?", [
      siteId,
      newOwner.userId,
    ]);
    await m.query('UPDATE sites SET account_id = ?, updated_at = ? WHERE id = ?', [
      newOwner.accountId,
      new Date(),
      siteId,
    ]);
    const connections: { user_id: number; client_id: string; site_ids: unknown }[] = await m.query(
      `SELECT c.user_id, c.client_id, c.site_ids FROM oauth_connections c JOIN users u ON u.id = c.user_id
        WHERE u.account_id = ? FOR UPDATE`,
      [old.account_id],
    );
    for (const c of connections) {
      const shared = jsonColumn<number[]>(c.site_ids as string);
      if (!shared.includes(siteId)) continue;
      await m.query(
        'UPDATE oauth_connections SET site_ids = ?, updated_at = ? WHERE user_id = ? AND client_id = ?',
        [JSON.stringify(shared.filter((id) => id !== siteId)), new Date(), c.user_id, c.client_id],
      );
    }
  }

  keys(siteId: SiteId): Promise<KeyRow[]> {
    return this.ds.query(
      `SELECT k.id, k.name, k.token_prefix, k.scope, k.cap_design, k.cap_notes, k.user_id,
              u.name AS creator_name, k.created_at, k.last_used_at
         FROM api_keys k LEFT JOIN users u ON u.id = k.user_id
        WHERE k.site_id = ? AND k.revoked_at IS NULL ORDER BY k.id DESC`,
      [siteId],
    );
  }

  /** False when the site has no such active key. */
  async revokeKey(siteId: SiteId, m: EntityManager, keyId: number): Promise<boolean> {
    const result = await m.query(
      'UPDATE api_keys SET revoked_at = ? WHERE site_id = ? AND id = ? AND revoked_at IS NULL',
      [new Date(), siteId, keyId],
    );
    return Boolean(result.affectedRows);
  }
}
