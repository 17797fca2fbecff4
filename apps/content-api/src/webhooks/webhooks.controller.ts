import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { Ctx, CurrentSite, Scopes, SiteOptional } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { WebhooksAccessGuard } from './webhooks-access.guard';
import { WebhooksService } from './webhooks.service';

/** Spec 4.8. Access (Read & write key or `webhooks.manage`) is decided by WebhooksAccessGuard. */
@Controller('webhooks')
@Scopes()
@UseGuards(WebhooksAccessGuard)
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(201)
  register(@CurrentSite() site: SiteContext, @Body() dto: CreateWebhookDto) {
    return this.webhooks.register(site, dto);
  }

  @Get()
  @SiteOptional()
  list(@Ctx() ctx: RequestContext) {
    return this.webhooks.list(ctx);
  }

  @Delete(':webhookId')
  @SiteOptional()
  remove(@Ctx() ctx: RequestContext, @Param('webhookId') webhookId: string) {
    return this.webhooks.delete(ctx, webhookId);
  }
}
