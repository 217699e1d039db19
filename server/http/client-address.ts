import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under. An IPv4 address as itself, also when it arrives
 * IPv4-mapped (::ffff:a.b.c.d); an IPv6 address by its /64, the block one subscriber is given,
 * since anyone holding one could otherwise rotate through its 2^64 addresses.
 */
export function addressKey(ip: string | null | undefined): string {
  if (!ip) return 'address:unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `address:${mapped[1]}`;
  if (!isIPv6(ip)) return `address:${ip}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `address:${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
