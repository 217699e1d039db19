/** How a client address is counted by the request and sign-in limits. */
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../server/http/client-address';

describe('addressKey', () => {
  it.each([
    ['198.51.100.7', 'address:198.51.100.7'],
    ['::ffff:198.51.100.7', 'address:198.51.100.7'],
    ['::FFFF:198.51.100.7', 'address:198.51.100.7'],
    ['2001:db8:1:2::1', 'address:2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', 'address:2001:db8:1:2::/64'],
    ['2001:DB8:1:2:3:4:5:6', 'address:2001:db8:1:2::/64'],
    ['2001:db8::1', 'address:2001:db8:0:0::/64'],
    ['::1', 'address:0:0:0:0::/64'],
    ['fe80::1:2:3:4', 'address:fe80:0:0:0::/64'],
    [undefined, 'address:unknown'],
    [null, 'address:unknown'],
  ])('%s → %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('counts two addresses of one /64 as one, and of two /64s as two', () => {
    expect(addressKey('2001:db8:a:b::1')).toBe(addressKey('2001:db8:a:b:cafe::9'));
    expect(addressKey('2001:db8:a:b::1')).not.toBe(addressKey('2001:db8:a:c::1'));
  });
});
