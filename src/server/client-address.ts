import ipaddr from 'ipaddr.js';

/**
 * The address that stands for one client in rate limits: an IPv4 address as it is, an IPv6 address by its
 * /64 network (one subscriber gets a whole /64 and can pick any address in it at will).
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`);
  return `${network.toString()}/64`;
}
