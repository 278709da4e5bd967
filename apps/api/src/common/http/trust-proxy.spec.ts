import { parseTrustProxy, trustProxyFunction, type TrustProxy } from './trust-proxy';

/** What @fastify/proxy-addr does with a trust function: walk from the socket leftwards until an untrusted hop. */
function clientOf(setting: TrustProxy, socket: string, forwardedFor: string[]): string {
  const trust = trustProxyFunction(setting);
  const addrs = [socket, ...[...forwardedFor].reverse()];
  if (!trust) return socket;
  for (let i = 0; i < addrs.length - 1; i++) if (!trust(addrs[i], i)) return addrs[i];
  return addrs[addrs.length - 1];
}

describe('TRUST_PROXY', () => {
  it('reads true, false, hop counts and address lists, and names what is wrong', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'addresses', ranges: ['loopback'] });
    expect(parseTrustProxy('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy('false')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('10.0.0.1, fd00::/8,loopback')).toEqual({ kind: 'addresses', ranges: ['10.0.0.1', 'fd00::/8', 'loopback'] });
    expect(parseTrustProxy('10.0.0.1, proxy.example')).toMatch(/proxy\.example/);
    expect(parseTrustProxy('1000')).toMatch(/at most 20/);
  });

  it('takes the address the farthest trusted proxy saw, never a left-most entry the client wrote', () => {
    const hops = (n: number): TrustProxy => ({ kind: 'hops', hops: n });
    // nginx on this host (127.0.0.1) with one hop: the right-most entry, what nginx saw.
    expect(clientOf(hops(1), '127.0.0.1', ['6.6.6.6', '203.0.113.9'])).toBe('203.0.113.9');
    expect(clientOf(parseTrustProxy('true') as TrustProxy, '127.0.0.1', ['6.6.6.6', '203.0.113.9'])).toBe('203.0.113.9');
    // Loopback is a hop like any other, written by the client or not.
    expect(clientOf(hops(1), '127.0.0.1', ['6.6.6.6', '127.0.0.1'])).toBe('127.0.0.1');
    expect(clientOf(hops(2), '127.0.0.1', ['6.6.6.6', '203.0.113.9', '198.51.100.1'])).toBe('203.0.113.9');
    // `true` trusts no private address beyond the peer: a private client cannot pick its address.
    expect(clientOf(parseTrustProxy('true') as TrustProxy, '10.0.0.2', ['6.6.6.6', '192.168.1.50'])).toBe('192.168.1.50');
    expect(clientOf({ kind: 'addresses', ranges: ['198.51.100.0/24'] }, '::ffff:198.51.100.1', ['6.6.6.6', '203.0.113.9'])).toBe('203.0.113.9');
    expect(clientOf({ kind: 'addresses', ranges: ['198.51.100.0/24'] }, '127.0.0.1', ['6.6.6.6', '203.0.113.9'])).toBe('127.0.0.1');
    // Unset: a proxy on this host only.
    const unset = parseTrustProxy(undefined) as TrustProxy;
    expect(clientOf(unset, '127.0.0.1', ['6.6.6.6', '203.0.113.9'])).toBe('203.0.113.9');
    expect(clientOf(unset, '10.0.0.2', ['6.6.6.6'])).toBe('10.0.0.2');
    expect(clientOf({ kind: 'none' }, '127.0.0.1', ['6.6.6.6'])).toBe('127.0.0.1');
  });
});
