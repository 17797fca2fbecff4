import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { apiError, CommonErrorCode, fieldError, messages, ROLES } from '@hc/contracts';
import type { Role } from '@hc/contracts';
import { writeAuditEvent } from '@hc/events';
import { siteRef } from '../audit/site-ref.repository';
import { TeamRepository } from './team.repository';
import type { SiteId } from '@hc/contracts';

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
  constructor(private readonly team: TeamRepository) {}

  async add(
    siteId: SiteId,
    userId: number,
    role: string | undefined,
    notesAccess: boolean,
  ): Promise<MemberRecord> {
    const r = checkRole(role);
    await this.requireSiteAndUser(siteId, userId);
    const row = { site_id: siteId, user_id: userId, role: r, notes_access: notesAccess };
    await this.audited(siteId, userId, 'member.add', (m) =>
      this.team.upsertMembership(siteId, m, row),
    );
    return row;
  }

  async update(
    siteId: SiteId,
    userId: number,
    changes: { role?: string; notesAccess?: boolean },
  ): Promise<MemberRecord> {
    const current = await this.find(siteId, userId);
    if (!current)
      throw apiError(CommonErrorCode.NotFound, 'That person is not a member of the site.');
    const role = changes.role === undefined ? current.role : checkRole(changes.role);
    const notes = changes.notesAccess ?? current.notes_access;
    const row = { site_id: siteId, user_id: userId, role, notes_access: notes };
    await this.audited(siteId, userId, 'member.update', (m) =>
      this.team.updateMembership(siteId, m, row),
    );
    return row;
  }

  async remove(siteId: SiteId, userId: number): Promise<void> {
    await this.audited(siteId, userId, 'member.remove', async (m) => {
      if (!(await this.team.deleteMembership(siteId, m, userId)))
        throw apiError(CommonErrorCode.NotFound, 'That person is not a member of the site.');
    });
  }

  async find(siteId: SiteId, userId: number): Promise<MemberRecord | null> {
    const row = await this.team.findMembership(siteId, userId);
    return row ? { ...row, notes_access: Boolean(row.notes_access) } : null;
  }

  /** A change of a person's membership, with its audit entry in the same transaction (issue 24). */
  private audited(
    siteId: SiteId,
    userId: number,
    action: 'member.add' | 'member.update' | 'member.remove',
    change: (m: EntityManager) => Promise<unknown>,
  ): Promise<void> {
    return this.team.transaction(async (m) => {
      await change(m);
      await writeAuditEvent(m, await siteRef(m, siteId), action, { type: 'user', id: userId });
    });
  }

  private async requireSiteAndUser(siteId: SiteId, userId: number): Promise<void> {
    if (!(await this.team.siteExists(siteId)))
      throw apiError(CommonErrorCode.NotFound, `No site with id ${siteId}.`);
    if (!(await this.team.findUser(userId)))
      throw apiError(CommonErrorCode.NotFound, `No user with id ${userId}.`);
  }
}
