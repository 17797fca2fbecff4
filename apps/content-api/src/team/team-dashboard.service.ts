import { Injectable } from '@nestjs/common';
import { apiError, AuthErrorCode, CommonErrorCode, fieldError, formatB } from '@hc/contracts';
import { roleForbidden } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { writeAuditEvent } from '@hc/events';
import type { MemberChangeDto, NewKeyDto } from './dto/team.dto';
import { KeysService } from './keys.service';
import { TeamDashboardRepository, type KeyRow } from './team-dashboard.repository';
import { TeamRepository } from './team.repository';

const notMember = () =>
  apiError(CommonErrorCode.NotFound, 'That person is not a member of the site.');

function keyView(k: KeyRow) {
  return {
    id: Number(k.id),
    name: k.name,
    prefix: k.token_prefix,
    scope: k.scope,
    capabilities: { design: Boolean(k.cap_design), notes: Boolean(k.cap_notes) },
    created_by: { id: Number(k.user_id), name: k.creator_name ?? '' },
    created_at: formatB(k.created_at),
    last_used_at: formatB(k.last_used_at),
  };
}

/**
 * The team and its API keys in the dashboard (issue 38): members with their roles, the Owner's
 * protections (an Admin never changes or removes the Owner; the Owner changes only by a transfer,
 * which the Owner alone makes) and the keys of spec 5.1.
 */
@Injectable()
export class TeamDashboardService {
  constructor(
    private readonly rows: TeamDashboardRepository,
    private readonly team: TeamRepository,
    private readonly keys: KeysService,
  ) {}

  async members(site: SiteContext) {
    return (await this.rows.members(site.id)).map((r) => ({
      user_id: Number(r.user_id),
      name: r.name ?? '',
      email: r.email,
      role: r.role,
      notes_access: Boolean(r.notes_access),
      joined_at: formatB(r.created_at),
    }));
  }

  async change(site: SiteContext, ctx: RequestContext, userId: number, body: MemberChangeDto) {
    return this.rows.transaction(async (m) => {
      const role = await this.rows.lockedRole(site.id, m, userId);
      if (!role) throw notMember();
      if (role === 'owner' && (body.role !== undefined || ctx.principal.role !== 'owner'))
        throw apiError(
          AuthErrorCode.OwnerProtected,
          "The Owner's role changes only when the Owner transfers ownership.",
        );
      const current = await this.team.findMembership(site.id, userId);
      const row = {
        site_id: site.id,
        user_id: userId,
        role: body.role ?? role,
        notes_access: body.notes_access ?? Boolean(current?.notes_access),
      };
      await this.team.updateMembership(site.id, m, row);
      await writeAuditEvent(m, site, 'member.update', { type: 'user', id: userId });
      return row;
    });
  }

  async remove(site: SiteContext, userId: number): Promise<void> {
    await this.rows.transaction(async (m) => {
      const role = await this.rows.lockedRole(site.id, m, userId);
      if (!role) throw notMember();
      if (role === 'owner')
        throw apiError(
          AuthErrorCode.OwnerProtected,
          'The Owner cannot be removed. The Owner can transfer ownership to another member first.',
        );
      await this.team.deleteMembership(site.id, m, userId);
      await writeAuditEvent(m, site, 'member.remove', { type: 'user', id: userId });
    });
  }

  /** The Owner alone hands the site to another member and becomes an Admin. */
  async transfer(site: SiteContext, ctx: RequestContext, userId: number) {
    if (ctx.principal.role !== 'owner')
      throw roleForbidden(ctx.principal.role, 'transfer ownership');
    const from = ctx.principal.userId;
    if (userId === from) throw fieldError('user_id', 'You are already the Owner.');
    return this.rows.transaction(async (m) => {
      const ownerRole = await this.rows.lockedRole(site.id, m, from);
      if (ownerRole !== 'owner') throw roleForbidden(ownerRole, 'transfer ownership');
      const person = await this.team.findUser(userId, m);
      if (!person || !(await this.rows.lockedRole(site.id, m, userId)))
        throw fieldError('user_id', 'That person is not a member of the site.');
      await this.rows.transferOwnership(site.id, m, from, { userId, accountId: person.account_id });
      await writeAuditEvent(m, site, 'site.transfer', { type: 'user', id: userId });
      return {
        owner: { user_id: userId },
        previous_owner: { user_id: from, role: 'admin' as const },
      };
    });
  }

  async listKeys(site: SiteContext) {
    return (await this.rows.keys(site.id)).map(keyView);
  }

  /** Spec 5.1: the token is in this answer only. */
  async createKey(site: SiteContext, ctx: RequestContext, body: NewKeyDto) {
    const name = body.name.trim();
    if (!name) throw fieldError('name', 'The name field is required.');
    const key = await this.keys.create({
      siteId: site.id,
      userId: ctx.principal.userId,
      name,
      scope: body.scope,
      design: Boolean(body.design),
      notes: Boolean(body.notes),
    });
    const row = (await this.rows.keys(site.id)).find((k) => Number(k.id) === key.id) as KeyRow;
    return { ...keyView(row), token: key.token };
  }

  async revokeKey(site: SiteContext, keyId: number): Promise<void> {
    await this.rows.transaction(async (m) => {
      if (!(await this.rows.revokeKey(site.id, m, keyId)))
        throw apiError(CommonErrorCode.NotFound, 'No active API key with that id.');
      await writeAuditEvent(m, site, 'key.revoke', { type: 'api_key', id: keyId });
    });
  }
}
