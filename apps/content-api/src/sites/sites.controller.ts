import { wrapSuccess } from '@hc/http';
import { Controller, Get } from '@nestjs/common';
import { Ctx } from '@hc/auth';
import type { RequestContext } from '@hc/auth';
import { SitesService } from './sites.service';
import { AnyCredential } from '../http/content-routes';

@Controller('sites')
export class SitesController {
  constructor(private readonly sites: SitesService) {}

  /** Spec 4.3: works before a site is chosen. */
  @AnyCredential(Get(), 'Sites the credential reaches')
  async list(@Ctx() ctx: RequestContext) {
    return wrapSuccess(await this.sites.listForContext(ctx));
  }
}
