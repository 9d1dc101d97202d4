import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressPolicy, FetchFailed, guardedFetch, parseHttpUrl, UrlNotAllowed, urlIsReachable } from './outbound';

describe('addressPolicy', () => {
  const policy = addressPolicy([]);

  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified and reserved IPv4', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '224.0.0.1',
      '239.255.255.250',
      '0.0.0.0',
      '255.255.255.255',
      '192.0.2.5',
      '198.18.0.1',
      '240.0.0.1',
    ]) {
      expect([a, policy.isAllowed(a)]).toEqual([a, false]);
    }
  });

  it('refuses the same in IPv6, including IPv4-mapped, NAT64 and 6to4 forms of non-public IPv4', () => {
    for (const a of [
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '2001:db8::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '::127.0.0.1',
      '100::1',
      'not-an-ip',
    ]) {
      expect([a, policy.isAllowed(a)]).toEqual([a, false]);
    }
  });

  it('allows public addresses', () => {
    for (const a of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:0808:0808::']) {
      expect([a, policy.isAllowed(a)]).toEqual([a, true]);
    }
  });

  it('lets the allow-list name non-public addresses and ranges', () => {
    const allow = addressPolicy(['127.0.0.1', '10.20.0.0/16', 'fd00::/8']);
    expect(allow.isAllowed('127.0.0.1')).toBe(true);
    expect(allow.isAllowed('::ffff:127.0.0.1')).toBe(true);
    expect(allow.isAllowed('127.0.0.2')).toBe(false);
    expect(allow.isAllowed('10.20.3.4')).toBe(true);
    expect(allow.isAllowed('10.21.3.4')).toBe(false);
    expect(allow.isAllowed('fd00::5')).toBe(true);
    expect(allow.isAllowed('::1')).toBe(false);
  });
});

describe('parseHttpUrl and urlIsReachable', () => {
  it('accepts absolute http(s) URLs only', () => {
    expect(parseHttpUrl(' https://example.com/a.csv ').toString()).toBe('https://example.com/a.csv');
    for (const bad of ['file:///etc/passwd', 'gopher://x', '//example.com', 'http://u:p@example.com', 'nonsense']) {
      expect(() => parseHttpUrl(bad)).toThrow();
    }
  });

  it('checks the resolved addresses', async () => {
    const policy = addressPolicy([]);
    expect(await urlIsReachable('http://127.0.0.1/x', policy)).toBe(false);
    expect(await urlIsReachable('http://[::1]/x', policy)).toBe(false);
    expect(await urlIsReachable('http://localhost/x', policy)).toBe(false);
    expect(await urlIsReachable('http://0x7f000001/x', policy)).toBe(false);
    expect(await urlIsReachable('http://2130706433/x', policy)).toBe(false);
    expect(await urlIsReachable('ftp://8.8.8.8/x', policy)).toBe(false);
    expect(await urlIsReachable('http://8.8.8.8/x', policy)).toBe(true);
  });
});

describe('guardedFetch', () => {
  let server: http.Server;
  let port: number;
  let hits: string[];
  beforeAll(async () => {
    hits = [];
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/items.csv') {
        res.setHeader('content-type', 'text/csv');
        res.end('code\nA\n');
        return;
      }
      if (req.url === '/to-loopback') {
        res.statusCode = 302;
        res.setHeader('location', `http://127.0.0.2:${port}/items.csv`);
        res.end();
        return;
      }
      if (req.url === '/to-v6-loopback') {
        res.statusCode = 301;
        res.setHeader('location', `http://[::1]:${port}/items.csv`);
        res.end();
        return;
      }
      if (req.url === '/relative') {
        res.statusCode = 302;
        res.setHeader('location', '/items.csv');
        res.end();
        return;
      }
      if (req.url?.startsWith('/loop')) {
        res.statusCode = 302;
        res.setHeader('location', `/loop${hits.length}`);
        res.end();
        return;
      }
      if (req.url === '/big') {
        res.end('x'.repeat(5000));
        return;
      }
      if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2000);
        return;
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );

  const options = (allowList: string[] = ['127.0.0.1'], extra: Partial<Parameters<typeof guardedFetch>[1]> = {}) => ({
    policy: addressPolicy(allowList),
    maxBytes: 1000,
    timeoutMs: 1000,
    maxRedirects: 5,
    ...extra,
  });

  it('refuses loopback without the allow-list, before connecting', async () => {
    hits = [];
    await expect(guardedFetch(`http://127.0.0.1:${port}/items.csv`, options([]))).rejects.toBeInstanceOf(UrlNotAllowed);
    await expect(guardedFetch(`http://localhost:${port}/items.csv`, options([]))).rejects.toBeInstanceOf(UrlNotAllowed);
    await expect(guardedFetch(`http://[::1]:${port}/items.csv`, options([]))).rejects.toBeInstanceOf(UrlNotAllowed);
    await expect(guardedFetch(`http://10.0.0.1:${port}/items.csv`, options([]))).rejects.toBeInstanceOf(UrlNotAllowed);
    expect(hits).toEqual([]);
  });

  it('answers network failures without addresses or system error texts (the cause keeps them for logs)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await guardedFetch(`http://127.0.0.1:${closedPort}/items.csv`, options()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FetchFailed);
    expect((failure as Error).message).toBe('The server could not be reached');
    expect(String(((failure as Error).cause as Error).message)).toMatch(/ECONNREFUSED/);
  });

  it('fetches an allowed address and follows relative redirects', async () => {
    expect((await guardedFetch(`http://127.0.0.1:${port}/items.csv`, options())).body.toString()).toBe('code\nA\n');
    const redirected = await guardedFetch(`http://127.0.0.1:${port}/relative`, options());
    expect([redirected.url, redirected.body.toString()]).toEqual([`http://127.0.0.1:${port}/items.csv`, 'code\nA\n']);
  });

  it('checks every redirect: a redirect to another loopback address is refused', async () => {
    hits = [];
    await expect(guardedFetch(`http://127.0.0.1:${port}/to-loopback`, options())).rejects.toBeInstanceOf(UrlNotAllowed);
    await expect(guardedFetch(`http://127.0.0.1:${port}/to-v6-loopback`, options())).rejects.toBeInstanceOf(UrlNotAllowed);
    expect(hits).toEqual(['/to-loopback', '/to-v6-loopback']);
  });

  it('bounds redirects, size and time', async () => {
    await expect(guardedFetch(`http://127.0.0.1:${port}/loop`, options())).rejects.toThrow('More than 5 redirects');
    await expect(guardedFetch(`http://127.0.0.1:${port}/big`, options())).rejects.toBeInstanceOf(FetchFailed);
    await expect(guardedFetch(`http://127.0.0.1:${port}/slow`, options(undefined, { timeoutMs: 200 }))).rejects.toThrow('No answer within 200 ms');
    await expect(guardedFetch(`http://127.0.0.1:${port}/missing`, options())).rejects.toThrow('answered 404');
  });
});
