import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { apiError, CommonErrorCode, fieldError, messages, ROLES } from '@hc/contracts';
import type { Role } from '@hc/contracts';

export interface MemberRecord {
  site_id: number;
  user_id: number;
  role: Role;
  notes_access: boolean;
}

function checkRole(role: string | undefined): Role {
  if (!role || !(ROLES as readonly string[]).includes(role)) {
    throw fieldError('role', messages.selectedInvalid('role'));
  }
  return role as Role;
}

/** Team memberships: a person's role on a site and their team-notes access. */
@Injectable()
export class MembersService {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async add(
    siteId: number,
    userId: number,
    role: string | undefined,
    notesAccess: boolean,
  ): Promise<MemberRecord> {
    const r = checkRole(role);
    await this.requireSiteAndUser(siteId, userId);
    await this.ds.query(
      `INSERT INTO memberships (site_id, user_id, role, notes_access, created_at) VALUES (?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE role = VALUES(role), notes_access = VALUES(notes_access)`,
      [siteId, userId, r, notesAccess, new Date()],
    );
    return { site_id: siteId, user_id: userId, role: r, notes_access: notesAccess };
  }

  async update(
    siteId: number,
    userId: number,
    changes: { role?: string; notesAccess?: boolean },
  ): Promise<MemberRecord> {
    const current = await this.find(siteId, userId);
    if (!current)
      throw apiError(CommonErrorCode.NotFound, 'That person is not a member of the site.');
    const role = changes.role === undefined ? current.role : checkRole(changes.role);
    const notes = changes.notesAccess ?? current.notes_access;
    await this.ds.query(
      'UPDATE memberships SET role = ?, notes_access = ? WHERE site_id = ? AND user_id = ?',
      [role, notes, siteId, userId],
    );
    return { site_id: siteId, user_id: userId, role, notes_access: notes };
  }

  async remove(siteId: number, userId: number): Promise<void> {
    const result = await this.ds.query(
      'DELETE FROM memberships WHERE site_id = ? AND user_id = ?',
      [siteId, userId],
    );
    if (!result.affectedRows)
      throw apiError(CommonErrorCode.NotFound, 'That person is not a member of the site.');
  }

  async find(siteId: number, userId: number): Promise<MemberRecord | null> {
    const rows = await this.ds.query(
      'SELECT site_id, user_id, role, notes_access FROM memberships WHERE site_id = ? AND user_id = ?',
      [siteId, userId],
    );
    return rows[0] ? { ...rows[0], notes_access: Boolean(rows[0].notes_access) } : null;
  }

  private async requireSiteAndUser(siteId: number, userId: number): Promise<void> {
    const site = await this.ds.query('SELECT 1 FROM sites WHERE id = ? AND deleted_at IS NULL', [
      siteId,
    ]);
    if (!site.length) throw apiError(CommonErrorCode.NotFound, `No site with id ${siteId}.`);
    const user = await this.ds.query('SELECT 1 FROM users WHERE id = ?', [userId]);
    if (!user.length) throw apiError(CommonErrorCode.NotFound, `No user with id ${userId}.`);
  }
}
