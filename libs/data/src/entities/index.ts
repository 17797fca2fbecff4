// Every entity of the one schema. Add a domain's entities to ENTITIES when adding its file.
import { OutboxEntity } from './outbox.entity';
import {
  AccountEntity,
  ApiKeyEntity,
  MembershipEntity,
  SiteEntity,
  UserEntity,
} from './tenancy.entities';
import { WebhookDeliveryEntity, WebhookEntity, WebhookEventEntity } from './webhooks.entities';

export * from './outbox.entity';
export * from './tenancy.entities';
export * from './webhooks.entities';

export const ENTITIES = [
  AccountEntity,
  UserEntity,
  SiteEntity,
  MembershipEntity,
  ApiKeyEntity,
  OutboxEntity,
  WebhookEntity,
  WebhookEventEntity,
  WebhookDeliveryEntity,
];
