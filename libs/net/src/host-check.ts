import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { settings } from '@hc/contracts';
import { isAllowlisted, isPublicAddress, parseAllowlist } from './address';
import type { HostCheck } from './types';

/** A URL that passed the syntax rules: http(s) with a host; user info removed. */
export interface ParsedTarget {
  url: URL;
  /** Host name without IPv6 brackets, lowercase. */
  hostname: string;
  port: number;
  https: boolean;
}

/**
 * The one reading of an outbound address (webhook registration and delivery, image import): the
 * WHATWG parser decides the real host, so `https://a@127.0.0.1/` is judged as 127.0.0.1, and the
 * user info is dropped so it is never sent. A host the parser refuses (`%40`, `%3A` …) is null.
 */
export function parseTarget(raw: string): ParsedTarget | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.username = '';
  url.password = '';
  let hostname = url.hostname.toLowerCase();
  if (hostname.startsWith('[') && hostname.endsWith(']')) hostname = hostname.slice(1, -1);
  if (!hostname) return null;
  // The WHATWG parser already turned decimal, octal, hex and short IPv4 forms into dotted quads;
  // anything still all digits/hex-ish with dots that is not an IP is a trick getaddrinfo might
  // read differently, so it is refused.
  if (!isIP(hostname) && hostname.split('.').every((l) => /^(0x[0-9a-f]*|\d+)?$/.test(l))) {
    return null;
  }
  const https = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : https ? 443 : 80;
  return { url, hostname, port, https };
}

/** Resolves once; an IP literal is its own single address. */
export async function resolveHost(hostname: string): Promise<string[] | null> {
  if (isIP(hostname)) return [hostname];
  try {
    const found = await lookup(hostname, { all: true, verbatim: true });
    const addresses = found.map((a) => a.address);
    return addresses.length ? addresses : null;
  } catch {
    return null;
  }
}

/**
 * Whether connecting to `address` for `target` reaches an internal host: the target's name or
 * the address is on `HC_OUTBOUND_ALLOWLIST` (with the port), or the address is not public (only
 * the allow-list lets such an address through).
 */
export function reachesInternal(target: ParsedTarget, address: string): boolean {
  if (!isPublicAddress(address)) return true;
  const allow = parseAllowlist(settings().outboundAllowlist);
  const listed = (name: string) =>
    allow.some((e) => e.host === name.toLowerCase() && (e.port === null || e.port === target.port));
  return listed(target.hostname) || listed(address);
}

export function addressesAllowed(target: ParsedTarget, addresses: readonly string[]): boolean {
  if (addresses.every(isPublicAddress)) return true;
  const allow = parseAllowlist(settings().outboundAllowlist);
  return isAllowlisted(allow, target.hostname, target.port, addresses);
}

/**
 * Vets a URL's host without fetching it: resolves once and refuses when any address is not
 * public (unless the host or address and port are on `HC_OUTBOUND_ALLOWLIST`).
 */
export async function checkHost(url: string): Promise<HostCheck> {
  const target = parseTarget(url);
  if (!target) return { ok: false, reason: 'invalid_url' };
  const addresses = await resolveHost(target.hostname);
  if (!addresses) return { ok: false, reason: 'unresolvable' };
  if (!addressesAllowed(target, addresses)) return { ok: false, reason: 'private_address' };
  return { ok: true, addresses };
}
