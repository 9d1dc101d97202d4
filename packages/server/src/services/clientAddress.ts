/**
 * The client address a sign-in counter is kept under: IPv4 as is, IPv6 grouped by its /64 network (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would let them rotate freely),
 * IPv4-mapped IPv6 (::ffff:a.b.c.d) as the IPv4 address.
 */
import net from 'node:net';

/** The eight hextets of an IPv6 address (null when it is not one). */
function hextets(address: string): number[] | null {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0];
  if (net.isIPv6(bare) === false) return null;
  let text = bare;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === null ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((h) => Number.parseInt(h, 16));
}

export function addressGroup(address: string): string {
  if (net.isIPv4(address)) return address;
  const h = hextets(address);
  if (!h) return address;
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) {
    return [h[6] >> 8, h[6] & 0xff, h[7] >> 8, h[7] & 0xff].join('.');
  }
  return `${h
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
