// Every entity of the one schema. Add a domain's entities to ENTITIES when adding its file.
import { OutboxEntity } from './outbox.entity';
import {
  AccountEntity,
  ApiKeyEntity,
  MembershipEntity,
  SiteEntity,
  UserEntity,
} from './tenancy.entities';

export * from './outbox.entity';
export * from './tenancy.entities';

export const ENTITIES = [
  AccountEntity,
  UserEntity,
  SiteEntity,
  MembershipEntity,
  ApiKeyEntity,
  OutboxEntity,
];
