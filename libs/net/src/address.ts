import ipaddr from 'ipaddr.js';

/** IPv6 ranges that embed an IPv4 address in their last 32 bits: the verdict is its verdict. */
const EMBEDDING_V6_RANGES = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);
/** Tunnels to addresses we cannot judge from here: refused outright (issue #16). */
const REFUSED_V6_RANGES = new Set(['6to4', 'teredo']);

/**
 * True when `ip` (a canonical IPv4 or IPv6 literal, no brackets) is a public unicast address.
 * Private, loopback, link-local, unspecified, broadcast, multicast, CGNAT, reserved and
 * documentation ranges are not. IPv6 forms that embed an IPv4 address (IPv4-mapped,
 * IPv4-compatible, SIIT, NAT64 `64:ff9b::/96`, ISATAP `…:5efe:a.b.c.d`) are judged by that
 * address; 6to4, Teredo and every other special-purpose IPv6 range are not public.
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
  const p = v6.parts;
  if (REFUSED_V6_RANGES.has(range)) return false;
  // The /48 local-use NAT64 prefix (64:ff9b:1::/48) is refused outright.
  if (EMBEDDING_V6_RANGES.has(range)) return p[2] === 0 && isPublicAddress(lastIPv4(p));
  const zeroPrefix = p.slice(0, 4).every((w) => w === 0);
  // ISATAP interface id (RFC 5214): 0000:5efe or 0200:5efe before the IPv4 address.
  if ((p[4] & 0xfdff) === 0 && p[5] === 0x5efe) {
    if (!isPublicAddress(lastIPv4(p))) return false;
    if (zeroPrefix) return true;
  }
  if (range !== 'unicast') return false;
  // IPv4-compatible (::a.b.c.d, deprecated) is not in ipaddr.js's table: the first 96 bits zero.
  if (zeroPrefix && p[4] === 0 && p[5] === 0) return isPublicAddress(lastIPv4(p));
  return true;
}

function lastIPv4(p: number[]): string {
  return [p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff].join('.');
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

/**
 * Whether a host whose addresses are not all public may be reached on `port`: it is on the
 * allow-list by name (the operator trusts what that name resolves to), or every address of it
 * that is not public is itself on the list. One allow-listed address never approves the other
 * addresses resolved with it (issue #15: a name resolving to an allowed test address and to an
 * internal one reaches neither).
 */
export function isAllowlisted(
  allow: readonly AllowEntry[],
  hostname: string,
  port: number,
  addresses: readonly string[],
): boolean {
  const listed = (name: string) =>
    allow.some((e) => e.host === name.toLowerCase() && (e.port === null || e.port === port));
  if (listed(hostname)) return true;
  return addresses.length > 0 && addresses.every((a) => isPublicAddress(a) || listed(a));
}
