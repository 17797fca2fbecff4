import { Allow } from 'class-validator';

/**
 * POST /webhooks (spec 4.8). The fields are checked by `checkRegistration` so each gets exactly
 * the spec's one message; anything else sent (`events`, …) is dropped by the global pipe.
 */
export class CreateWebhookDto {
  @Allow() url?: unknown;
  @Allow() secret?: unknown;
}
