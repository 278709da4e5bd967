import * as ipaddr from 'ipaddr.js';

/**
 * Which proxies' `X-Forwarded-For` the API believes. Walking from the socket's address leftwards
 * through the header, every trusted hop is skipped and the first other address is the client:
 * the address the farthest trusted proxy saw, never an entry the client wrote to the left of it.
 * Loopback is a hop like any other: nginx on this host at 127.0.0.1 with one hop trusted yields
 * the right-most entry, the address nginx saw. (The in-process site does not add a hop: its form
 * posts reach the API in process, from the visitor's address; see web/frontends.ts.)
 * - `addresses`: the proxies with these addresses or ranges (unset: loopback only);
 * - `hops`: that many proxies, the socket's peer first, whatever their addresses (`true` is 1).
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; ranges: string[] };

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Reads TRUST_PROXY: `true`, `false`, a hop count, or a comma-separated list of addresses, CIDR
 * ranges and the names above; for anything else, a sentence saying what is wrong (the config
 * loader reports it under the variable's name).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return { kind: 'addresses', ranges: ['loopback'] };
  // One proxy, the socket's peer: trusting every private address (what `true` meant before) let
  // a client inside a private network, or behind a container's gateway, pick its address.
  if (['true', 'yes', 'on'].includes(text)) return { kind: 'hops', hops: 1 };
  if (['false', 'no', 'off', '0'].includes(text)) return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 20 ? { kind: 'hops', hops } : 'a hop count is at most 20';
  }
  const ranges = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = ranges.filter((entry) => !NAMED_RANGES[entry] && !ipaddr.isValid(entry) && !isCidr(entry));
  if (bad.length) return `not an address, a CIDR range, loopback, linklocal or uniquelocal: ${bad.join(', ')}`;
  return { kind: 'addresses', ranges };
}

function isCidr(entry: string): boolean {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as dual-stack sockets report) is its IPv4 address. */
export function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    return ipaddr.process(address);
  } catch {
    return null;
  }
}

/** A range as ipaddr.js matches it; an IPv4-mapped IPv6 range is its IPv4 range. */
function parseRange(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  if (!entry.includes('/')) {
    const ip = ipaddr.process(entry);
    return [ip, ip.kind() === 'ipv4' ? 32 : 128];
  }
  const [range, bits] = ipaddr.parseCIDR(entry);
  if (range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) return [(range as ipaddr.IPv6).toIPv4Address(), bits - 96];
  return [range, bits];
}

function matcher(ranges: string[]): (address: string) => boolean {
  const parsed = ranges.flatMap((entry) => NAMED_RANGES[entry] ?? [entry]).map(parseRange);
  return (address) => {
    const ip = parseAddress(address);
    return !!ip && parsed.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
  };
}

/**
 * The trust function Fastify (@fastify/proxy-addr) asks about each hop, from the socket's
 * address (hop 0) leftwards through X-Forwarded-For, until it answers false: the address it
 * stopped at is `request.ip`.
 */
export function trustProxyFunction(setting: TrustProxy): false | ((address: string, hop: number) => boolean) {
  if (setting.kind === 'none') return false;
  if (setting.kind === 'addresses') return matcher(setting.ranges);
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}
