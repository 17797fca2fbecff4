// Every migration, oldest first. File names start with their timestamp; add new ones at the end.
import { Tenancy1763800000000 } from './1763800000000-tenancy';
import { Webhooks1764300000000 } from './1764300000000-webhooks';

export const MIGRATIONS = [Tenancy1763800000000, Webhooks1764300000000];
