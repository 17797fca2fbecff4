import { AddColumnsMigration } from './ddl';

/**
 * Issue 36 item 6: an event carries the W3C `traceparent` of the write that announced it (the
 * writer's span), on its outbox row (written in the write's transaction) and on the dispatcher's
 * `webhook_events` row, so each webhook attempt is a span of the write's trace. Null with tracing
 * off. 55 characters: `00-<32 hex>-<16 hex>-<2 hex>`.
 */
export class TraceContext1795739000000 extends AddColumnsMigration {
  name = 'TraceContext1795739000000';

  protected columns = {
    outbox: { traceparent: 'VARCHAR(55) NULL' },
    webhook_events: { traceparent: 'VARCHAR(55) NULL' },
  };
}
