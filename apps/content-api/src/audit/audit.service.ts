import { Injectable } from '@nestjs/common';
import { apiError, ContentErrorCode, fieldError, messages } from '@hc/contracts';
import type { RequestContext, SiteContext } from '@hc/auth';
import { pageMeta, queryEnum, queryString, readPaging } from '@hc/http';
import { toAuditEntryResponse } from './audit.mapper';
import { AuditRepository } from './audit.repository';

const ACTOR_KINDS = ['api_key', 'oauth', 'mcp', 'operator'] as const;
const DATE = /^\d{4}-\d\d-\d\d$/;

/** A `from`/`to` day (YYYY-MM-DD, UTC); `to` includes its whole day. */
function queryDay(query: Record<string, unknown>, field: string, endOfDay: boolean) {
  const v = queryString(query, field, { max: 10 });
  if (v === undefined) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  if (!DATE.test(v) || Number.isNaN(d.getTime())) {
    throw fieldError(field, messages.string(field), undefined, 422);
  }
  return endOfDay ? new Date(d.getTime() + 86_400_000) : d;
}

/** GET /audit (issue 24 item 2). */
@Injectable()
export class AuditService {
  constructor(private readonly audit: AuditRepository) {}

  async list(ctx: RequestContext, site: SiteContext, query: Record<string, unknown>) {
    // The person behind the credential (the key's creator, the token's person) must be an
    // Owner or Admin of the site now; no new OAuth scope (spec 5.2 fixes scopes_supported).
    const role = ctx.principal.role;
    if (role !== 'owner' && role !== 'admin') {
      throw apiError(
        ContentErrorCode.AuditForbidden,
        'The audit log needs an Owner or Admin behind the credential.',
      );
    }
    const paging = readPaging(query, { defaultSize: 50, maxSize: 100, overMax: 422 });
    const { rows, total } = await this.audit.page(
      site.id,
      {
        action: queryString(query, 'action', { max: 64 }),
        targetType: queryString(query, 'target_type', { max: 32 }),
        targetId: queryString(query, 'target_id', { max: 64 }),
        actor: queryEnum(query, 'actor', ACTOR_KINDS),
        from: queryDay(query, 'from', false),
        to: queryDay(query, 'to', true),
      },
      paging.perPage,
      paging.offset,
    );
    return {
      status: 'success',
      entries: rows.map(toAuditEntryResponse),
      meta: pageMeta(paging, total),
    };
  }
}
