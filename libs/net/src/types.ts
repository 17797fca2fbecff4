/**
 * The one SSRF-safe outbound fetcher's contract. Every outbound request of the product
 * (webhook deliveries, image imports, client ID metadata documents) goes through `safeFetch`.
 */

/** Why an outbound request was refused or failed; callers map these to their own messages. */
export type OutboundFailure =
  /** Not a parseable http(s) URL, or credentials in it. */
  | 'invalid_url'
  /** `requireHttps` and the URL (or a redirect target) is not https. */
  | 'not_https'
  /** The host name does not resolve. */
  | 'unresolvable'
  /** The host is, or resolves to, a private/loopback/link-local/reserved/… address. */
  | 'private_address'
  /** More redirects than `maxRedirects`. */
  | 'too_many_redirects'
  /** A redirect while `maxRedirects` is 0 is not a failure: the 3xx response is returned. */
  | 'timeout'
  /** The body exceeded `maxBytes`. */
  | 'too_large'
  /** Connection refused, reset, TLS failure … */
  | 'connection_failed';

export class OutboundError extends Error {
  /**
   * True when the request had already been let through to a host only the operator's
   * `HC_OUTBOUND_ALLOWLIST` opens (see `SafeResponse.internal`) when it failed: its message
   * (refused, reset, timed out at an address) describes the operator's network.
   */
  internal = false;

  constructor(
    readonly reason: OutboundFailure,
    message: string,
    /** The URL the failure happened at (a redirect target, possibly). */
    readonly url?: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface SafeFetchOptions {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** One deadline for the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Byte cap over the whole response body. */
  maxBytes: number;
  /** 0 = never follow: a 3xx is returned as the response (webhooks). */
  maxRedirects: number;
  /** Refuse http:// for the URL and every redirect target (image import). */
  requireHttps?: boolean;
  /** Abort from outside (shutdown). */
  signal?: AbortSignal;
  /**
   * Reuse connections (webhook deliveries to the same receiver). Pools are kept per vetted
   * address, so a reused socket only ever leads where a fresh DNS check just allowed.
   */
  keepAlive?: boolean;
  /**
   * Streams the final response's body into this file (created or emptied, mode 0600) instead
   * of memory: `body` is then empty, `maxBytes` still applies, and no more than the stream's own
   * buffers is held at once (dry-run image downloads, issue 34 item 6). The caller removes the
   * file, whatever the outcome; a refused or failed download may leave part of a body in it.
   */
  saveTo?: string;
}

export interface SafeResponse {
  status: number;
  /** Lowercase header names. */
  headers: Record<string, string>;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
  redirects: number;
  /**
   * True when some hop went to a host only the operator's `HC_OUTBOUND_ALLOWLIST` opens: a hop
   * whose name (with its port) is on the list, or one whose socket connected (or tried to
   * connect) to an address that is listed or not public. Decided by the addresses this fetcher
   * connected to, so a name of any spelling that resolves to an internal address counts
   * (issue 34 item 6: the delivery log keeps nothing of such answers).
   */
  internal: boolean;
}

/** The result of vetting a URL's host without fetching it. */
export type HostCheck =
  | { ok: true; addresses: string[] }
  | { ok: false; reason: 'invalid_url' | 'unresolvable' | 'private_address' };
