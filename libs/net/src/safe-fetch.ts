import { createWriteStream, readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import {
  addressesAllowed,
  parseTarget,
  reachesInternal,
  resolveHost,
  type ParsedTarget,
} from './host-check';
import { OutboundError, type SafeFetchOptions, type SafeResponse } from './types';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * W3C trace context and baggage never leave through this fetcher (issue 36 item 6): webhook
 * receivers, image hosts and metadata servers are outside parties, and a trace id or baggage
 * would tell them about our internal traces. Dropped from every hop whatever the caller passed.
 */
export const TRACE_HEADERS: readonly string[] = ['traceparent', 'tracestate', 'baggage'];

/**
 * Marks a request of this fetcher: the tracer (libs/http tracing.ts) neither traces it nor
 * injects trace headers into it (issue 36).
 */
export const UNTRACED: unique symbol = Symbol.for('hc.net.untraced');

/**
 * Fetches `url` without ever connecting to a private address: each hop's host is resolved once,
 * every address vetted (`HC_OUTBOUND_ALLOWLIST` aside), and the socket connects to the vetted
 * address while SNI and Host keep the name. Redirects are followed by hand up to `maxRedirects`,
 * each target checked again. One deadline and one byte cap cover the whole exchange.
 * Throws `OutboundError` with a `reason`; any HTTP status is a response, not an error.
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(new OutboundError('timeout', 'The request did not complete in time.', url)),
    options.timeoutMs,
  );
  const onOuterAbort = () =>
    controller.abort(new OutboundError('connection_failed', 'The request was aborted.', url));
  if (options.signal?.aborted) onOuterAbort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const reach: Reach = { internal: false };
  try {
    return await followRedirects(url, options, controller.signal, reach);
  } catch (err) {
    const thrown =
      controller.signal.aborted && controller.signal.reason instanceof OutboundError
        ? controller.signal.reason
        : err;
    if (thrown instanceof OutboundError && reach.internal) thrown.internal = true;
    throw thrown;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** Whether the exchange so far went to an internal host (`SafeResponse.internal`). */
interface Reach {
  internal: boolean;
}

async function followRedirects(
  startUrl: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
  reach: Reach,
): Promise<SafeResponse> {
  let current = startUrl;
  let method = options.method ?? 'GET';
  let body = options.body;
  let headers = { ...(options.headers ?? {}) };
  for (let redirects = 0; ; redirects++) {
    const target = parseTarget(current);
    if (!target)
      throw new OutboundError('invalid_url', 'The address is not a valid http(s) URL.', current);
    if (options.requireHttps && !target.https) {
      throw new OutboundError('not_https', 'The address is not https.', current);
    }
    const addresses = await abortable(resolveHost(target.hostname), signal);
    if (!addresses)
      throw new OutboundError('unresolvable', 'The host could not be resolved.', current);
    if (!addressesAllowed(target, addresses)) {
      throw new OutboundError(
        'private_address',
        'The host resolves to a private or reserved address.',
        current,
      );
    }
    const follow = options.maxRedirects > 0;
    const res = await exchangeAny(
      target,
      addresses,
      { method, headers, body, keepAlive: options.keepAlive === true, saveTo: options.saveTo },
      options.maxBytes,
      signal,
      follow,
      reach,
    );
    const location = res.headers['location'];
    if (!follow || !REDIRECT_STATUSES.has(res.status) || !location) {
      return { ...res, url: target.url.toString(), redirects, internal: reach.internal };
    }
    if (redirects >= options.maxRedirects) {
      throw new OutboundError('too_many_redirects', 'Too many redirects.', current);
    }
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new OutboundError('invalid_url', 'The redirect target is not a valid URL.', location);
    }
    if (next.origin !== target.url.origin) {
      headers = Object.fromEntries(
        Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())),
      );
    }
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      if (method !== 'HEAD') method = 'GET';
      body = undefined;
      headers = Object.fromEntries(
        Object.entries(headers).filter(([k]) => !/^content-(type|length)$/i.test(k)),
      );
    }
    current = next.toString();
  }
}

interface HopRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  keepAlive?: boolean;
  saveTo?: string;
}

const MAX_POOLS = 256;
const pools = new Map<string, http.Agent>();

/**
 * A keep-alive agent for one vetted address. Its sockets were opened to that address only, and
 * the caller vetted the address again for this request, so reuse never skips the SSRF check.
 */
function pooledAgent(https_: boolean, address: string): http.Agent {
  const key = `${https_ ? 'https' : 'http'}|${address}`;
  let agent = pools.get(key);
  if (agent) {
    pools.delete(key); // keep the map in least-recently-used order
    pools.set(key, agent);
    return agent;
  }
  const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 15_000 };
  agent = https_ ? new https.Agent(options) : new http.Agent(options);
  pools.set(key, agent);
  if (pools.size > MAX_POOLS) {
    const [oldestKey, oldest] = pools.entries().next().value as [string, http.Agent];
    pools.delete(oldestKey);
    oldest.destroy();
  }
  return agent;
}

/** Closes every pooled connection (shutdown, tests). */
export function closeOutboundPools(): void {
  for (const agent of pools.values()) agent.destroy();
  pools.clear();
}

type HopResponse = Omit<SafeResponse, 'url' | 'redirects' | 'internal'>;

/** A failure before any response arrived: the next vetted address may still answer. */
class NoResponseError extends OutboundError {}

/**
 * Tries the vetted addresses in resolver order until one answers (an IPv6 address first with no
 * IPv6 route, for example). Every address was vetted; none is looked up again.
 */
async function exchangeAny(
  target: ParsedTarget,
  addresses: string[],
  req: HopRequest,
  maxBytes: number,
  signal: AbortSignal,
  following: boolean,
  reach: Reach,
): Promise<HopResponse> {
  let last: unknown;
  for (const address of addresses) {
    // Marked before the socket opens: a refusal or timeout there is already an internal answer.
    if (reachesInternal(target, address)) reach.internal = true;
    try {
      return await exchange(target, address, req, maxBytes, signal, following);
    } catch (err) {
      if (!(err instanceof NoResponseError) || signal.aborted) throw err;
      last = err;
    }
  }
  throw last;
}

/** One request to one vetted address. Redirect bodies are not read when following. */
function exchange(
  target: ParsedTarget,
  address: string,
  req: HopRequest,
  maxBytes: number,
  signal: AbortSignal,
  following: boolean,
): Promise<HopResponse> {
  return new Promise<HopResponse>((resolveOnce, rejectOnce) => {
    // The first outcome wins: destroying a stream may emit errors after a refusal.
    let settled = false;
    const resolve = (v: HopResponse) => {
      if (settled) return;
      settled = true;
      resolveOnce(v);
    };
    const reject = (e: unknown) => {
      if (settled) return;
      settled = true;
      rejectOnce(e);
    };
    const pinned: LookupFunction = (_host, opts, callback) => {
      const family = isIP(address);
      if ((opts as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address, family },
        ]);
      } else {
        callback(null, address, family);
      }
    };
    const headers: Record<string, string> = Object.fromEntries(
      Object.entries(req.headers).filter(([k]) => !TRACE_HEADERS.includes(k.toLowerCase())),
    );
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'user-agent')) {
      headers['User-Agent'] = 'HelpCenter-Fetcher/1.0';
    }
    const requestOptions: https.RequestOptions = {
      protocol: target.https ? 'https:' : 'http:',
      host: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method: req.method,
      headers,
      agent: req.keepAlive ? pooledAgent(target.https, address) : false,
      lookup: pinned,
      signal,
    };
    // The tracer neither traces this request nor injects a traceparent into it (issue 36).
    (requestOptions as Record<symbol, unknown>)[UNTRACED] = true;
    if (target.https) {
      if (!isIP(target.hostname)) requestOptions.servername = target.hostname;
      const ca = extraCaBundle();
      if (ca) requestOptions.ca = ca;
    }
    const request = (target.https ? https : http).request(requestOptions, (res) => {
      const status = res.statusCode ?? 0;
      const resHeaders = flattenHeaders(res.headers);
      if (following && REDIRECT_STATUSES.has(status) && resHeaders['location']) {
        res.destroy();
        resolve({ status, headers: resHeaders, body: Buffer.alloc(0) });
        return;
      }
      const tooLarge = () => {
        reject(
          new OutboundError(
            'too_large',
            'The response is larger than allowed.',
            target.url.toString(),
          ),
        );
        res.destroy();
      };
      const declared = Number(resHeaders['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        tooLarge();
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      // `saveTo`: the body goes to the file as it arrives (never more than the stream's
      // buffers in memory), the reading paused while the file catches up.
      const file = req.saveTo ? createWriteStream(req.saveTo, { mode: 0o600 }) : null;
      if (file) {
        signal.addEventListener('abort', () => file.destroy(), { once: true });
        file.on('error', (err) => {
          reject(asConnectionFailure(err, target));
          res.destroy();
        });
        file.on('drain', () => res.resume());
      }
      res.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) {
          file?.destroy();
          tooLarge();
          return;
        }
        if (!file) chunks.push(chunk);
        else if (!file.write(chunk)) res.pause();
      });
      res.on('end', () => {
        if (!file) return resolve({ status, headers: resHeaders, body: Buffer.concat(chunks) });
        file.end(() => resolve({ status, headers: resHeaders, body: Buffer.alloc(0) }));
      });
      res.on('error', (err) => {
        file?.destroy();
        reject(asConnectionFailure(err, target));
      });
      res.on('aborted', () => {
        file?.destroy();
        reject(asConnectionFailure(new Error('response aborted'), target));
      });
    });
    let answered = false;
    request.on('response', () => (answered = true));
    request.on('error', (err) =>
      reject(
        answered || err instanceof OutboundError
          ? asConnectionFailure(err, target)
          : new NoResponseError(
              'connection_failed',
              `The connection failed: ${err.message}`,
              target.url.toString(),
            ),
      ),
    );
    if (req.body !== undefined && req.method !== 'GET' && req.method !== 'HEAD')
      request.write(req.body);
    request.end();
  });
}

function asConnectionFailure(err: Error, target: ParsedTarget): OutboundError {
  if (err instanceof OutboundError) return err;
  return new OutboundError(
    'connection_failed',
    `The connection failed: ${err.message}`,
    target.url.toString(),
  );
}

function flattenHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/** Settles with `promise`, or rejects as soon as `signal` aborts (DNS cannot be cancelled). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

let caCache: { path: string; bundle: string[] } | null = null;

/**
 * Node reads NODE_EXTRA_CA_CERTS once, at process start. The fetcher also honours a value set
 * later in the process (tests generate their certificate after start), by passing the bundled
 * roots plus that file as `ca`. Where Node already loaded it this adds nothing new.
 */
function extraCaBundle(): string[] | undefined {
  const path = process.env.NODE_EXTRA_CA_CERTS;
  if (!path) return undefined;
  if (caCache?.path !== path) {
    try {
      caCache = { path, bundle: [...rootCertificates, readFileSync(path, 'utf8')] };
    } catch {
      return undefined;
    }
  }
  return caCache.bundle;
}
