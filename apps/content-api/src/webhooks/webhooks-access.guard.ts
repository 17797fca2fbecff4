import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { insufficientScope } from '@hc/contracts';
import type { HcRequest } from '@hc/auth';

/**
 * Spec 4.8 and 5.1: the webhook endpoints need a Read & write key (`content.write`) or a token
 * with `webhooks.manage`. Runs after the global credential guard, which has resolved `req.hc`.
 */
@Injectable()
export class WebhooksAccessGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const hc = ctx.switchToHttp().getRequest<HcRequest>().hc;
    if (!hc) return false;
    if (hc.credential.kind === 'api_key') {
      if (!hc.scopes.has('content.write')) throw insufficientScope('content.write');
    } else if (!hc.scopes.has('webhooks.manage')) {
      throw insufficientScope('webhooks.manage');
    }
    return true;
  }
}
