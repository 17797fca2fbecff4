import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { OutboundError } from '@hc/net';
import type { SafeFetchOptions, SafeResponse } from '@hc/net';
import { DISPATCHER, OUTBOUND_FETCH } from './dispatcher.options';
import type { AttemptLog, AttemptOutcome, DeliveryClaim } from './deliveries.repository';
import { signBody, standardHeaders } from './signature';

export type OutboundFetch = (url: string, options: SafeFetchOptions) => Promise<SafeResponse>;

/** Address refusals: spec 6, "skipped without retries". */
const SKIP_REASONS = new Set(['private_address', 'unresolvable', 'invalid_url', 'not_https']);

/** Issue 23: the delivery log keeps this much of a receiver's answer. */
export const LOGGED_RESPONSE_BYTES = 2048;

/** The delivery log's error kind: the fetcher's reason, `address_refused` for spec 6 refusals. */
function errorKind(err: unknown): string {
  if (!(err instanceof OutboundError)) return 'error';
  if (SKIP_REASONS.has(err.reason)) return 'address_refused';
  if (err.reason === 'connection_failed' && /ECONNREFUSED/.test(err.message))
    return 'connection_refused';
  return err.reason;
}

/** Makes one delivery attempt: a signed POST through the SSRF-safe fetcher (spec 6). */
@Injectable()
export class DeliverySender {
  constructor(@Inject(OUTBOUND_FETCH) private readonly fetch: OutboundFetch) {}

  async attempt(claim: DeliveryClaim): Promise<AttemptOutcome> {
    if (claim.url === null || claim.secret === null)
      return { kind: 'skipped', error: 'webhook deleted' };
    const body = Buffer.from(claim.body, 'utf8');
    const startedAt = new Date();
    const headers: Record<string, string> & { 'X-Service-Delivery': string } = {
      'Content-Type': 'application/json',
      'Content-Length': String(body.length),
      'User-Agent': 'HelpCenter-Webhooks/1.0',
      'X-Service-Signature': signBody(claim.secret, body),
      'X-Service-Event': claim.event,
      // A new id on every attempt, retries included.
      'X-Service-Delivery': randomUUID(),
      // Issue 23: only for webhooks registered through POST /webhooks/standard.
      ...(claim.scheme === 'standard'
        ? standardHeaders(claim.secret, claim.webhookId, claim.eventId, body, startedAt)
        : {}),
    };
    const started = performance.now();
    // Issue 23: what was sent and what came back, for the delivery log (never the secret).
    const log = (status: number | null, error: string | null, response?: Buffer): AttemptLog => ({
      deliveryUuid: headers['X-Service-Delivery'],
      startedAt,
      durationMs: Math.round(performance.now() - started),
      status,
      errorKind: error,
      responseBody: response ? response.subarray(0, LOGGED_RESPONSE_BYTES).toString('utf8') : null,
      requestHeaders: headers,
    });
    try {
      const res = await this.fetch(claim.url, {
        method: 'POST',
        headers,
        body,
        timeoutMs: DISPATCHER.timeoutMs,
        maxBytes: DISPATCHER.maxResponseBytes,
        // Redirects are not followed: a 3xx is an answer below 400, so delivered.
        maxRedirects: 0,
        // Receivers get many deliveries: reuse connections (pooled per vetted address).
        keepAlive: true,
      });
      const entry = log(res.status, null, res.body);
      if (res.status < 400) return { kind: 'delivered', status: res.status, log: entry };
      return { kind: 'failed', status: res.status, error: `HTTP ${res.status}`, log: entry };
    } catch (err) {
      const entry = log(null, errorKind(err));
      if (err instanceof OutboundError) {
        if (SKIP_REASONS.has(err.reason))
          return { kind: 'skipped', error: `${err.reason}: ${err.message}`, log: entry };
        return {
          kind: 'failed',
          status: null,
          error: `${err.reason}: ${err.message}`,
          log: entry,
        };
      }
      return {
        kind: 'failed',
        status: null,
        error: err instanceof Error ? err.message : String(err),
        log: entry,
      };
    }
  }
}
