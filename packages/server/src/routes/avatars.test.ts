import { AVATAR_MAX_BYTES } from '@portal/contract';
import { multipartBody, PNG_1PX } from '../testing/multipart';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function upload(user: 'manager' | 'supervisor' | 'librarian', userId: number, body: ReturnType<typeof multipartBody>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/users/${userId}/avatar`,
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': await t.token(user) },
  });
}

describe('avatars', () => {
  it('uploads, serves and removes an avatar', async () => {
    const me = await t.userId('manager');
    const res = await upload('manager', me, multipartBody('avatar', 'me.png', 'image/png', PNG_1PX));
    expect(res.statusCode).toBe(200);
    const { avatarUrl } = res.json();
    expect(avatarUrl).toMatch(new RegExp(`^/api/users/${me}/avatar\\?v=\\d+$`));
    const image = await t.call('GET', avatarUrl, { user: 'manager' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG_1PX)).toBe(true);
    expect((await t.call('GET', `/api/users/${me}`, { user: 'manager' })).json().avatarUrl).toBe(avatarUrl);
    const bySupervisor = await t.call('GET', avatarUrl, { user: 'supervisor' });
    expect(bySupervisor.statusCode).toBe(200);
    const byOther = await t.call('GET', avatarUrl, { user: 'librarian' });
    expect([byOther.statusCode, byOther.json().code]).toEqual([403, 'FORBIDDEN']);
    const removed = await t.call('DELETE', `/api/users/${me}/avatar`, { user: 'manager' });
    expect(removed.json()).toEqual({ avatarUrl: null });
    const gone = await t.call('GET', `/api/users/${me}/avatar`, { user: 'manager' });
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'AVATAR_NOT_FOUND']);
  });

  it('tells the sign-in whether there is an avatar to ask for', async () => {
    const signIn = () => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: 'manager', password: 'manager' } });
    const me = await t.userId('manager');
    expect((await signIn()).json().avatarUrl).toBeNull();
    const { avatarUrl } = (await upload('manager', me, multipartBody('avatar', 'me.png', 'image/png', PNG_1PX))).json();
    expect((await signIn()).json().avatarUrl).toBe(avatarUrl);
    await t.call('DELETE', `/api/users/${me}/avatar`, { user: 'manager' });
    expect((await signIn()).json().avatarUrl).toBeNull();
  });

  it('accepts only real images of limited size in the avatar field', async () => {
    const me = await t.userId('manager');
    const html = await upload('manager', me, multipartBody('avatar', 'x.png', 'image/png', Buffer.from('<svg onload=alert(1)>')));
    expect([html.statusCode, html.json().code]).toEqual([415, 'INVALID_FILE_TYPE']);
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(AVATAR_MAX_BYTES)]);
    const large = await upload('manager', me, multipartBody('avatar', 'big.png', 'image/png', big));
    expect([large.statusCode, large.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
    const field = await upload('manager', me, multipartBody('file', 'me.png', 'image/png', PNG_1PX));
    expect([field.statusCode, field.json().code]).toEqual([400, 'INVALID_FILE']);
    const json = await t.call('POST', `/api/users/${me}/avatar`, { user: 'manager', body: { avatar: 'x' } });
    expect([json.statusCode, json.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const other = await upload('manager', await t.userId('librarian'), multipartBody('avatar', 'me.png', 'image/png', PNG_1PX));
    expect([other.statusCode, other.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await t.call('GET', `/api/users/${me}`, { user: 'manager' })).json().avatarUrl).toBeNull();
  });
});
