/**
 * Outbound HTTP for user-supplied URLs (sync; also meant for additional operations) with an SSRF guard:
 * only http(s); the address is checked where it is used — IP literals before connecting, names in the
 * socket's lookup at connect time (so a DNS answer cannot change between check and use) — and again on
 * every redirect, which are followed by hand (at most maxRedirects). Loopback, private, link-local, CGNAT,
 * multicast, unspecified, documentation, benchmarking and other reserved IPv4/IPv6 ranges (IPv4-mapped
 * and NAT64/6to4 forms included) are refused unless the allow-list names them. Size and time are bounded.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

export class UrlNotAllowed extends Error {}
export class InvalidUrl extends Error {}
export class FetchFailed extends Error {}

const DENIED_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
];
const DENIED_V6 = ['::/128', '::1/128', '100::/64', '2001::/23', '2001:db8::/32', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8'];

function blockList(ranges: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!net.isIP(address)) throw new Error(`Invalid address in allow-list: ${range}`);
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const denied = { v4: blockList(DENIED_V4), v6: blockList(DENIED_V6) };

/** IPv4 embedded in an IPv6 address: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16). */
function embeddedV4(address: string): string | null {
  const words = expandV6(address);
  if (!words) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zero(0, 5) && words[5] === 0xffff) return v4(words[6], words[7]);
  if (zero(0, 6) && (words[6] !== 0 || words[7] > 1)) return v4(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6)) return v4(words[6], words[7]);
  if (words[0] === 0x2002) return v4(words[1], words[2]);
  return null;
}

function expandV6(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  const words = [...h, ...Array(fill).fill('0'), ...t].map((w) => Number.parseInt(w, 16));
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null;
}

export interface AddressPolicy {
  isAllowed(address: string): boolean;
}

export function addressPolicy(allowList: readonly string[]): AddressPolicy {
  const allowed = blockList(allowList);
  const isAllowed = (address: string): boolean => {
    const family = net.isIP(address);
    if (family === 0) return false;
    if (allowed.check(address, family === 6 ? 'ipv6' : 'ipv4')) return true;
    if (family === 4) return !denied.v4.check(address, 'ipv4');
    const v4 = embeddedV4(address);
    if (v4) return allowed.check(v4, 'ipv4') || !denied.v4.check(v4, 'ipv4');
    // Only global unicast (2000::/3) outside the reserved blocks.
    const words = expandV6(address);
    if (!words || (words[0] & 0xe000) !== 0x2000) return false;
    return !denied.v6.check(address, 'ipv6');
  };
  return { isAllowed };
}

/** The URL if it is an absolute http(s) URL without credentials; InvalidUrl otherwise. */
export function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new InvalidUrl('Invalid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidUrl('Only http and https URLs are accepted');
  if (!url.hostname) throw new InvalidUrl('Invalid URL');
  if (url.username || url.password) throw new InvalidUrl('URLs with credentials are not accepted');
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** A socket lookup that only answers allowed addresses (checked at connect time). */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !policy.isAllowed(a.address));
      if (refused || list.length === 0) {
        return callback(new UrlNotAllowed(`${hostname} resolves to a non-public address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

/** Resolves the URL's host now and tells whether every address is allowed (the sync URL check). */
export async function urlIsReachable(text: string, policy: AddressPolicy): Promise<boolean> {
  let url: URL;
  try {
    url = parseHttpUrl(text);
  } catch {
    return false;
  }
  const host = hostOf(url);
  if (net.isIP(host)) return policy.isAllowed(host);
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    return addresses.length > 0 && addresses.every((a) => policy.isAllowed(a.address));
  } catch {
    return false;
  }
}

export interface FetchOptions {
  policy: AddressPolicy;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export interface FetchResult {
  url: string;
  contentType: string;
  body: Buffer;
}

function requestOnce(url: URL, options: FetchOptions, signal: AbortSignal): Promise<{ status: number; location?: string; contentType: string; body: Buffer }> {
  const host = hostOf(url);
  if (net.isIP(host) && !options.policy.isAllowed(host)) return Promise.reject(new UrlNotAllowed(`${host} is not a public address`));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: guardedLookup(options.policy),
        signal,
        headers: { accept: 'text/csv, application/json, text/plain;q=0.9, */*;q=0.1', 'user-agent': 'library-portal-sync' },
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ status, location: res.headers.location, contentType, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          res.destroy();
          reject(new FetchFailed(`The content is larger than ${options.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(new FetchFailed(`The content is larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** GET with the guard on every hop; FetchFailed for HTTP errors, sizes, time-outs and network failures. */
export async function guardedFetch(text: string, options: FetchOptions): Promise<FetchResult> {
  let url = parseHttpUrl(text);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    for (let hop = 0; ; hop += 1) {
      let res;
      try {
        res = await requestOnce(url, options, controller.signal);
      } catch (e) {
        if (e instanceof UrlNotAllowed || e instanceof FetchFailed) throw e;
        const cause = (e as NodeJS.ErrnoException).cause;
        if (cause instanceof UrlNotAllowed) throw cause;
        // The network detail (addresses, system error texts) is kept as the cause for logs, never answered.
        throw new FetchFailed(controller.signal.aborted ? `No answer within ${options.timeoutMs} ms` : 'The server could not be reached', { cause: e });
      }
      if (res.location !== undefined) {
        if (hop >= options.maxRedirects) throw new FetchFailed(`More than ${options.maxRedirects} redirects`);
        let next: string;
        try {
          next = new URL(res.location, url).toString();
        } catch {
          throw new FetchFailed('The server redirected to an invalid URL');
        }
        url = parseHttpUrl(next);
        continue;
      }
      if (res.status < 200 || res.status >= 300) throw new FetchFailed(`The server answered ${res.status}`);
      return { url: url.toString(), contentType: res.contentType, body: res.body };
    }
  } finally {
    clearTimeout(timer);
  }
}
