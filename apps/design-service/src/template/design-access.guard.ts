import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { apiError, canEditDesign, DesignErrorCode } from '@hc/contracts';
import type { HcRequest } from '@hc/auth';
import { customizerMigrationUrl } from './template.mapper';

/**
 * Runs after the credential and rate-limit guards on every design route:
 * spec 5.2 per-design access check (403 design_forbidden when the key's creator or the approving
 * person can no longer edit the design), then spec 4.12 (409 template_migration_required with
 * `customizer_url` on a site not on the template editor; nothing changes).
 */
@Injectable()
export class DesignAccessGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const hc = ctx.switchToHttp().getRequest<HcRequest>().hc;
    if (!hc?.site) return true; // the credential guard already refused a request without a site
    if (!canEditDesign(hc.principal.role)) {
      throw apiError(
        DesignErrorCode.DesignForbidden,
        "The person behind this credential can no longer edit this site's design (Owner, Admin or Editor needed).",
      );
    }
    if (!hc.site.templateEditor) {
      const url = customizerMigrationUrl(hc.site);
      throw apiError(
        DesignErrorCode.TemplateMigrationRequired,
        `This site still uses the legacy customizer. Switch it to the template editor at ${url} to use the design API.`,
        { customizer_url: url },
      );
    }
    return true;
  }
}
