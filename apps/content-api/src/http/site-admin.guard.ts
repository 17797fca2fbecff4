import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { roleForbidden } from '@hc/auth';
import type { HcRequest } from '@hc/auth';

/**
 * Issue 37's role table: members, API keys, webhooks, site settings and the audit log are an
 * Owner's or Admin's, by the person's current role (read again on every request). Runs after
 * the global credential guard, which has resolved `req.hc` and refused keys and tokens on
 * session-only routes.
 */
@Injectable()
export class SiteAdminGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const hc = ctx.switchToHttp().getRequest<HcRequest>().hc;
    if (!hc) return false;
    const role = hc.principal.role;
    if (role !== 'owner' && role !== 'admin') throw roleForbidden(role, 'change site settings');
    return true;
  }
}
