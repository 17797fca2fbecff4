import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { HcRequest } from '@hc/auth';
import { assertStagingAvailable } from './staged.service';

/**
 * Spec 4.5: staging needs the Catalyst plan with early-preview access. A guard, so the plan's
 * 403 comes before the body is judged at the edge. Without a site the route's site check answers.
 */
@Injectable()
export class StagingPlanGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const site = ctx.switchToHttp().getRequest<HcRequest>().hc?.site;
    if (site) assertStagingAvailable(site);
    return true;
  }
}
