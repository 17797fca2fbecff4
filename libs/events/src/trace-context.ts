import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import type { Context } from '@opentelemetry/api';

/**
 * Issue 36 item 6: an event's W3C trace context, from the write that announced it to each of its
 * webhook attempts. The writer stores the active span's `traceparent` on the outbox row (same
 * transaction), the relay copies it into the Kafka message's `traceparent` header, the dispatcher
 * keeps it on the `webhook_events` row, and each attempt is a span whose parent it names. With
 * tracing off (no SDK registered) there is no active span and nothing is stored.
 */

/** `version-traceid-spanid-flags`, as W3C Trace Context writes it (version 00). */
const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The active span's `traceparent`, or null (no span, tracing off). */
export function currentTraceparent(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return validTraceparent(carrier.traceparent);
}

/** `value` when it is a well-formed `traceparent`, else null (a header from outside). */
export function validTraceparent(value: unknown): string | null {
  return typeof value === 'string' && TRACEPARENT.test(value) ? value : null;
}

/** The context an event's work continues: its write's span, or a new root. */
export function eventTraceContext(traceparent: string | null | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/**
 * Marks a Kafka message with the trace context it must carry, for the kafkajs instrumentation's
 * producer hook (libs/http/src/tracing.ts): the instrumentation writes its own producer span into
 * `traceparent`, and the hook puts the event's back (or removes it when the event has none).
 */
export const EVENT_TRACEPARENT = Symbol.for('hc.events.traceparent');
