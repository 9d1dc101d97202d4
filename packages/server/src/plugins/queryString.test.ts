/** The one query-string rule: a repeated parameter equals its comma form, on real routes and a real database. */
import { createTestApp, type TestApp } from '../testing/testApp';
import { parseQueryString } from './queryString';

let t: TestApp;
let held: [number, number];
let other: number;

beforeAll(async () => {
  t = await createTestApp();
  // 'manager' holds BIB-001 and BIB-002, not BIB-003.
  held = [await t.storeId('BIB-001'), await t.storeId('BIB-002')];
  other = await t.storeId('BIB-003');
});
afterAll(() => t.close());

const body = async (url: string, user: 'manager' | 'admin' = 'manager') => {
  const res = await t.call('GET', url, { user });
  return { status: res.statusCode, json: res.json() as unknown };
};

describe('parseQueryString', () => {
  it('joins a repeated parameter with commas and decodes like the default parser', () => {
    expect(parseQueryString('ids=1&ids=2&ids=3&q=a+b%2Cc&one=x')).toEqual({ ids: '1,2,3', q: 'a b,c', one: 'x' });
    expect(parseQueryString('')).toEqual({});
    expect(Object.getPrototypeOf(parseQueryString('__proto__=1'))).toBeNull();
  });
});

describe('repeated form on the routes', () => {
  it('selectedStoreIds: ?selectedStoreIds=1&selectedStoreIds=2 answers as ?selectedStoreIds=1,2', async () => {
    const comma = await body(`/api/dashboard/totalToday?selectedStoreIds=${held.join(',')}`);
    const repeated = await body(`/api/dashboard/totalToday?selectedStoreIds=${held[0]}&selectedStoreIds=${held[1]}`);
    expect(comma.status).toBe(200);
    expect(repeated).toEqual(comma);
    const week = (q: string) => body(`/api/dashboard/currentWeekData?${q}&weekStartDay=1&date=2024-03-06`);
    expect(await week(`selectedStoreIds=${held[0]}&selectedStoreIds=${held[1]}`)).toEqual(await week(`selectedStoreIds=${held.join(',')}`));
  });

  it("another library's id in the repeated form is not counted, as in the comma form", async () => {
    const own = await body(`/api/dashboard/totalToday?selectedStoreIds=${held[0]}`);
    const withOther = await body(`/api/dashboard/totalToday?selectedStoreIds=${held[0]}&selectedStoreIds=${other}`);
    expect(withOther).toEqual(own);
    const admin = await body(`/api/dashboard/totalToday?selectedStoreIds=${held[0]}&selectedStoreIds=${other}`, 'admin');
    expect(admin).toEqual(await body(`/api/dashboard/totalToday?selectedStoreIds=${held[0]},${other}`, 'admin'));
  });

  it('order on a list: ?order=userName&order=desc is ?order=userName,desc', async () => {
    const comma = await body('/api/users?order=userName,desc&limit=3', 'admin');
    expect(comma.status).toBe(200);
    expect(await body('/api/users?order=userName&order=desc&limit=3', 'admin')).toEqual(comma);
  });

  it('refuses hostile repeated input (400) and still needs a token (401)', async () => {
    expect((await body(`/api/dashboard/totalToday?selectedStoreIds=${held[0]}&selectedStoreIds=abc`)).status).toBe(400);
    expect((await body('/api/dashboard/totalToday?selectedStoreIds=1&selectedStoreIds=')).status).toBe(400);
    expect((await body('/api/users?limit=1&limit=2', 'admin')).status).toBe(400);
    const many = Array.from({ length: 5000 }, (_, i) => `selectedStoreIds=${i + 1}`).join('&');
    expect((await body(`/api/dashboard/totalToday?${many}`)).status).toBe(400);
    const anonymous = await t.call('GET', `/api/dashboard/totalToday?selectedStoreIds=${held[0]}&selectedStoreIds=${held[1]}`);
    expect(anonymous.statusCode).toBe(401);
  });
});
