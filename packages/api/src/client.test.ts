import { api, configureApi, REQUEST_TIMEOUT_MS } from './client';
import { fakeServer } from './testing';
import { getStoresTree, putFormat, signIn, getStores, updateUserSettings, deleteUsers } from './index';
import { getSelfcheckDistribution } from './dashboard';
import { decodeListParams } from '@portal/contract';

afterEach(() => configureApi({ getToken: () => null, onUnauthorized: () => {}, onTokenRenewed: () => {} }));

describe('api instance', () => {
  it('sends x-access-token from the token getter, waits 300000 ms and resolves to the body', async () => {
    const seen = fakeServer(() => ({ status: 200, data: { version: '1.2.3' } }));
    configureApi({ getToken: () => 'tok-1' });
    await expect(api.get('/api/misc/version')).resolves.toEqual({ version: '1.2.3' });
    expect(seen[0].headers.get('x-access-token')).toBe('tok-1');
    expect(seen[0].timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(300000);
  });

  it('sends no token header when signed out', async () => {
    const seen = fakeServer(() => ({ status: 200, data: {} }));
    configureApi({ getToken: () => null });
    await api.get('/api/misc/version');
    expect(seen[0].headers.has('x-access-token')).toBe(false);
  });

  it('calls onUnauthorized on a 401 of a request made with a session, not on a failed sign-in', async () => {
    const onUnauthorized = jest.fn();
    fakeServer(() => ({ status: 401, data: { code: 'INVALID_TOKEN' } }));
    configureApi({ getToken: () => null, onUnauthorized });
    await expect(signIn({ userName: 'a', password: 'b' })).rejects.toBeTruthy();
    expect(onUnauthorized).not.toHaveBeenCalled();
    configureApi({ getToken: () => 'expired' });
    await expect(api.get('/api/stores')).rejects.toBeTruthy();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('token renewal', () => {
  it('hands a new x-access-token of an answer to onTokenRenewed, only for requests made with a session', async () => {
    const onTokenRenewed = jest.fn();
    fakeServer(() => ({ status: 200, data: { tid: 7 }, headers: { 'x-access-token': 'tok-new' } }));
    configureApi({ getToken: () => 'tok-old', onTokenRenewed });
    await expect(api.put('/api/users/7', { password: 'x' })).resolves.toEqual({ tid: 7 });
    expect(onTokenRenewed).toHaveBeenCalledWith('tok-new');
    configureApi({ getToken: () => null, onTokenRenewed });
    await api.get('/api/misc/version');
    expect(onTokenRenewed).toHaveBeenCalledTimes(1);
  });
});

describe('typed calls', () => {
  it('getStoresTree asks for the tree with the wanted levels', async () => {
    const seen = fakeServer(() => ({ status: 200, data: [] }));
    await getStoresTree(['area', 'name']);
    await getStoresTree();
    expect(decodeURIComponent(seen[0].url)).toBe('/api/stores?mode=tree&levels=area,name');
    expect(seen[1].url).toBe('/api/stores?mode=tree');
  });

  it('list params travel as the contract encodes them, so the server decodes what was asked', async () => {
    const seen = fakeServer(() => ({ status: 200, data: { items: [], total: 0 } }));
    const params = { searchTexts: { name: 'Norte' }, order: ['name', 'asc'] as ['name', 'asc'], offset: 25, limit: 25 };
    await getStores(params);
    const query = Object.fromEntries(new URL(seen[0].url, 'http://x').searchParams);
    expect(decodeListParams({ ...query, offset: Number(query.offset), limit: Number(query.limit) })).toEqual({ ok: true, params });
  });

  it('generic list params (objects, pairs) also decode on the server when passed unencoded', async () => {
    const seen = fakeServer(() => ({ status: 200, data: { items: [], total: 0 } }));
    await api.get('/api/x', { params: { searchTexts: { code: '1' }, order: ['code', 'desc'], offset: 0 } });
    const query = Object.fromEntries(new URL(seen[0].url, 'http://x').searchParams);
    expect(decodeListParams({ ...query, offset: 0 })).toEqual({
      ok: true,
      params: { searchTexts: { code: '1' }, order: ['code', 'desc'], offset: 0, limit: undefined },
    });
  });

  it('dashboard calls send selectedStoreIds comma-joined', async () => {
    const seen = fakeServer(() => ({ status: 200, data: [] }));
    await getSelfcheckDistribution([3, 7], 'RENEW', { weekStartDay: 1, date: '2024-05-06' });
    const query = new URL(seen[0].url, 'http://x').searchParams;
    expect(seen[0].url.startsWith('/api/dashboard/selfcheckDistribution?')).toBe(true);
    expect(Object.fromEntries(query)).toEqual({
      selectedStoreIds: '3,7',
      type: 'RENEW',
      weekStartDay: '1',
      date: '2024-05-06',
    });
  });

  it('putFormat sends an absent otherSeparator as empty text', async () => {
    const seen = fakeServer((req) => ({ status: 200, data: req.data }));
    await putFormat({ fileType: 'csv', firstRowHeader: true, dateFormat: 'YYYY-MM-DD', separator: 'comma' });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/format' });
    expect(seen[0].data).toMatchObject({ otherSeparator: '' });
  });

  it('updateUserSettings PUTs {settings} to the user', async () => {
    const seen = fakeServer((req) => ({ status: 200, data: (req.data as { settings: unknown }).settings }));
    await expect(updateUserSettings(4, { selectedStoreId: 9 })).resolves.toEqual({ selectedStoreId: 9 });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/users/4/settings', data: { settings: { selectedStoreId: 9 } } });
  });

  it('deleteUsers names the ids in the path', async () => {
    const seen = fakeServer(() => ({ status: 200, data: {} }));
    await deleteUsers([1, 2]);
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/api/users/1,2' });
  });
});
