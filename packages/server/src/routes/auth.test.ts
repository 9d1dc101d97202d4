import { SignJWT } from 'jose';
import { createTestApp, type TestApp } from '../testing/testApp';

// Some tests build a second app: generous under a loaded machine (load 15-19 while eight people test).
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ lockout: { maxFailuresPerUser: 3, maxFailuresPerAddress: 6, windowSeconds: 600, lockSeconds: 300 } });
});
afterAll(() => t.close());

const signIn = (userName: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName, password }, remoteAddress: ip });

describe('POST /api/auth/signin', () => {
  it('answers the session fields for an admin', async () => {
    const res = await signIn('admin', 'admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['avatarUrl', 'expiresIn', 'permissions', 'role', 'settings', 'storeIds', 'token', 'userFlavor', 'userFullName', 'userId', 'userToken'].sort(),
    );
    expect(body).toMatchObject({
      avatarUrl: null,
      userId: await t.userId('admin'),
      userFullName: 'Ana Administradora',
      userFlavor: '{product}',
      role: 'admin',
      permissions: [],
      settings: { selectedStoreId: null, dashboardItems: {}, visibleColumns: {} },
      expiresIn: 8 * 3600,
    });
    expect(body.storeIds).toHaveLength(4);
    expect(body.userToken).toMatch(/^[0-9a-f]{32}$/);
    const version = await t.call('GET', '/api/misc/version', { token: body.token });
    expect(version.statusCode).toBe(200);
  });

  it('gives a manager only their libraries', async () => {
    const res = await signIn('manager', 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json().storeIds).toEqual([await t.storeId('BIB-001'), await t.storeId('BIB-002')]);
    expect(res.json().permissions).toEqual(['manager']);
  });

  it('refuses unknown users, wrong passwords and users without privileges with their codes', async () => {
    expect((await signIn('nobody', 'x', '10.0.0.2')).json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    const wrong = await signIn('supervisor', 'wrong', '10.0.0.3');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    const viewer = await signIn('viewer', 'viewer', '10.0.0.4');
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().code).toBe('USER_NO_PRIVILEGES');
    expect(viewer.json().token).toBeUndefined();
  });

  it('rejects bad bodies with VALIDATION_ERROR / INVALID_JSON', async () => {
    const bodies: unknown[] = [
      {},
      { userName: 'admin' },
      { userName: '', password: 'x' },
      { userName: 1, password: 'x' },
      { userName: 'admin', password: 'admin', extra: true },
      ['admin'],
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: payload as object });
      expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'content-type': 'application/json' }, payload: '{"userName":' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'INVALID_JSON']);
    const text = await t.app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'content-type': 'text/plain' }, payload: 'admin' });
    expect([text.statusCode, text.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });
});

describe('sign-in lock-out (kept in the database)', () => {
  it('locks an account after repeated failures, even for the right password, until the lock passes', async () => {
    for (let i = 0; i < 3; i += 1) expect((await signIn('librarian', 'bad', `10.1.0.${i}`)).json().code).toBe('INVALID_PASSWORD');
    const locked = await signIn('librarian', 'librarian', '10.1.0.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.selectFrom('signin_failures').select('key').where('key', '=', 'user:librarian').executeTakeFirst()).toBeDefined();
    t.advance(301);
    expect((await signIn('librarian', 'librarian', '10.1.0.9')).statusCode).toBe(200);
  });

  it('locks an address that tries many accounts', async () => {
    for (let i = 0; i < 6; i += 1) await signIn(`ghost${i}`, 'x', '10.9.9.9');
    const res = await signIn('admin', 'admin', '10.9.9.9');
    expect([res.statusCode, res.json().code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect((await signIn('admin', 'admin', '10.9.9.8')).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('401 TOKEN_MISSING without a token', async () => {
    const res = await t.call('GET', '/api/misc/version');
    expect([res.statusCode, res.json().code]).toEqual([401, 'TOKEN_MISSING']);
  });

  it('401 TOKEN_INVALID for garbage and forged tokens', async () => {
    for (const token of ['garbage', 'a.b.c']) {
      const res = await t.call('GET', '/api/misc/version', { token });
      expect([res.statusCode, res.json().code]).toEqual([401, 'TOKEN_INVALID']);
    }
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(await t.userId('admin')))
      .setIssuer('library-portal')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-at-all-000'));
    const res = await t.call('GET', '/api/misc/version', { token: forged });
    expect([res.statusCode, res.json().code]).toEqual([401, 'TOKEN_INVALID']);
    const [h, p] = (await t.token('manager')).split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    expect((await t.call('GET', '/api/misc/version', { token: unsigned })).json().code).toBe('TOKEN_INVALID');
    expect(h).toBeTruthy();
  });

  it('401 TOKEN_INVALID for a token signed with the server secret but without exp, or whose subject is not an exact id', async () => {
    const secret = Buffer.from((await t.db.selectFrom('server_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow()).value, 'base64');
    const id = await t.userId('admin');
    const { token_version: ver } = await t.db.selectFrom('users').select('token_version').where('id', '=', id).executeTakeFirstOrThrow();
    const sign = (sub: string | null, opts: { exp?: boolean; claims?: Record<string, unknown> } = {}) => {
      let jwt = new SignJWT({ ver, ...opts.claims }).setProtectedHeader({ alg: 'HS256' }).setIssuer('library-portal').setIssuedAt();
      if (sub !== null) jwt = jwt.setSubject(sub);
      if (opts.exp !== false) jwt = jwt.setExpirationTime('1h');
      return jwt.sign(new Uint8Array(secret));
    };
    // The control: the same signing with every claim right is accepted.
    expect((await t.call('GET', '/api/misc/version', { token: await sign(String(id)) })).statusCode).toBe(200);
    const bad = [
      await sign(String(id), { exp: false }),
      await sign(null),
      await sign(`0x${id.toString(16)}`),
      await sign(` ${id}`),
      await sign(`${id} `),
      await sign(`${id}.0`),
      await sign(`+${id}`),
      await sign(`0${id}`),
      await sign(`${id}e0`),
      await sign(`${id}\n`),
      await sign(''),
      await sign('0'),
      await sign('-1'),
      await sign('99999999999'),
      await sign('1'.repeat(400)),
      await sign(String(id), { claims: { ver: String(ver) } }),
      await sign(String(id), { claims: { ver: -1 } }),
      await sign(String(id), { exp: false, claims: { exp: String(Math.floor(Date.now() / 1000) + 3600) } }),
    ];
    for (const [i, token] of bad.entries()) {
      const res = await t.call('GET', '/api/misc/version', { token });
      expect([i, res.statusCode, res.json().code]).toEqual([i, 401, 'TOKEN_INVALID']);
    }
  });

  it('401 TOKEN_INVALID when the user no longer exists', async () => {
    const token = await t.token(999999);
    const res = await t.call('GET', '/api/misc/version', { token });
    expect([res.statusCode, res.json().code]).toEqual([401, 'TOKEN_INVALID']);
  });

  it('401 TOKEN_EXPIRED once the lifetime has passed', async () => {
    const short = await createTestApp({ tokenTtlSeconds: 60 });
    try {
      const { token } = (await short.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: 'admin', password: 'admin' } })).json();
      expect((await short.call('GET', '/api/misc/version', { token })).statusCode).toBe(200);
      short.advance(61);
      const res = await short.call('GET', '/api/misc/version', { token });
      expect([res.statusCode, res.json().code]).toEqual([401, 'TOKEN_EXPIRED']);
    } finally {
      await short.close();
    }
  });

  it('shares the signing secret through the database: a second app instance accepts the token', async () => {
    const { token } = (await signIn('admin', 'admin', '10.3.3.3')).json();
    const { buildApp } = await import('../app');
    const other = await buildApp({ db: t.db, config: t.config });
    try {
      expect((await other.inject({ method: 'GET', url: '/api/misc/version', headers: { 'x-access-token': token } })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
