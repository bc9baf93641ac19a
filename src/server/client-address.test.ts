import { describe, expect, it } from 'vitest';
import { clientKey } from './client-address.ts';

describe('clientKey', () => {
  it('keeps an IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = clientKey('2001:db8:aa:bb:1:2:3:4');
    expect(key).toBe('2001:db8:aa:bb::/64');
    expect(clientKey('2001:0db8:00aa:00bb:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:db8:aa:bc::1')).not.toBe(key);
  });
});
