import { limitedAddress } from './client-address';

describe('limitedAddress', () => {
  it('counts IPv4 as is, IPv6 per /64 and IPv4-mapped IPv6 as IPv4', () => {
    expect(limitedAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(limitedAddress('2001:db8:a:b::1')).toBe('2001:db8:a:b::/64');
    expect(limitedAddress('2001:0db8:000a:000b:ffff:1:2:3')).toBe('2001:db8:a:b::/64');
    expect(limitedAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitedAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitedAddress('not an address')).toBe('not an address');
  });
});
