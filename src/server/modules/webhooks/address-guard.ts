/**
 * Where a webhook may be sent. A URL's host is resolved and EVERY address is checked against
 * the ranges an outside caller must never reach through us (loopback, private, link-local,
 * CGNAT, cloud metadata, IPv6 unique-local and IPv4-mapped forms of those). The delivery then
 * connects to the checked address itself, so a DNS answer that changes between the check and
 * the connection (rebinding) cannot redirect it.
 */
import dns from 'node:dns/promises';
import net from 'node:net';

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (host) => dns.lookup(host, { all: true, verbatim: true });

const refused = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  refused.addSubnet(prefix, bits, 'ipv6');

/** True when an address is one a webhook must not reach. */
export function isRefusedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 4) return refused.check(address, 'ipv4');
  const lower = address.toLowerCase();
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return refused.check(mapped[1], 'ipv4');
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (mappedHex?.[1] && mappedHex[2]) {
    const hi = Number.parseInt(mappedHex[1], 16);
    const lo = Number.parseInt(mappedHex[2], 16);
    return refused.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  if (lower.startsWith('::ffff:')) return true;
  return refused.check(address, 'ipv6');
}

export class UnsafeUrlError extends Error {}

export interface GuardOptions {
  /** Development and tests only: private and loopback addresses are allowed. */
  allowPrivate: boolean;
  /** Production: only https. */
  requireHttps: boolean;
  resolve: Resolver;
}

/** Checks a URL and returns the address to connect to; throws UnsafeUrlError with the reason. */
export async function checkWebhookUrl(
  raw: string,
  opts: GuardOptions,
): Promise<{ url: URL; address: string; family: number }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('Enter a full URL, like https://example.com/hooks');
  }
  if (url.protocol !== 'https:' && (opts.requireHttps || url.protocol !== 'http:'))
    throw new UnsafeUrlError('The URL must start with https://');
  if (url.username || url.password) throw new UnsafeUrlError('The URL must not contain a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await opts.resolve(host);
    } catch {
      throw new UnsafeUrlError('The host name could not be found');
    }
  }
  if (addresses.length === 0) throw new UnsafeUrlError('The host name could not be found');
  if (!opts.allowPrivate && addresses.some((a) => isRefusedAddress(a.address)))
    throw new UnsafeUrlError('The URL points to a private or local address');
  const first = addresses[0] as { address: string; family: number };
  return { url, address: first.address, family: first.family };
}
