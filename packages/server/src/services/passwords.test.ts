/** Demo passwords outside demo mode (PORTAL_DEMO off): refused at sign-in and as new passwords. */
import { createTestApp, type TestApp } from '../testing/testApp';
import { isDemoPassword } from './passwords';

const newUser = (userName: string, password: string) => ({
  userName,
  fullName: 'N',
  address: 'A',
  telephone: '1',
  email: `${userName}@example.com`,
  role: 'user',
  permissions: ['manager'],
  password,
});

describe('isDemoPassword', () => {
  it("knows the demo accounts' passwords and a password equal to the user name", () => {
    expect(isDemoPassword('someone', 'Admin')).toBe(true);
    expect(isDemoPassword('someone', 'librarian')).toBe(true);
    expect(isDemoPassword('bibliotecaria', ' BIBLIOTECARIA ')).toBe(true);
    expect(isDemoPassword('someone', 'a-real-password')).toBe(false);
  });
});

describe('outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(() => t.close());

  it('refuses sign-in with a demo password, with the same answer as a wrong one', async () => {
    for (const name of ['admin', 'supervisor', 'manager']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: name, password: name } });
      expect([name, res.statusCode, res.json().code, res.json().token]).toEqual([name, 401, 'INVALID_PASSWORD', undefined]);
    }
  });

  it('refuses demo passwords for new and changed passwords with PASSWORD_NOT_ALLOWED', async () => {
    for (const [userName, password] of [
      ['kiosk-one', 'supervisor'],
      ['kiosk-two', 'kiosk-two'],
    ]) {
      const res = await t.call('POST', '/api/users', { user: 'admin', body: newUser(userName, password) });
      expect([res.statusCode, res.json().code]).toEqual([400, 'PASSWORD_NOT_ALLOWED']);
    }
    const change = await t.call('PUT', `/api/users/${await t.userId('viewer')}`, { user: 'admin', body: { password: 'librarian' } });
    expect([change.statusCode, change.json().code]).toEqual([400, 'PASSWORD_NOT_ALLOWED']);
    expect((await t.call('POST', '/api/users', { user: 'admin', body: newUser('kiosk-three', 'a-real-password') })).statusCode).toBe(200);
  });
});

describe('in demo mode', () => {
  it('accepts them', async () => {
    const t = await createTestApp({ demo: true });
    try {
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: 'admin', password: 'admin' } })).statusCode).toBe(200);
      expect((await t.call('POST', '/api/users', { user: 'admin', body: newUser('kiosk-demo', 'kiosk-demo') })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
