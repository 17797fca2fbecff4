import { wrapSuccess } from '@hc/http';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Ctx, CurrentSite, Scopes } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { AuditService } from './audit.service';
import { AuditQuery } from './dto/audit-query.dto';

/** Issue 24: who did each write, through which key, app or agent. */
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @ApiOperation({
    summary: 'Audit log, newest first (needs an Owner or Admin behind the credential)',
  })
  @Get()
  @Scopes('content.read')
  async list(
    @Ctx() ctx: RequestContext,
    @CurrentSite() site: SiteContext,
    @Query() query: AuditQuery,
  ) {
    return wrapSuccess(await this.audit.list(ctx, site, query));
  }
}
