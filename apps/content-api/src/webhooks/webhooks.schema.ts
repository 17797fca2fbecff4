import type { ResponseTable } from '@hc/http';
import { agrees, answers, arr, constant, fails, formatB, id, int, map, more } from '@hc/http';
import { nullable, obj, ok, oneOfStr, PAGE_META, refTo, refused, shared, str } from '@hc/http';
import { success } from '@hc/http';
import { CONFIRMATION, notFoundJson, validation } from '../http/answers.schema';
import type { toWebhookResponse } from './webhook.mapper';
import type { WebhooksController } from './webhooks.controller';

/** The `Webhook` component (spec 2.6): what `toWebhookResponse` returns, held against its type. */
export const WEBHOOK_SCHEMA = agrees<ReturnType<typeof toWebhookResponse>>()(
  more(
    obj(
      {
        id,
        url: str,
        site_id: int,
        active: constant(true),
        last_delivered_at: nullable(formatB),
        created_at: formatB,
        signature_scheme: oneOfStr('service', 'standard'),
        secret: str,
        standard_secret: more(str, { pattern: '^whsec_' }),
      },
      ['secret', 'standard_secret'],
    ),
    {
      description:
        'Spec 2.6; `secret` only in the response that registers the webhook (a standard ' +
        'webhook also gets it as `standard_secret`); `signature_scheme` says how deliveries are signed.',
      examples: [
        {
          id: 1,
          url: 'https://hooks.example.com/help-center',
          site_id: 5,
          active: true,
          last_delivered_at: null,
          created_at: '2026-01-31T09:30:00+00:00',
          signature_scheme: 'service',
        },
      ],
    },
  ),
  true,
);

/** The `WebhookDelivery` component: a delivery of the log with its attempts (issue 23). */
const DELIVERY_SCHEMA = obj(
  {
    id,
    redelivery_of: nullable(int),
    event: str,
    occurred_at: nullable(formatB),
    status: oneOfStr('pending', 'delivered', 'failed', 'dropped', 'skipped'),
    next_attempt_at: nullable(formatB),
    created_at: formatB,
    attempts: arr(
      obj(
        {
          attempt: int,
          delivery_id: str,
          started_at: formatB,
          duration_ms: nullable(int),
          response_status: nullable(int),
          error_kind: nullable(str),
          response_body: nullable(str),
          request_headers: map(str),
        },
        ['request_headers'],
      ),
    ),
    request_body: str,
  },
  ['request_body'],
);
const delivery = refTo('WebhookDelivery', DELIVERY_SCHEMA);

/** `{status, webhook}` (`WebhookAnswer`), `{status, delivery}` (`DeliveryAnswer`). */
const WEBHOOK_ANSWER = answers<WebhooksController, 'register'>()(
  obj({ status: success, webhook: refTo('Webhook', WEBHOOK_SCHEMA) }),
  true,
);
answers<WebhooksController, 'registerStandard'>()(WEBHOOK_ANSWER, true);
const DELIVERY_ANSWER = answers<WebhooksController, 'delivery'>()(
  obj({ status: success, delivery }),
  true,
);
answers<WebhooksController, 'redeliver'>()(DELIVERY_ANSWER, true);

export const WEBHOOK_SCHEMAS = {
  Webhook: WEBHOOK_SCHEMA,
  WebhookDelivery: DELIVERY_SCHEMA,
  WebhookAnswer: WEBHOOK_ANSWER,
  DeliveryAnswer: DELIVERY_ANSWER,
};

const confirmed = refTo('Confirmation', CONFIRMATION);
const deliveryAnswer = refTo('DeliveryAnswer', DELIVERY_ANSWER);
const unknownWebhook = notFoundJson('Webhook subscription not found.');

/** POST /webhooks and POST /webhooks/standard (issue 23): the same rules and answers. */
const webhookRegistration = {
  201: ok('Registered; the `secret` is shown only here.', refTo('WebhookAnswer', WEBHOOK_ANSWER)),
  422: shared(
    'InvalidWebhookUrl',
    refused('Invalid `url` or `secret`.', {
      status: 'validation_error',
      message: 'The request could not be accepted.',
      errors: { url: ['The url must be a publicly reachable address'] },
    }),
  ),
  500: fails('`url` or `secret` over 191 characters (spec 7).', 'ServerErrorBody'),
};

/** The answers of the webhooks' routes (spec 4.8, issue 23), held against their handlers. */
export const WEBHOOK_RESPONSES: ResponseTable = {
  WebhooksController_register: webhookRegistration,
  WebhooksController_registerStandard: webhookRegistration,
  WebhooksController_list: {
    200: ok(
      'Webhooks of the site.',
      answers<WebhooksController, 'list'>()(
        obj({
          status: success,
          webhooks: arr(refTo('Webhook', WEBHOOK_SCHEMA)),
          meta: obj({ items_count: int }),
        }),
        true,
      ),
    ),
  },
  WebhooksController_remove: {
    200: ok('Deleted.', answers<WebhooksController, 'remove'>()(confirmed, true), {
      status: 'success',
      message: 'Webhook subscription deleted.',
    }),
    404: unknownWebhook,
  },
  WebhooksController_deliveries: {
    200: ok(
      'Deliveries with their attempts, newest first.',
      answers<WebhooksController, 'deliveries'>()(
        obj({ status: success, deliveries: arr(delivery), meta: refTo('PageMeta', PAGE_META) }),
        true,
      ),
    ),
    404: unknownWebhook,
    422: validation,
  },
  WebhooksController_delivery: {
    200: ok('One delivery with request headers and body.', deliveryAnswer),
    404: unknownWebhook,
  },
  WebhooksController_sendTest: {
    202: ok(
      'The `webhook.test` event is queued for this webhook only; its delivery appears in the log.',
      answers<WebhooksController, 'sendTest'>()(confirmed, true),
      { status: 'success', message: 'Test event queued.' },
    ),
    404: unknownWebhook,
  },
  WebhooksController_redeliver: {
    202: ok('A new delivery of the same event (same body and signature).', deliveryAnswer),
    404: unknownWebhook,
  },
};
