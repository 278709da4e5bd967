import * as ipaddr from 'ipaddr.js';
// The module object itself (not a copy of its functions), looked up at each call.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';

/** Why a delivery was refused before any byte left: the target is not on the public internet. */
export class RefusedTarget extends Error {}

const PLAIN_NAMES: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT (CGNAT) address',
  private: 'a private address',
  uniqueLocal: 'a unique-local address',
  reserved: 'a reserved address',
};

/**
 * Why `address` may not be called, or null for a public unicast address. ipaddr.js classifies it
 * (an IPv4-mapped IPv6 address as its IPv4 address); every range but `unicast` is refused, so
 * the ranges that embed an IPv4 address (NAT64, 6to4, Teredo) and documentation ranges are too.
 */
export function refusedAddressReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return 'not an IP address';
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  return PLAIN_NAMES[range] ?? `a special-purpose address (${range})`;
}

const allowPrivateHint = 'set WEBHOOK_ALLOW_PRIVATE=true to allow private targets';

/** The literal IP of a URL's host (`[::1]` is `::1`), or null for a name. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

/** Throws RefusedTarget when `hostname` is an IP literal that may not be called. */
export function assertLiteralAllowed(hostname: string): void {
  const literal = literalAddress(hostname);
  if (literal === null) return;
  const reason = refusedAddressReason(literal);
  if (reason) throw new RefusedTarget(`refused: ${literal} is ${reason} (${allowPrivateHint})`);
}

/**
 * The DNS lookup of the HTTP agent: resolves the name, drops every address that may not be
 * called, and connects only to one that is. It runs when the socket connects, so a name that
 * answers a public address when checked and a private one when used (DNS rebinding) cannot get
 * through. net.connect skips it for IP literals: assertLiteralAllowed checks those first.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((entry) => refusedAddressReason(entry.address) === null);
    if (allowed.length === 0) {
      const first = addresses[0];
      const why = first ? `${hostname} resolves to ${first.address}, ${refusedAddressReason(first.address)}` : `${hostname} has no address`;
      return callback(new RefusedTarget(`refused: ${why} (${allowPrivateHint})`), '', 0);
    }
    if (options.all) callback(null, allowed);
    else callback(null, allowed[0].address, allowed[0].family);
  });
};
