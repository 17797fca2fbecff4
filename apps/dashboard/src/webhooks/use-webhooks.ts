import { useQuery } from '@tanstack/react-query';
import type { components } from '@hc/client';
import { api, unwrap } from '../api/client';
import { useWrite } from '../ui/use-write';

export type NewWebhook = components['schemas']['CreateWebhookDto'] & { standard: boolean };
export type Delivery = components['schemas']['WebhookDelivery'];

const path = (webhookId: number) => ({ params: { path: { webhookId } } });

/** The site's webhooks (spec 4.8): list, register (the secret answered once), delete, test. */
export function useWebhooks(siteId: number, enabled = true) {
  const key = ['webhooks', siteId];
  return {
    list: useQuery({ queryKey: key, queryFn: () => unwrap(api.GET('/v1/webhooks')), enabled }),
    register: useWrite(key, ({ standard, ...body }: NewWebhook) =>
      unwrap(api.POST(standard ? '/v1/webhooks/standard' : '/v1/webhooks', { body })),
    ),
    remove: useWrite(key, (webhookId: number) =>
      unwrap(api.DELETE('/v1/webhooks/{webhookId}', path(webhookId))),
    ),
    sendTest: useWrite(['webhook-deliveries', siteId], (webhookId: number) =>
      unwrap(api.POST('/v1/webhooks/{webhookId}/test', path(webhookId))),
    ),
  };
}

/** One webhook's delivery log (issue 23), newest first, and redelivering one of them. */
export function useDeliveries(siteId: number, webhookId: number) {
  const key = ['webhook-deliveries', siteId];
  return {
    list: useQuery({
      queryKey: [...key, webhookId],
      queryFn: () => unwrap(api.GET('/v1/webhooks/{webhookId}/deliveries', path(webhookId))),
      refetchInterval: 3000,
    }),
    redeliver: useWrite(key, (deliveryId: number) =>
      unwrap(
        api.POST('/v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver', {
          params: { path: { webhookId, deliveryId } },
        }),
      ),
    ),
  };
}
