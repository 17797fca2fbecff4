import ipaddr from 'ipaddr.js';

/** IPv6 ranges that embed an IPv4 address: the verdict is the embedded address's. */
const EMBEDDING_V6_RANGES = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4']);

/**
 * True when `ip` (a canonical IPv4 or IPv6 literal, no brackets) is a public unicast address.
 * Private, loopback, link-local, unspecified, broadcast, multicast, CGNAT, reserved and
 * documentation ranges are not; neither are IPv4-mapped, IPv4-compatible, SIIT, NAT64 or 6to4
 * forms of such an address, nor Teredo or any other special-purpose IPv6 range.
 */
export function isPublicAddress(ip: string): boolean {
  const raw = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // Zone ids (fe80::1%eth0) are link-local by definition.
  if (raw.includes('%')) return false;
  if (ipaddr.IPv4.isValidFourPartDecimal(raw)) {
    return ipaddr.IPv4.parse(raw).range() === 'unicast';
  }
  if (!ipaddr.IPv6.isValid(raw)) return false;
  const v6 = ipaddr.IPv6.parse(raw);
  const range = v6.range();
  if (EMBEDDING_V6_RANGES.has(range)) {
    const embedded = embeddedIPv4(v6, range);
    return embedded !== null && isPublicAddress(embedded);
  }
  if (range !== 'unicast') return false;
  // IPv4-compatible (::a.b.c.d, deprecated) is not in ipaddr.js's table: the first 96 bits zero.
  const parts = v6.parts;
  if (parts.slice(0, 6).every((p) => p === 0)) return false;
  return true;
}

function embeddedIPv4(v6: ipaddr.IPv6, range: string): string | null {
  const p = v6.parts;
  const fromWords = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      // The last 32 bits (64:ff9b::/96; the /48 local-use prefix is refused outright).
      if (range === 'rfc6052' && p[2] !== 0) return null;
      return fromWords(p[6], p[7]);
    case '6to4':
      return fromWords(p[1], p[2]);
    default:
      return null;
  }
}

/** One `HC_OUTBOUND_ALLOWLIST` entry: `host` or `host:port` (IPv6 as `[::1]:port`). */
export interface AllowEntry {
  host: string;
  port: number | null;
}

export function parseAllowlist(entries: readonly string[]): AllowEntry[] {
  const out: AllowEntry[] = [];
  for (const entry of entries) {
    const text = entry.trim().toLowerCase();
    if (!text) continue;
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
    if (bracketed) {
      out.push({ host: bracketed[1], port: bracketed[2] ? Number(bracketed[2]) : null });
      continue;
    }
    const parts = text.split(':');
    if (parts.length === 2 && /^\d+$/.test(parts[1])) {
      out.push({ host: parts[0], port: Number(parts[1]) });
    } else if (parts.length === 1) {
      out.push({ host: text, port: null });
    } else {
      // A bare IPv6 address without a port.
      out.push({ host: text, port: null });
    }
  }
  return out;
}

/** True when the host (by name or by one of its addresses) and port are on the allow-list. */
export function isAllowlisted(
  allow: readonly AllowEntry[],
  hostname: string,
  port: number,
  addresses: readonly string[],
): boolean {
  const names = new Set([hostname.toLowerCase(), ...addresses.map((a) => a.toLowerCase())]);
  return allow.some((e) => names.has(e.host) && (e.port === null || e.port === port));
}
