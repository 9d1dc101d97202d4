/**
 * Sign-in throttling: counted atomically before the password check (parallel guesses beyond the limit are
 * refused), client addresses from a configured number of proxy hops or proxy list only, IPv6 by /64, old
 * counters purged, password hashing capped. On SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
import { parseTrustProxy } from '../config';
import { configurePasswordHashing, DEFAULT_HASHING, passwordHashing } from '../auth/password';
import { createTestApp, type TestApp } from '../testing/testApp';

// Each test builds apps and signs in dozens of times: generous under a loaded machine.
jest.setTimeout(60_000);

const LIMITS = { maxFailuresPerUser: 5, maxFailuresPerAddress: 8, windowSeconds: 600, lockSeconds: 300 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ lockout: LIMITS });
});
afterAll(() => t.close());

const signIn = (app: TestApp, userName: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName, password }, remoteAddress, headers });
const codes = (responses: Array<{ json(): { code?: string } }>) => {
  const counts: Record<string, number> = {};
  for (const r of responses) counts[r.json().code ?? 'OK'] = (counts[r.json().code ?? 'OK'] ?? 0) + 1;
  return counts;
};

describe('counting before the password check', () => {
  it('refuses 30 parallel wrong passwords for one account beyond the limit', async () => {
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(t, 'librarian', `guess${i}`, `10.40.${i}.1`)));
    expect(codes(all)).toEqual({ INVALID_PASSWORD: 5, TOO_MANY_ATTEMPTS: 25 });
    expect((await signIn(t, 'librarian', 'librarian', '10.40.99.1')).json().code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses 30 parallel guesses from one address over many accounts beyond its limit', async () => {
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(t, `nobody${i}`, 'x', '10.41.0.1')));
    expect(codes(all)).toEqual({ USER_NOT_FOUND: 8, TOO_MANY_ATTEMPTS: 22 });
  });

  it('successful sign-ins do not use up the address (a library behind one address)', async () => {
    for (let i = 0; i < 20; i += 1) expect((await signIn(t, 'manager', 'manager', '10.42.0.1')).statusCode).toBe(200);
  });

  it('groups IPv6 clients by /64', async () => {
    for (let i = 1; i <= 8; i += 1) expect((await signIn(t, `ghost6-${i}`, 'x', `2001:db8:7:1::${i.toString(16)}`)).statusCode).toBe(401);
    expect((await signIn(t, 'admin', 'admin', '2001:db8:7:1:ffff::1')).json().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await signIn(t, 'admin', 'admin', '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('purges counters whose window and lock have passed', async () => {
    await signIn(t, 'ghost-old', 'x', '10.43.0.1');
    expect(await t.db.selectFrom('signin_failures').select('key').where('key', '=', 'user:ghost-old').executeTakeFirst()).toBeDefined();
    t.advance(LIMITS.windowSeconds + LIMITS.lockSeconds + 61);
    await signIn(t, 'admin', 'admin', '10.43.0.2');
    const left = await t.db.selectFrom('signin_failures').select('key').execute();
    expect(left.map((r) => r.key).sort()).toEqual(['ip:10.43.0.2']);
  });
});

describe('client address behind proxies (TRUST_PROXY)', () => {
  it('parses a hop count or a proxy list, never "trust everything"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    for (const bad of ['true', 'yes', '*', '10.0.0.1,evil host']) expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });

  it('warns once when sign-ins come through a proxy but TRUST_PROXY is not set', async () => {
    const lines: string[] = [];
    const direct = await createTestApp({
      lockout: LIMITS,
      logger: {
        level: 'warn',
        stream: {
          write: (line) => {
            lines.push(line);
          },
        },
      },
    });
    try {
      for (let i = 0; i < 2; i += 1) await signIn(direct, 'admin', 'admin', '10.0.0.1', { 'x-forwarded-for': '203.0.113.5' });
      const warnings = lines.filter((l) => l.includes('TRUST_PROXY is not set'));
      expect(warnings).toHaveLength(1);
    } finally {
      await direct.close();
    }
  });

  it('with one trusted hop, the address the proxy saw counts, whatever the client puts in X-Forwarded-For', async () => {
    const behind = await createTestApp({ lockout: LIMITS, trustProxy: 1 });
    try {
      for (let i = 0; i < 8; i += 1) {
        await signIn(behind, `spoof${i}`, 'x', '10.0.0.1', { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` });
      }
      const res = await signIn(behind, 'admin', 'admin', '10.0.0.1', { 'x-forwarded-for': '192.0.2.77, 203.0.113.9' });
      expect(res.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect((await signIn(behind, 'admin', 'admin', '10.0.0.1', { 'x-forwarded-for': '203.0.113.10' })).statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });

  it('with a proxy list, X-Forwarded-For is read only from those proxies', async () => {
    const behind = await createTestApp({ lockout: LIMITS, trustProxy: ['10.0.0.1'] });
    try {
      // From the proxy: the forwarded address is the client (eight clients, each one failure: nobody locked).
      for (let i = 0; i < 9; i += 1) await signIn(behind, `ghost${i}`, 'x', '10.0.0.1', { 'x-forwarded-for': `203.0.113.${i}` });
      expect((await signIn(behind, 'admin', 'admin', '10.0.0.1', { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(200);
      // Not from the proxy: the header is ignored, the connection's address counts.
      for (let i = 0; i < 8; i += 1) await signIn(behind, `ghost${i}`, 'x', '10.9.0.1', { 'x-forwarded-for': `203.0.113.${50 + i}` });
      expect((await signIn(behind, 'admin', 'admin', '10.9.0.1', { 'x-forwarded-for': '203.0.113.99' })).json().code).toBe('TOO_MANY_ATTEMPTS');
    } finally {
      await behind.close();
    }
  });
});

describe('password hashing', () => {
  // Three parallel sign-ins per account stay under its limit of 5 attempts in flight.
  const USERS = ['admin', 'supervisor', 'manager', 'librarian'];
  afterAll(() => configurePasswordHashing(DEFAULT_HASHING));

  it('runs at most the configured number of hashes at once, and refuses beyond the queue', async () => {
    configurePasswordHashing({ concurrency: 1, maxQueued: 100 });
    const ok = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(t, USERS[i % 4], USERS[i % 4], `10.44.${i}.1`)));
    expect(codes(ok)).toEqual({ OK: 12 });
    expect(passwordHashing.peak).toBe(1);
    configurePasswordHashing({ concurrency: 1, maxQueued: 2 });
    const busy = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(t, USERS[i % 4], USERS[i % 4], `10.45.${i}.1`)));
    expect(busy.filter((r) => r.statusCode === 429).length).toBeGreaterThan(0);
    expect(busy.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(3);
  });
});
