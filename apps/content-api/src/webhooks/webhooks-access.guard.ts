import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { insufficientScope } from '@hc/contracts';
import { roleForbidden } from '@hc/auth';
import type { HcRequest } from '@hc/auth';

/**
 * Spec 4.8 and 5.1: the webhook endpoints need a Read & write key (`content.write`) or a token
 * with `webhooks.manage`, or a dashboard session of an Owner or Admin. Runs after the global credential guard, which has resolved `req.hc`.
 */
@Injectable()
export class WebhooksAccessGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const hc = ctx.switchToHttp().getRequest<HcRequest>().hc;
    if (!hc) return false;
    if (hc.credential.kind === 'api_key') {
      if (!hc.scopes.has('content.write')) throw insufficientScope('content.write');
    } else if (hc.credential.kind === 'dashboard') {
      // Issue 37: an Owner or Admin of the site, by the person's current role.
      if (!hc.scopes.has('webhooks.manage')) throw roleForbidden(hc.principal.role);
    } else if (!hc.scopes.has('webhooks.manage')) {
      throw insufficientScope('webhooks.manage');
    }
    return true;
  }
}
