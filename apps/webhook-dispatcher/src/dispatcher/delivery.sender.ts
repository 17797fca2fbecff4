import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { settings } from '@hc/contracts';
import { OutboundError, parseAllowlist } from '@hc/net';
import type { SafeFetchOptions, SafeResponse } from '@hc/net';
import { DISPATCHER, OUTBOUND_FETCH } from './dispatcher.options';
import type { AttemptLog, AttemptOutcome, DeliveryClaim } from './deliveries.repository';
import { signBody, standardHeaders } from './signature';

export type OutboundFetch = (url: string, options: SafeFetchOptions) => Promise<SafeResponse>;

/** Address refusals: spec 6, "skipped without retries". */
const SKIP_REASONS = new Set(['private_address', 'unresolvable', 'invalid_url', 'not_https']);

/** Issue 23: the delivery log keeps this much of a receiver's answer. */
export const LOGGED_RESPONSE_BYTES = 2048;

/** What the delivery log shows of an attempt to a host on the operator's allow-list. */
export const NOT_DELIVERED = 'not_delivered';

/**
 * Whether a receiver URL names a host of `HC_OUTBOUND_ALLOWLIST` (by name or address, with its
 * port): an internal host the operator opened to webhooks. Its answers and connection errors
 * would tell a tenant about the operator's network (issue 34 item 6), so the delivery log keeps
 * none of them.
 */
export function onOutboundAllowlist(url: string): boolean {
  const parsed = URL.parse(url);
  if (!parsed) return false;
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'http:' ? 80 : 443;
  return parseAllowlist(settings().outboundAllowlist).some(
    (e) => e.host === host && (e.port === null || e.port === port),
  );
}

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
    // Issue 34 item 6: for an allow-listed (internal) host, no body, status or error detail.
    // Internal by the URL's own name or address, or by where the fetcher connected: a name
    // of the tenant's own that resolves to an allow-listed (or any non-public) address.
    let internal = onOutboundAllowlist(claim.url);
    const log = (status: number | null, error: string | null, response?: Buffer): AttemptLog => ({
      deliveryUuid: headers['X-Service-Delivery'],
      startedAt,
      durationMs: Math.round(performance.now() - started),
      status: internal && (status === null || status >= 400) ? null : status,
      errorKind: internal && (error !== null || (status ?? 0) >= 400) ? NOT_DELIVERED : error,
      responseBody:
        response && !internal ? response.subarray(0, LOGGED_RESPONSE_BYTES).toString('utf8') : null,
      requestHeaders: headers,
    });
    const detail = (text: string) => (internal ? 'not delivered' : text);
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
      internal ||= res.internal === true;
      const entry = log(res.status, null, res.body);
      if (res.status < 400) return { kind: 'delivered', status: res.status, log: entry };
      return {
        kind: 'failed',
        status: internal ? null : res.status,
        error: detail(`HTTP ${res.status}`),
        log: entry,
      };
    } catch (err) {
      internal ||= err instanceof OutboundError && err.internal;
      const entry = log(null, errorKind(err));
      if (err instanceof OutboundError) {
        if (SKIP_REASONS.has(err.reason))
          return { kind: 'skipped', error: detail(`${err.reason}: ${err.message}`), log: entry };
        return {
          kind: 'failed',
          status: null,
          error: detail(`${err.reason}: ${err.message}`),
          log: entry,
        };
      }
      return {
        kind: 'failed',
        status: null,
        error: detail(err instanceof Error ? err.message : String(err)),
        log: entry,
      };
    }
  }
}
