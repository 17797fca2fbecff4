import { Controller, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Ctx, Scopes, SiteOptional } from '@hc/auth';
import type { RequestContext } from '@hc/auth';
import { SitesService } from './sites.service';

@Controller('sites')
export class SitesController {
  constructor(private readonly sites: SitesService) {}

  /** Spec 4.3: works before a site is chosen. */
  @ApiOperation({ summary: 'Sites the credential reaches' })
  @Get()
  @Scopes()
  @SiteOptional()
  list(@Ctx() ctx: RequestContext) {
    return this.sites.listForContext(ctx);
  }
}
