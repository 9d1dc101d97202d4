/**
 * Tokens stand for the user as they were when signing in: sign-out, a password change and a role change
 * revoke every earlier token (per-user token version, migration 0005). Changing one's own password needs
 * the current one; new passwords have a minimum length; supervisors create and assign only role user.
 */
import { PASSWORD_MIN_LENGTH } from '@portal/contract';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = async (userName: string, password: string) => {
  seq += 1;
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName, password }, remoteAddress: `10.20.0.${seq}` });
  return res;
};
const tokenOf = async (userName: string, password = userName) => {
  const res = await signIn(userName, password);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
};
const version = (token: string) => t.call('GET', '/api/misc/version', { token });
const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  userName,
  fullName: 'N',
  address: 'A',
  telephone: '1',
  email: `${userName}@example.com`,
  role: 'user',
  permissions: ['manager'],
  password: 'a-good-password',
  ...extra,
});

describe('POST /api/auth/logout', () => {
  it('revokes every token issued so far, and needs a token itself', async () => {
    const first = await tokenOf('manager');
    const second = await tokenOf('manager');
    const out = await t.call('POST', '/api/auth/logout', { token: first });
    expect(out.statusCode).toBe(204);
    for (const token of [first, second]) expect((await version(token)).json().code).toBe('TOKEN_INVALID');
    expect((await version(await tokenOf('manager'))).statusCode).toBe(200);
    expect((await t.call('POST', '/api/auth/logout')).statusCode).toBe(401);
  });

  it('refuses hostile input, revoking nothing', async () => {
    const token = await tokenOf('librarian');
    const query = await t.call('POST', '/api/auth/logout?userId=1', { token });
    expect([query.statusCode, query.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-access-token': token, 'content-type': 'application/json' },
      payload: `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    const forged = await t.call('POST', '/api/auth/logout', { token: `${token.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(401);
    expect((await version(token)).statusCode).toBe(200);
  });
});

describe('changing your own password', () => {
  it('needs the current password, then revokes older tokens and answers a new one', async () => {
    const created = await t.call('POST', '/api/users', { user: 'admin', body: newUser('selfpw') });
    const id = created.json().tid as number;
    const token = await tokenOf('selfpw', 'a-good-password');
    const put = (body: Record<string, unknown>, auth = token) => t.call('PUT', `/api/users/${id}`, { token: auth, body });

    const missing = await put({ password: 'another-password' });
    expect([missing.statusCode, missing.json().code]).toEqual([400, 'CURRENT_PASSWORD_REQUIRED']);
    const wrong = await put({ password: 'another-password', currentPassword: 'not-it' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'INVALID_PASSWORD']);
    expect((await version(token)).statusCode).toBe(200);
    expect((await signIn('selfpw', 'another-password')).json().code).toBe('INVALID_PASSWORD');

    const ok = await put({ password: 'another-password', currentPassword: 'a-good-password' });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.headers['x-access-token'] as string;
    expect(fresh).toBeTruthy();
    expect((await version(token)).json().code).toBe('TOKEN_INVALID');
    expect((await version(fresh)).statusCode).toBe(200);
    expect((await signIn('selfpw', 'another-password')).statusCode).toBe(200);
    expect((await signIn('selfpw', 'a-good-password')).json().code).toBe('INVALID_PASSWORD');
  });

  it('wrong current passwords count towards the account lock-out', async () => {
    const locked = await createTestApp({ lockout: { maxFailuresPerUser: 2, maxFailuresPerAddress: 50, windowSeconds: 600, lockSeconds: 300 } });
    try {
      const id = await locked.userId('manager');
      const codes: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await locked.call('PUT', `/api/users/${id}`, { user: 'manager', body: { password: 'new-password-1', currentPassword: `guess${i}` } });
        codes.push(`${res.statusCode} ${res.json().code}`);
      }
      expect(codes).toEqual(['403 INVALID_PASSWORD', '403 INVALID_PASSWORD', '429 TOO_MANY_ATTEMPTS']);
    } finally {
      await locked.close();
    }
  });

  it("an admin sets another user's password without theirs, which revokes that user's tokens", async () => {
    const created = await t.call('POST', '/api/users', { user: 'admin', body: newUser('resetme') });
    const id = created.json().tid as number;
    const token = await tokenOf('resetme', 'a-good-password');
    const res = await t.call('PUT', `/api/users/${id}`, { user: 'admin', body: { password: 'set-by-admin' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-access-token']).toBeUndefined();
    expect((await version(token)).json().code).toBe('TOKEN_INVALID');
  });
});

describe('a role change', () => {
  it("revokes the user's earlier tokens; other edits do not", async () => {
    const created = await t.call('POST', '/api/users', { user: 'admin', body: newUser('promoted') });
    const id = created.json().tid as number;
    const token = await tokenOf('promoted', 'a-good-password');
    expect((await t.call('PUT', `/api/users/${id}`, { user: 'admin', body: { fullName: 'Renamed' } })).statusCode).toBe(200);
    expect((await version(token)).statusCode).toBe(200);
    expect((await t.call('PUT', `/api/users/${id}`, { user: 'admin', body: { role: 'supervisor' } })).statusCode).toBe(200);
    expect((await version(token)).json().code).toBe('TOKEN_INVALID');
  });
});

describe('new passwords', () => {
  it(`need at least ${PASSWORD_MIN_LENGTH} characters on create and change`, async () => {
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    const create = await t.call('POST', '/api/users', { user: 'admin', body: newUser('shorty', { password: short }) });
    expect([create.statusCode, create.json().code, create.json().details]).toEqual([
      400,
      'PASSWORD_TOO_SHORT',
      { field: 'password', minLength: PASSWORD_MIN_LENGTH },
    ]);
    expect((await t.call('POST', '/api/users/exists', { user: 'admin', body: { userName: 'shorty' } })).json().exists).toBe(false);
    const change = await t.call('PUT', `/api/users/${await t.userId('viewer')}`, { user: 'admin', body: { password: short } });
    expect([change.statusCode, change.json().code]).toEqual([400, 'PASSWORD_TOO_SHORT']);
    expect((await t.call('POST', '/api/users', { user: 'admin', body: newUser('longenough', { password: 'x'.repeat(PASSWORD_MIN_LENGTH) }) })).statusCode).toBe(
      200,
    );
  });
});

describe('supervisors', () => {
  it('create and assign only role user (accounts they can manage)', async () => {
    const sup = await t.call('POST', '/api/users', { user: 'supervisor', body: newUser('peer', { role: 'supervisor' }) });
    expect([sup.statusCode, sup.json().code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
    const viewer = await t.userId('viewer');
    const promote = await t.call('PUT', `/api/users/${viewer}`, { user: 'supervisor', body: { role: 'supervisor' } });
    expect([promote.statusCode, promote.json().code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
    const user = await t.call('POST', '/api/users', { user: 'supervisor', body: newUser('plainuser') });
    expect(user.statusCode).toBe(200);
  });
});
