/**
 * POST /api/users/{userId}/publicToken and /imageSetToken over a real database: a new capacities or image-set token
 * for yourself or a user you manage; links built on the old one stop answering at once, the other kind's keep working.
 */
import { createTestApp, type DemoUser, type TestApp } from '../testing/testApp';

// The machine's two cores are shared with other suites: a first query may wait on them.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const tokenOf = async (user: DemoUser | number) =>
  (
    await t.db
      .selectFrom('users')
      .select('token')
      .where(typeof user === 'number' ? 'id' : 'user_name', '=', user)
      .executeTakeFirstOrThrow()
  ).token;
const imageSetTokenOf = async (user: DemoUser) =>
  (await t.db.selectFrom('users').select('image_set_token').where('user_name', '=', user).executeTakeFirstOrThrow()).image_set_token;
const rotate = async (actor: DemoUser | null, userId: number | string, kind = 'publicToken') => t.call('POST', `/api/users/${userId}/${kind}`, { user: actor });
const capacities = (token: string) => t.call('GET', `/api/statistics/capacities/${token}`);

describe('POST /api/users/{userId}/publicToken and /imageSetToken', () => {
  it('gives the user a new capacities token; the old one no longer opens the displays, at once; image-set clients keep theirs', async () => {
    const me = await t.userId('supervisor');
    const old = await tokenOf('supervisor');
    const client = await imageSetTokenOf('supervisor');
    const set = await t.call('POST', '/api/imagesets', { user: 'supervisor', body: { name: 'Rotation', description: '' } });
    expect(set.statusCode).toBe(200);
    const setId = set.json().tid as number;
    expect((await capacities(old)).statusCode).toBe(200); // now cached for a few seconds
    expect((await t.call('GET', `/api/imagesets/client/${client}/${setId}`)).statusCode).toBe(200);

    const res = await rotate('supervisor', me);
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    expect(res.json()).toEqual({ token: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(token).not.toBe(old);
    expect(await tokenOf('supervisor')).toBe(token);

    const stale = await capacities(old);
    expect([stale.statusCode, stale.json().code]).toEqual([404, 'CAPACITY_TOKEN_UNKNOWN']);
    expect((await t.call('GET', `/api/statistics/capacities/${old}/BIB-001`)).statusCode).toBe(404);
    expect((await capacities(token)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/imagesets/client/${client}/${setId}`)).statusCode).toBe(200);
    expect(await imageSetTokenOf('supervisor')).toBe(client);
    expect((await t.call('GET', `/api/users/${me}`, { user: 'supervisor' })).json()).toMatchObject({ token, imageSetToken: client });

    // And the other way round: a new image-set token closes the old client URLs only.
    const rotated = await t.call('POST', `/api/users/${me}/imageSetToken`, { user: 'supervisor' });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().token as string;
    expect(next).toMatch(/^[0-9a-f]{32}$/);
    expect(await imageSetTokenOf('supervisor')).toBe(next);
    const closed = await t.call('GET', `/api/imagesets/client/${client}/${setId}`);
    expect([closed.statusCode, closed.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await t.call('GET', `/api/imagesets/client/${next}/${setId}`)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/imagesets/client/${token}/${setId}`)).statusCode).toBe(403);
    expect((await capacities(next)).statusCode).toBe(404);
    expect((await capacities(token)).statusCode).toBe(200);
  });

  it('an administrator, or a supervisor for a user they manage, may rotate it; nobody else', async () => {
    const manager = await t.userId('manager');
    const before = await tokenOf('manager');
    const byAdmin = await rotate('admin', manager);
    expect(byAdmin.statusCode).toBe(200);
    expect(await tokenOf('manager')).toBe(byAdmin.json().token);
    expect(before).not.toBe(byAdmin.json().token);

    const bySupervisor = await rotate('supervisor', manager);
    expect(bySupervisor.statusCode).toBe(200);
    expect(await tokenOf('manager')).toBe(bySupervisor.json().token);

    // A user outside the supervisor's libraries (another library's user) and users who manage nobody.
    const store = await t.call('POST', '/api/stores', {
      user: 'admin',
      body: {
        code: 'BIB-ROT',
        country: 'España',
        area: 'Galicia',
        province: 'A Coruña',
        city: 'Santiago',
        name: 'Biblioteca de fóra',
        address: 'Rúa 1',
        manager: 'Xoán',
        managertel: '+34 981 000 000',
        capacity: 50,
        resetTime: '03:00',
        startTime: '08:30',
        endTime: '20:55',
      },
    });
    expect(store.statusCode).toBe(200);
    const created = await t.call('POST', '/api/users', {
      user: 'admin',
      body: {
        userName: 'elsewhere',
        fullName: 'Elsewhere',
        address: 'A',
        telephone: '1',
        email: 'elsewhere@example.com',
        role: 'user',
        permissions: ['manager'],
        password: 'elsewhere-password-1',
        storeIds: [store.json().tid],
      },
    });
    expect(created.statusCode).toBe(200);
    const elsewhere = created.json().tid as number;
    const admin = await t.userId('admin');
    for (const [actor, target] of [
      ['supervisor', elsewhere],
      ['supervisor', admin],
      ['librarian', manager],
      ['manager', elsewhere],
      ['manager', admin],
      ['supervisor', 2147483647],
    ] as const) {
      const target0 = typeof target === 'number' && target !== 2147483647 ? await tokenOf(target) : null;
      for (const kind of ['publicToken', 'imageSetToken']) {
        const denied = await rotate(actor, target, kind);
        expect([actor, target, kind, denied.statusCode, denied.json().code]).toEqual([actor, target, kind, 403, 'FORBIDDEN']);
      }
      if (target0 !== null) expect(await tokenOf(target)).toBe(target0);
    }
    // An account without the portal's permission reaches no route, not even its own token.
    const viewer = await rotate('viewer', await t.userId('viewer'));
    expect([viewer.statusCode, viewer.json().code]).toEqual([403, 'USER_NO_PRIVILEGES']);
  });

  it('401 without an access token, or with the public token instead of one', async () => {
    const me = await t.userId('librarian');
    const old = await tokenOf('librarian');
    for (const kind of ['publicToken', 'imageSetToken']) {
      const none = await rotate(null, me, kind);
      expect([none.statusCode, none.json().code]).toEqual([401, 'TOKEN_MISSING']);
    }
    const publicToken = await t.call('POST', `/api/users/${me}/publicToken`, { token: old });
    expect(publicToken.statusCode).toBe(401);
    expect(await tokenOf('librarian')).toBe(old);
  });

  it('hostile input: 400 for ids that are not ids, a body is ignored, a flood leaves exactly one working token', async () => {
    for (const id of ['abc', '-1', '0', '1.0', '0x1', '1e3', '9'.repeat(400), '1,2', '%20']) {
      for (const kind of ['publicToken', 'imageSetToken']) {
        const res = await rotate('admin', id, kind);
        expect([id, kind, res.statusCode, res.json().code]).toEqual([id, kind, 400, 'VALIDATION_ERROR']);
      }
    }
    const me = await t.userId('librarian');
    const huge = await t.call('POST', `/api/users/${me}/publicToken`, { user: 'librarian', body: { token: 'x'.repeat(2_000_000) } });
    expect(huge.statusCode).toBe(413);
    const chosen = await t.call('POST', `/api/users/${me}/publicToken`, { user: 'librarian', body: { token: 'mine0000000000000000000000000000' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().token).not.toBe('mine0000000000000000000000000000');

    const answers = await Promise.all(Array.from({ length: 20 }, () => rotate('librarian', me)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const tokens = answers.map((r) => r.json().token as string);
    expect(new Set(tokens).size).toBe(20);
    const current = await tokenOf('librarian');
    expect(tokens).toContain(current);
    const working = [];
    for (const token of tokens) if ((await capacities(token)).statusCode === 200) working.push(token);
    expect(working).toEqual([current]);
  });
});
