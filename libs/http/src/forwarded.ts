import type { Request } from 'express';
import { settings } from '@hc/contracts';

type TrustFn = (address: string | undefined, hop: number) => boolean;

/**
 * Whether `HC_TRUST_PROXY` names its proxies (addresses, CIDRs, `loopback`…), rather than
 * trusting every peer (`true`) or a hop count. Express believes `X-Forwarded-Host` from any peer
 * under `true` or a hop count (its check asks only about hop 0), so under those values nothing
 * that chooses a tenant reads the header (issue 34).
 */
export function trustProxyNamesPeers(value = settings().trustProxy): boolean {
  return value !== 'true' && value !== 'false' && !/^\d+$/.test(value);
}

/** Whether the request's own peer is a proxy `HC_TRUST_PROXY` names. */
export function fromNamedProxy(req: Request): boolean {
  if (!trustProxyNamesPeers()) return false;
  const trust = req.app?.get('trust proxy fn') as TrustFn | undefined;
  return Boolean(trust?.(req.socket.remoteAddress, 0));
}

/**
 * The host (with its port, as sent) a request is for (issue 34: a tenant is chosen from this
 * only): the `Host` header. With `HC_TRUST_FORWARDED_HOST` on, the `X-Forwarded-Host` of a
 * proxy `HC_TRUST_PROXY` names by address instead (its last value, the one that proxy added).
 * Off by default: a proxy that passes a client's `X-Forwarded-Host` on unchanged (Envoy does,
 * unless told otherwise) would let the client pick the site a cache then keeps under the real
 * host. The Gateway API and the edge keep `Host` as the client sent it.
 */
export function forwardedHost(req: Request): string {
  const forwarded = req.headers['x-forwarded-host'];
  if (
    settings().values.HC_TRUST_FORWARDED_HOST &&
    typeof forwarded === 'string' &&
    forwarded.trim() &&
    fromNamedProxy(req)
  ) {
    const values = forwarded.split(',');
    return values[values.length - 1]!.trim();
  }
  return req.headers.host ?? '';
}

/** The host name a request is for, lower case, without port or trailing dot (`forwardedHost`). */
export function requestHost(req: Request): string {
  return hostnameOf(forwardedHost(req));
}

/** `Example.COM.:8443` → `example.com`; `[::1]:80` → `[::1]`. */
export function hostnameOf(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return name.toLowerCase().replace(/\.+$/, '');
}

/** The hosts of the platform origin (API, auth, MCP, dashboard) as the settings name them. */
export function platformHosts(): Set<string> {
  const s = settings();
  return new Set(
    [s.publicUrl, s.apiBaseUrl, s.authUrl, s.mcpUrl, s.dashboardUrl].map(
      (url) => new URL(url).hostname,
    ),
  );
}

/**
 * The subdomain a host names below `HC_READER_DOMAIN` (`acme.example-help.net` → `acme`); null
 * for any other host, the domain itself and deeper names.
 */
export function readerSubdomainOf(host: string): string | null {
  const domain = settings().readerDomain;
  if (!domain || !host.endsWith(`.${domain}`)) return null;
  const sub = host.slice(0, -domain.length - 1);
  return sub && !sub.includes('.') ? sub : null;
}

/**
 * Hosts the apps answer for without asking the database: the platform's, the reader origin's and
 * every `{subdomain}.{HC_READER_DOMAIN}`. reader-site adds its sites' custom domains.
 */
export function knownPlatformHost(host: string): boolean {
  return (
    platformHosts().has(host) ||
    new URL(settings().readerUrl).hostname === host ||
    readerSubdomainOf(host) !== null
  );
}
