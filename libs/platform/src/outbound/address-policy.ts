import { isIP } from 'node:net';

/**
 * Whether an outbound request may connect to an address. Every address a host name resolves to
 * is checked, after resolution and before connecting, so DNS answers cannot smuggle a private
 * address past a check made on the name.
 */
export type AddressPolicy = (address: string) => boolean;

/** Any address at all: tests and instances federating on one machine (ALLOW_PRIVATE_ADDRESS). */
export const anyAddress: AddressPolicy = () => true;

/** IPv4 blocks that are not on the public internet (IANA special-purpose registry). */
const PRIVATE_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata endpoints live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function isPublicV4(address: string): boolean {
  const value = v4ToInt(address);
  return !PRIVATE_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (embedded dotted IPv4 tails included). */
function v6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const value = v4ToInt(v4Tail[1]);
    text = `${text.slice(0, -v4Tail[1].length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : [];
  const front = parse(head);
  const back = parse(tail);
  const zeros = tail === undefined ? [] : new Array(8 - front.length - back.length).fill(0);
  return [...front, ...zeros, ...back];
}

const embeddedV4 = (groups: number[]) =>
  [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');

function isPublicV6(address: string): boolean {
  const g = v6Groups(address);
  const allZero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 address decides.
  if (allZero(0, 5) && g[5] === 0xffff) return isPublicV4(embeddedV4(g));
  if (g[0] === 0x64 && g[1] === 0xff9b && allZero(2, 6)) return isPublicV4(embeddedV4(g));
  // Only global unicast (2000::/3) reaches the internet; loopback, unspecified, IPv4-compatible,
  // unique-local, link-local, site-local and multicast all fall outside it.
  if ((g[0] & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && g[1] < 0x200) return false; // 2001::/23 IETF (Teredo, benchmarking, ORCHID)
  if (g[0] === 0x2001 && g[1] === 0xdb8) return false; // documentation
  if (g[0] === 0x2002) return false; // 6to4, which tunnels to any IPv4 address
  if (g[0] === 0x3fff && g[1] < 0x1000) return false; // documentation (3fff::/20)
  return true;
}

/** Public internet addresses only: what every outbound request may reach by default. */
export const publicAddressOnly: AddressPolicy = (address) => {
  const family = isIP(address);
  if (family === 4) return isPublicV4(address);
  if (family === 6) return isPublicV6(address);
  return false;
};
