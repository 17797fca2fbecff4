import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '@hc/client';
import { api, unwrap } from '../api/client';
import { PAGE_SIZE } from '../ui/paging';
import { useWrite } from '../ui/use-write';
import type { DeliveryEvent, DeliveryState } from './search';

export type NewWebhook = components['schemas']['CreateWebhookDto'] & { standard: boolean };
export type Delivery = components['schemas']['WebhookDelivery'];

/** What the delivery log shows: a state, an event, a page (all optional). */
export interface LogFilters {
  status?: DeliveryState;
  event?: DeliveryEvent;
  page?: number;
}

const path = (webhookId: number) => ({ params: { path: { webhookId } } });

/** The site's webhooks (spec 4.8): list, register (the secret answered once), delete, test. */
export function useWebhooks(siteId: number) {
  const key = ['webhooks', siteId];
  return {
    list: useQuery({ queryKey: key, queryFn: () => unwrap(api.GET('/v1/webhooks')) }),
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

/**
 * One page of a webhook's delivery log (issue 23), newest first, filtered by state and event as
 * GET /v1/webhooks/{id}/deliveries does it, and redelivering one of them.
 */
export function useDeliveries(siteId: number, webhookId: number, filters: LogFilters) {
  const key = ['webhook-deliveries', siteId];
  const query = {
    page: filters.page ?? 1,
    limit: PAGE_SIZE,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.event ? { event: filters.event } : {}),
  };
  return {
    list: useQuery({
      queryKey: [...key, webhookId, query],
      queryFn: () =>
        unwrap(
          api.GET('/v1/webhooks/{webhookId}/deliveries', {
            params: { path: { webhookId }, query },
          }),
        ),
      placeholderData: keepPreviousData,
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
