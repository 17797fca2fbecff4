import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOAuth2, ApiOperation } from '@nestjs/swagger';
import { Ctx, CurrentSite, Scopes, SiteOptional } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { WebhooksAccessGuard } from './webhooks-access.guard';
import { WEBHOOK_NOT_FOUND, WebhooksService } from './webhooks.service';
import { notFound } from '@hc/contracts';
import { IdParam } from '@hc/http';

/** Spec 4.8. Access (Read & write key or `webhooks.manage`) is decided by WebhooksAccessGuard. */
@Controller('webhooks')
@Scopes()
@UseGuards(WebhooksAccessGuard)
@ApiOAuth2(['webhooks.manage'])
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @ApiOperation({ summary: 'Register a webhook' })
  @Post()
  @HttpCode(201)
  register(@CurrentSite() site: SiteContext, @Body() dto: CreateWebhookDto) {
    return this.webhooks.register(site, dto);
  }

  @ApiOperation({ summary: 'List webhooks' })
  @Get()
  @SiteOptional()
  list(@Ctx() ctx: RequestContext) {
    return this.webhooks.list(ctx);
  }

  @ApiOperation({ summary: 'Delete a webhook' })
  @Delete(':webhookId')
  @SiteOptional()
  remove(
    @Ctx() ctx: RequestContext,
    @IdParam('webhookId', () => notFound(WEBHOOK_NOT_FOUND)) webhookId: number,
  ) {
    return this.webhooks.delete(ctx, webhookId);
  }
}
