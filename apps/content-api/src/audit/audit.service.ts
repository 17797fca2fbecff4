import { Injectable } from '@nestjs/common';
import { apiError, ContentErrorCode } from '@hc/contracts';
import type { RequestContext, SiteContext } from '@hc/auth';
import { pageMeta, pagingOf } from '@hc/http';
import type { AuditQuery } from './dto/audit-query.dto';
import { toAuditEntryResponse } from './audit.mapper';
import { AuditRepository } from './audit.repository';

/** A checked `from`/`to` day (YYYY-MM-DD, UTC); `to` includes its whole day. */
function dayStart(day: string | undefined, endOfDay: boolean): Date | undefined {
  if (day === undefined) return undefined;
  const d = new Date(`${day}T00:00:00Z`);
  return endOfDay ? new Date(d.getTime() + 86_400_000) : d;
}

/** GET /audit (issue 24 item 2). */
@Injectable()
export class AuditService {
  constructor(private readonly audit: AuditRepository) {}

  async list(ctx: RequestContext, site: SiteContext, query: AuditQuery) {
    // The person behind the credential (the key's creator, the token's person) must be an
    // Owner or Admin of the site now; no new OAuth scope (spec 5.2 fixes scopes_supported).
    const role = ctx.principal.role;
    if (role !== 'owner' && role !== 'admin') {
      throw apiError(
        ContentErrorCode.AuditForbidden,
        'The audit log needs an Owner or Admin behind the credential.',
      );
    }
    const paging = pagingOf(query, 50);
    const { rows, total } = await this.audit.page(
      site.id,
      {
        action: query.action,
        targetType: query.target_type,
        targetId: query.target_id,
        actor: query.actor,
        userId: query.user_id,
        from: dayStart(query.from, false),
        to: dayStart(query.to, true),
      },
      paging.perPage,
      paging.offset,
    );
    return {
      entries: rows.map(toAuditEntryResponse),
      meta: pageMeta(paging, total),
    };
  }
}
