import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-address budget counts a client under (issue 34 item 4): an IPv4 address as it
 * is, an IPv6 address by its /64 (one subscriber's network: a host picks any of its 2^64
 * addresses at will, so counting single addresses would give it 2^64 budgets). IPv4-mapped IPv6
 * (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4 peers) is the IPv4 address.
 */
export function addressKey(address: string | undefined | null): string {
  if (!address) return 'unknown';
  const zoneless = address.split('%')[0];
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(zoneless);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(zoneless)) return address;
  return `${ipv6Groups(zoneless).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (`::1.2.3.4`) is the last two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === null ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16).toString(16));
}
