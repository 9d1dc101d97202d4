/**
 * Services decide with the acting user themselves, not only through the route's requirement: called with a
 * user who may not, they refuse (403) and change nothing.
 */
import { createTestApp, type TestApp } from '../testing/testApp';
import { findAuthUser, type Deps } from './context';
import { createStore } from './stores';
import { userExists } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const actor = async (name: 'supervisor' | 'manager') => (await findAuthUser(t.db, await t.userId(name)))!;
const deps = () => ({ db: t.db, config: t.config }) as unknown as Deps;

it('createStore refuses anyone but an admin', async () => {
  const body = {
    code: 'SVC-1',
    country: 'ES',
    area: 'Z',
    province: 'Z',
    city: 'Z',
    name: 'Svc',
    address: 'a',
    manager: 'm',
    managertel: '1',
    capacity: 1,
    resetTime: '00:00',
    startTime: '08:00',
    endTime: '20:00',
  };
  await expect(createStore(deps(), await actor('supervisor'), body as never)).rejects.toMatchObject({ statusCode: 403 });
  expect(await t.db.selectFrom('stores').select('id').where('code', '=', 'SVC-1').executeTakeFirst()).toBeUndefined();
});

it('userExists answers only those who manage users', async () => {
  await expect(userExists(deps(), await actor('manager'), { userName: 'admin' })).rejects.toMatchObject({ statusCode: 403 });
  await expect(userExists(deps(), await actor('supervisor'), { userName: 'admin' })).resolves.toEqual({ exists: true });
});
