import { canManageKeys } from '@hc/contracts';
import { roleForbidden } from '@hc/auth';
import type { RequestContext } from '@hc/auth';

/**
 * Issue 38's role table: members, invitations and API keys are an Owner's or an Admin's, read
 * from the person's current membership on every request (the routes are session-only).
 */
export function requireTeamAdmin(ctx: RequestContext, what = 'manage the team and API keys'): void {
  if (!canManageKeys(ctx.principal.role)) throw roleForbidden(ctx.principal.role, what);
}
