import { describe, expect, it } from 'vitest';
import { throttleAddress } from './client-address.ts';

describe('throttleAddress (issue #31 item 6)', () => {
  it('keeps an IPv4 address and unwraps an IPv4-mapped one', () => {
    expect(throttleAddress('192.0.2.10')).toBe('192.0.2.10');
    expect(throttleAddress('::ffff:192.0.2.10')).toBe('192.0.2.10');
  });

  it('counts every address of one IPv6 /64 as one client, written any way', () => {
    const prefix = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:abcd::9',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2::192.0.2.1',
    ])
      expect(throttleAddress(ip), ip).toBe(prefix);
    expect(throttleAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('fe80::1')).toBe('fe80:0:0:0::/64');
  });
});
