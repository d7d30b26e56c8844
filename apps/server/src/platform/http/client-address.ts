import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client address that counts as one client for throttling (issue #31 item 6). An IPv4 address is itself;
 * an IPv6 address counts by its /64 prefix, because one customer line or one cloud host is handed a whole /64 and can
 * rotate through its 2^64 addresses at will (RFC 6177, RFC 7934: a /64 per subscriber or host is the norm). An
 * IPv4-mapped IPv6 address (::ffff:192.0.2.1) is its IPv4 address.
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without zone, lower-case, without leading zeros. */
function expandIPv6(ip: string): string[] {
  let address = ip.split('%')[0].toLowerCase();
  // a dotted IPv4 tail (::1.2.3.4) becomes two groups
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number);
    address = `${address.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}
