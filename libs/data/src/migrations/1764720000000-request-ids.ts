import { AddColumnsMigration } from './ddl';

/**
 * Issue 18: the id of the request that caused an event rides with it (outbox row, then the
 * dispatcher's event copy) so the dispatcher's delivery log lines carry it. Metadata only: it
 * is never part of a webhook body or header (spec 6).
 */
export class RequestIds1764720000000 extends AddColumnsMigration {
  name = 'RequestIds1764720000000';

  protected columns = {
    outbox: { request_id: 'VARCHAR(128) NULL' },
    webhook_events: { request_id: 'VARCHAR(128) NULL' },
  };
}
