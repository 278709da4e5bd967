import { parseAddress } from '../http/trust-proxy';

/**
 * The key a client address is counted under: an IPv4 address as is, an IPv6 address by its /64
 * (one subscriber or host usually holds a whole /64, so counting single addresses would let it
 * take a fresh one at every attempt). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function limitedAddress(address: string): string {
  const ip = parseAddress(address);
  if (!ip) return address.slice(0, 100);
  if (ip.kind() === 'ipv4') return ip.toString();
  const parts = ip
    .toNormalizedString()
    .split(':')
    .slice(0, 4)
    .map((part) => part.replace(/^0+(?=.)/, ''));
  return `${parts.join(':')}::/64`;
}
