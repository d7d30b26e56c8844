import { BlockList, isIP } from 'node:net';

/*
 * Where a webhook may go (decision 0032, "SSRF"): https to a public address only. Refused: loopback, private
 * (RFC 1918), CGNAT, link-local, unique-local, multicast, documentation, benchmarking and reserved ranges, and the
 * IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4). A URL is checked when it is registered (its scheme,
 * and its host when it is an address or a `localhost` name) and every resolved address again when it is sent (DNS
 * may point elsewhere by then: rebinding). `allowLoopback` (the WEBHOOKS_ALLOW_LOOPBACK setting, for development and
 * tests) admits loopback addresses and http — nothing else.
 */

const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(net, bits, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether an address is loopback (127/8, ::1, and ::ffff:127.x). */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a resolved address may not be called (a translation key), or null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  const family = isIP(address);
  if (family === 0) return 'webhooks.fout.adres_ongeldig';
  if (allowLoopback && isLoopbackAddress(address)) return null;
  return refused.check(address, family === 4 ? 'ipv4' : 'ipv6') ? 'webhooks.fout.adres_niet_publiek' : null;
}

/** The host of a URL without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why a URL may not be registered (a translation key for the `url` field), or null. Only what can be told without
 * DNS: the scheme, credentials, and a host that is an address or a `localhost` name.
 */
export function refusedUrl(raw: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhooks.fout.url_ongeldig';
  }
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:'))
    return 'webhooks.fout.alleen_https';
  if (url.username || url.password) return 'webhooks.fout.url_ongeldig';
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost'))
    return allowLoopback ? null : 'webhooks.fout.adres_niet_publiek';
  if (isIP(host) !== 0) return refusedAddress(host, allowLoopback);
  return null;
}
