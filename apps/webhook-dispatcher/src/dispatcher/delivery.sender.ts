import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { OutboundError } from '@hc/net';
import type { SafeFetchOptions, SafeResponse } from '@hc/net';
import { DISPATCHER, OUTBOUND_FETCH } from './dispatcher.options';
import type { AttemptOutcome, DeliveryClaim } from './deliveries.repository';
import { signBody } from './signature';

export type OutboundFetch = (url: string, options: SafeFetchOptions) => Promise<SafeResponse>;

/** Address refusals: spec 6, "skipped without retries". */
const SKIP_REASONS = new Set(['private_address', 'unresolvable', 'invalid_url', 'not_https']);

/** Makes one delivery attempt: a signed POST through the SSRF-safe fetcher (spec 6). */
@Injectable()
export class DeliverySender {
  constructor(@Inject(OUTBOUND_FETCH) private readonly fetch: OutboundFetch) {}

  async attempt(claim: DeliveryClaim): Promise<AttemptOutcome> {
    if (claim.url === null || claim.secret === null)
      return { kind: 'skipped', error: 'webhook deleted' };
    const body = Buffer.from(claim.body, 'utf8');
    try {
      const res = await this.fetch(claim.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(body.length),
          'User-Agent': 'HelpCenter-Webhooks/1.0',
          'X-Service-Signature': signBody(claim.secret, body),
          'X-Service-Event': claim.event,
          // A new id on every attempt, retries included.
          'X-Service-Delivery': randomUUID(),
        },
        body,
        timeoutMs: DISPATCHER.timeoutMs,
        maxBytes: DISPATCHER.maxResponseBytes,
        // Redirects are not followed: a 3xx is an answer below 400, so delivered.
        maxRedirects: 0,
        // Receivers get many deliveries: reuse connections (pooled per vetted address).
        keepAlive: true,
      });
      if (res.status < 400) return { kind: 'delivered', status: res.status };
      return { kind: 'failed', status: res.status, error: `HTTP ${res.status}` };
    } catch (err) {
      if (err instanceof OutboundError) {
        if (SKIP_REASONS.has(err.reason))
          return { kind: 'skipped', error: `${err.reason}: ${err.message}` };
        return { kind: 'failed', status: null, error: `${err.reason}: ${err.message}` };
      }
      return {
        kind: 'failed',
        status: null,
        error: err instanceof Error ? err.message : String(err),
      };
    }
  }
}
