import { addressGroup } from './clientAddress';

describe('addressGroup', () => {
  it('keeps IPv4 and unwraps IPv4-mapped IPv6', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('groups IPv6 by /64 whatever the notation', () => {
    const group = '2001:db8:1:2::/64';
    for (const a of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:a:b:c:d', '[2001:db8:1:2::9]', '2001:db8:1:2::1%eth0']) {
      expect([a, addressGroup(a)]).toEqual([a, group]);
    }
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressGroup('unknown')).toBe('unknown');
  });
});
