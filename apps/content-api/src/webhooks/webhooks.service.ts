import { Inject, Injectable } from '@nestjs/common';
import { notFound, validationError } from '@hc/contracts';
import type { HostCheck } from '@hc/net';
import type { RequestContext, SiteContext } from '@hc/auth';
import type { CreateWebhookDto } from './dto/create-webhook.dto';
import { checkRegistration } from './webhook-registration';
import { toWebhookResponse } from './webhook.mapper';
import { SignatureScheme, WebhooksRepository } from './webhooks.repository';
import type { SiteId } from '@hc/contracts';

export const HOST_CHECK = Symbol('HOST_CHECK');
export type HostChecker = (url: string) => Promise<HostCheck>;

export const WEBHOOK_NOT_FOUND = 'Webhook subscription not found.';
/** Issue 34 item 6: the answer past MAX_WEBHOOKS_PER_SITE (spec 7's validation shape on `url`). */
export const TOO_MANY_WEBHOOKS = 'This site already has 100 webhooks.';

@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    @Inject(HOST_CHECK) private readonly checkHost: HostChecker,
  ) {}

  /** Spec 4.8; `standard` (issue 23, POST /webhooks/standard) under the same rules. */
  async register(site: SiteContext, dto: CreateWebhookDto, scheme: SignatureScheme = 'service') {
    const { url, secret } = await checkRegistration(dto, this.checkHost);
    const row = await this.webhooks.insert(site, url, secret, scheme);
    if (!row) throw validationError({ url: [TOO_MANY_WEBHOOKS] });
    return { webhook: toWebhookResponse(row, true) };
  }

  async list(ctx: RequestContext) {
    const rows = await this.webhooks.list(reachableSites(ctx));
    return {
      webhooks: rows.map((row) => toWebhookResponse(row)),
      meta: { items_count: rows.length },
    };
  }

  /** Spec 4.8: permanent, pending retries dropped, only webhooks that can be listed. */
  async delete(ctx: RequestContext, id: number) {
    if (!(await this.webhooks.delete(reachableSites(ctx), id))) {
      throw notFound(WEBHOOK_NOT_FOUND);
    }
    return { message: 'Webhook subscription deleted.' };
  }
}

/**
 * The sites whose webhooks a request sees: the chosen site, or with an OAuth token and no site
 * chosen every site shared with the app (spec 4.8: "an OAuth token may list several sites'").
 */
export function reachableSites(ctx: RequestContext): SiteId[] {
  if (ctx.site) return [ctx.site.id];
  return ctx.credential.kind === 'oauth' ? ctx.credential.siteIds : [];
}
