import { Body, Controller, Delete, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOAuth2 } from '@nestjs/swagger';
import { Ctx, CurrentSite, Scopes, SiteOptional } from '@hc/auth';
import type { RequestContext, SiteContext } from '@hc/auth';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { WebhooksAccessGuard } from './webhooks-access.guard';
import { WEBHOOK_NOT_FOUND, WebhooksService } from './webhooks.service';
import { notFound } from '@hc/contracts';
import { IdParam, pagingOf, wrapSuccess } from '@hc/http';
import { DeliveriesQuery } from './dto/deliveries-query.dto';
import { DeliveryLogService } from './delivery-log.service';
import { routeKind } from '../http/content-routes';

const WebhookIdParam = () => IdParam('webhookId', () => notFound(WEBHOOK_NOT_FOUND));
const DeliveryIdParam = () => IdParam('deliveryId', () => notFound(WEBHOOK_NOT_FOUND));

/** Registers a webhook on the current site: 201 with the webhook. */
const RegisterRoute = routeKind(() => [HttpCode(201)]);
/** Reaches the credential's webhooks whatever the site, so it works before a site is chosen. */
const AnySiteRoute = routeKind(() => [SiteOptional()]);

/** Spec 4.8. Access (Read & write key or `webhooks.manage`) is decided by WebhooksAccessGuard. */
@Controller('webhooks')
@Scopes()
@UseGuards(WebhooksAccessGuard)
@ApiOAuth2(['webhooks.manage'])
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly log: DeliveryLogService,
  ) {}

  @RegisterRoute(Post(), {
    summary: 'Register a webhook',
    description:
      'Spec 4.8; 201 with the webhook and its secret. The webhook shows signature_scheme = service (issue 23): its deliveries carry the spec 6 headers only.',
  })
  async register(@CurrentSite() site: SiteContext, @Body() dto: CreateWebhookDto) {
    return wrapSuccess(await this.webhooks.register(site, dto));
  }

  @RegisterRoute(Post('standard'), {
    summary: 'Register a Standard Webhooks webhook',
    description:
      "Same body and rules as POST /webhooks (issue 23). Its deliveries also carry webhook-id (the same on every attempt and redelivery of one event), webhook-timestamp (the attempt's time) and webhook-signature (v1, + base64 HMAC-SHA256 of id.timestamp.body); the response gives the secret also as standard_secret (whsec_ + base64 of its bytes) and signature_scheme = standard.",
  })
  async registerStandard(@CurrentSite() site: SiteContext, @Body() dto: CreateWebhookDto) {
    return wrapSuccess(await this.webhooks.register(site, dto, 'standard'));
  }

  @AnySiteRoute(Get(), {
    summary: 'List webhooks',
    description:
      'Spec 4.8, oldest first, no secrets; each with signature_scheme: service (POST /webhooks) or standard (POST /webhooks/standard, issue 23).',
  })
  async list(@Ctx() ctx: RequestContext) {
    return wrapSuccess(await this.webhooks.list(ctx));
  }

  @AnySiteRoute(Delete(':webhookId'), {
    summary: 'Delete a webhook',
    description: 'Spec 4.8, either signature scheme; pending retries are dropped.',
  })
  async remove(@Ctx() ctx: RequestContext, @WebhookIdParam() webhookId: number) {
    return wrapSuccess(await this.webhooks.delete(ctx, webhookId));
  }

  @AnySiteRoute(Get(':webhookId/deliveries'), {
    summary: "List a webhook's deliveries",
    description:
      'Newest first, each with its attempts (issue 23). Kept for HC_WEBHOOK_LOG_RETENTION (7 days).',
  })
  async deliveries(
    @Ctx() ctx: RequestContext,
    @WebhookIdParam() webhookId: number,
    @Query() query: DeliveriesQuery,
  ) {
    const filter = { event: query.event, status: query.status };
    return wrapSuccess(await this.log.list(ctx, webhookId, filter, pagingOf(query, 50)));
  }

  @AnySiteRoute(Get(':webhookId/deliveries/:deliveryId'), {
    summary: 'Read one delivery',
    description: 'Its attempts with the exact request headers sent, and the request body.',
  })
  async delivery(
    @Ctx() ctx: RequestContext,
    @WebhookIdParam() webhookId: number,
    @DeliveryIdParam() deliveryId: number,
  ) {
    return wrapSuccess(await this.log.get(ctx, webhookId, deliveryId));
  }

  @AnySiteRoute(Post(':webhookId/test'), {
    summary: 'Send a test event',
    description:
      'Issue 39: queues a `webhook.test` event (see the webhooks section) for this webhook only, never the site’s others; signed, retried and logged like every delivery.',
  })
  @HttpCode(202)
  async sendTest(@Ctx() ctx: RequestContext, @WebhookIdParam() webhookId: number) {
    return wrapSuccess(await this.log.sendTest(ctx, webhookId));
  }

  @AnySiteRoute(Post(':webhookId/deliveries/:deliveryId/redeliver'), {
    summary: 'Redeliver a delivery',
    description:
      'One new attempt of the event to the webhook now, whatever the original state: the same body and X-Service-Signature, a new X-Service-Delivery (issue 23).',
  })
  @HttpCode(202)
  async redeliver(
    @Ctx() ctx: RequestContext,
    @WebhookIdParam() webhookId: number,
    @DeliveryIdParam() deliveryId: number,
  ) {
    return wrapSuccess(await this.log.redeliver(ctx, webhookId, deliveryId));
  }
}
