import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { eventTraceContext } from '@hc/events';
import type { AttemptOutcome, DeliveryClaim } from './deliveries.repository';

const tracer = trace.getTracer('webhook-dispatcher');

/**
 * Issue 36 item 6: one webhook attempt as a span whose parent is the span of the write that
 * announced the event (its `traceparent`, carried by the outbox row, the Kafka header and the
 * `webhook_events` row), so one article write can be followed to each delivery attempt. The
 * receiver gets no trace header: the attempt's request goes through libs/net, which is never
 * traced. With tracing off the span is the API's no-op.
 */
export function tracedAttempt(
  claim: DeliveryClaim,
  attempt: () => Promise<AttemptOutcome>,
): Promise<AttemptOutcome> {
  const span = tracer.startSpan(
    'webhook attempt',
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'hc.site.id': claim.siteId,
        'hc.webhook.id': claim.webhookId,
        'hc.delivery.id': claim.id,
        'hc.event.id': claim.eventId,
        'hc.event.name': claim.event,
        'hc.attempt': claim.attempts + 1,
      },
    },
    eventTraceContext(claim.traceparent),
  );
  return context.with(trace.setSpan(context.active(), span), async () => {
    try {
      const outcome = await attempt();
      span.setAttribute('hc.outcome', outcome.kind);
      if (outcome.kind !== 'skipped' && outcome.status !== null)
        span.setAttribute('http.response.status_code', outcome.status);
      if (outcome.kind !== 'delivered')
        span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error });
      return outcome;
    } finally {
      span.end();
    }
  });
}
