import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_MAX_BYTES } from '@portal/contract';
import { multipartBody, PNG_1PX } from '../testing/multipart';
import { createTestApp, type DemoUser, type TestApp } from '../testing/testApp';

// Under a loaded machine (two cores shared by every build) the first calls can take seconds.
jest.setTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
const WEBP = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L', 'latin1'), Buffer.alloc(18)]);

async function upload(user: DemoUser, setId: number | string, name: string, data: Buffer, field = 'file') {
  const body = multipartBody(field, name, 'image/png', data);
  return t.app.inject({
    method: 'POST',
    url: `/api/imagesets/${setId}`,
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': await t.token(user) },
  });
}

async function newSet(user: DemoUser, name: string): Promise<number> {
  const res = await t.call('POST', '/api/imagesets', { user, body: { name, description: 'd' } });
  expect(res.statusCode).toBe(200);
  return res.json().tid;
}

const fileOf = async (setId: number, name: string) =>
  (await t.db.selectFrom('images').select('file').where('image_set_id', '=', setId).where('name', '=', name).executeTakeFirstOrThrow()).file;
const onDisk = (key: string) => path.join(t.config.dataDir, 'files', key);

describe('image sets', () => {
  it('creates, lists, renames and checks names of your own sets', async () => {
    const id = await newSet('supervisor', 'Bienvenida');
    expect((await t.call('GET', '/api/imagesets', { user: 'supervisor' })).json()).toEqual([
      { tid: id, name: 'Bienvenida', description: 'd', createdAt: expect.any(String) },
    ]);
    const dup = await t.call('POST', '/api/imagesets', { user: 'supervisor', body: { name: ' Bienvenida ' } });
    expect([dup.statusCode, dup.json().code]).toEqual([409, 'NameAlreadyExistsMessage']);
    expect((await t.call('POST', '/api/imagesets/exists', { user: 'supervisor', body: { name: 'Bienvenida' } })).json()).toEqual({ exists: true });
    expect((await t.call('POST', '/api/imagesets/exists', { user: 'supervisor', body: { name: 'Bienvenida', imageSetId: id } })).json()).toEqual({
      exists: false,
    });
    // Names are unique per user: another user may use the same one.
    expect((await t.call('POST', '/api/imagesets/exists', { user: 'admin', body: { name: 'Bienvenida' } })).json()).toEqual({ exists: false });
    const edited = await t.call('PUT', `/api/imagesets/${id}`, { user: 'supervisor', body: { name: 'Verano', description: '' } });
    expect(edited.json()).toMatchObject({ tid: id, name: 'Verano', description: '' });
    const blank = await t.call('POST', '/api/imagesets', { user: 'supervisor', body: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
  });

  it('accepts PNG, JPEG, GIF and WebP by content, lists them newest first and serves them with their type', async () => {
    const id = await newSet('supervisor', 'Tipos');
    const png = await upload('supervisor', id, 'Pantalla 1.PNG', PNG_1PX);
    expect(png.json()).toEqual({ file: 'Pantalla-1.png', createdAt: expect.any(String) });
    t.advance(1);
    // The name follows the content: a JPEG called .png is stored as .jpg.
    expect((await upload('supervisor', id, 'foto.png', JPEG)).json().file).toBe('foto.jpg');
    t.advance(1);
    expect((await upload('supervisor', id, 'a.gif', GIF)).json().file).toBe('a.gif');
    t.advance(1);
    expect((await upload('supervisor', id, '../../etc/a.webp', WEBP)).json().file).toBe('a.webp');
    t.advance(1);
    expect((await upload('supervisor', id, 'a.gif', GIF)).json().file).toBe('a-2.gif');
    const list = (await t.call('GET', `/api/imagesets/${id}`, { user: 'supervisor' })).json();
    expect(list.map((i: { name: string }) => i.name)).toEqual(['a-2.gif', 'a.webp', 'a.gif', 'foto.jpg', 'Pantalla-1.png']);
    const image = await t.call('GET', `/api/imagesets/${id}/foto.jpg`, { user: 'supervisor' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(JPEG)).toBe(true);
    // Server-chosen storage names, never the client's.
    expect(await fileOf(id, 'foto.jpg')).toMatch(/^imagesets\/[0-9a-f-]{36}\.jpg$/);
  });

  it('refuses HTML, SVG or text renamed .png, files over the cap, other fields and non-multipart bodies', async () => {
    const id = await newSet('supervisor', 'Rechazos');
    const stored = () => (fs.existsSync(onDisk('imagesets')) ? fs.readdirSync(onDisk('imagesets')).length : 0);
    const before = stored();
    for (const bad of ['<!DOCTYPE html><script>alert(1)</script>', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'hello']) {
      const res = await upload('supervisor', id, 'x.png', Buffer.from(bad));
      expect([res.statusCode, res.json().code]).toEqual([415, 'INVALID_FILE_TYPE']);
    }
    const large = await upload('supervisor', id, 'big.png', Buffer.concat([PNG_1PX, Buffer.alloc(IMAGE_MAX_BYTES)]));
    expect([large.statusCode, large.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
    const field = await upload('supervisor', id, 'x.png', PNG_1PX, 'avatar');
    expect([field.statusCode, field.json().code]).toEqual([400, 'INVALID_FILE']);
    const json = await t.call('POST', `/api/imagesets/${id}`, { user: 'supervisor', body: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await t.call('GET', `/api/imagesets/${id}`, { user: 'supervisor' })).json()).toEqual([]);
    expect(stored()).toBe(before); // nothing refused was kept
  });

  it('never leaves the set for path-traversal image names in GET and DELETE', async () => {
    const mine = await newSet('supervisor', 'Traversal');
    const other = await newSet('supervisor', 'Vecino');
    await upload('supervisor', mine, 'a.png', PNG_1PX);
    await upload('supervisor', other, 'b.png', PNG_1PX);
    const otherKey = await fileOf(other, 'b.png');
    const names = [
      '..%2F..%2F..%2Fpackage.json',
      '%2E%2E%2F%2E%2E%2Fpackage.json',
      '..%2F' + other + '%2Fb.png',
      '%2Fetc%2Fpasswd',
      encodeURIComponent(onDisk(otherKey)),
      encodeURIComponent(otherKey),
      encodeURIComponent(path.basename(otherKey)),
      '..%5C..%5Cb.png',
      '%252e%252e%252fb.png',
      'b.png',
    ];
    for (const name of names) {
      const read = await t.call('GET', `/api/imagesets/${mine}/${name}`, { user: 'supervisor' });
      expect([name, read.statusCode]).toEqual([name, 404]);
      const del = await t.call('DELETE', `/api/imagesets/${mine}/${name}`, { user: 'supervisor' });
      expect([name, del.statusCode]).toEqual([name, 404]);
    }
    // Unencoded ../ is resolved by the router to another route, never to a file.
    const raw = await t.call('GET', `/api/imagesets/${mine}/../../../etc/passwd`, { user: 'supervisor' });
    expect(raw.statusCode).toBeGreaterThanOrEqual(400);
    expect(raw.headers['content-type']).not.toMatch(/^image\//);
    expect(fs.existsSync(onDisk(otherKey))).toBe(true);
    expect((await t.call('GET', `/api/imagesets/${other}`, { user: 'supervisor' })).json()).toHaveLength(1);
    expect((await t.call('GET', `/api/imagesets/${mine}`, { user: 'supervisor' })).json()).toHaveLength(1);
  });

  it('deletes one image and its file; deleting a set deletes every file', async () => {
    const id = await newSet('supervisor', 'Borrar');
    await upload('supervisor', id, 'uno.png', PNG_1PX);
    await upload('supervisor', id, 'dos.jpg', JPEG);
    const uno = await fileOf(id, 'uno.png');
    const dos = await fileOf(id, 'dos.jpg');
    expect((await t.call('DELETE', `/api/imagesets/${id}/uno.png`, { user: 'supervisor' })).json()).toEqual({ file: 'uno.png' });
    expect(fs.existsSync(onDisk(uno))).toBe(false);
    expect(fs.existsSync(onDisk(dos))).toBe(true);
    expect((await t.call('DELETE', `/api/imagesets/${id}`, { user: 'supervisor' })).json()).toEqual({ tid: id });
    expect(fs.existsSync(onDisk(dos))).toBe(false);
    expect(await t.db.selectFrom('images').select('id').where('image_set_id', '=', id).execute()).toEqual([]);
    expect((await t.call('GET', `/api/imagesets/${id}`, { user: 'supervisor' })).statusCode).toBe(403);
  });

  it("answers 403 for another user's set and changes nothing", async () => {
    const theirs = await newSet('admin', 'De admin');
    await upload('admin', theirs, 'x.png', PNG_1PX);
    const key = await fileOf(theirs, 'x.png');
    const attempts = [
      t.call('GET', `/api/imagesets/${theirs}`, { user: 'supervisor' }),
      t.call('PUT', `/api/imagesets/${theirs}`, { user: 'supervisor', body: { name: 'Mío' } }),
      t.call('DELETE', `/api/imagesets/${theirs}`, { user: 'supervisor' }),
      t.call('GET', `/api/imagesets/${theirs}/x.png`, { user: 'supervisor' }),
      t.call('DELETE', `/api/imagesets/${theirs}/x.png`, { user: 'supervisor' }),
      upload('supervisor', theirs, 'y.png', PNG_1PX),
      t.call('GET', '/api/imagesets/999999', { user: 'supervisor' }),
    ];
    for (const res of await Promise.all(attempts)) expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await t.call('GET', '/api/imagesets', { user: 'supervisor' })).json().map((s: { name: string }) => s.name)).not.toContain('De admin');
    expect((await t.call('GET', `/api/imagesets/${theirs}`, { user: 'admin' })).json().map((i: { name: string }) => i.name)).toEqual(['x.png']);
    expect((await t.call('GET', '/api/imagesets', { user: 'admin' })).json().find((s: { tid: number }) => s.tid === theirs).name).toBe('De admin');
    expect(fs.existsSync(onDisk(key))).toBe(true);
  });

  it('needs a token and the imagesets permission; bad input is a 4xx', async () => {
    expect((await t.call('GET', '/api/imagesets')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/imagesets/1', {})).statusCode).toBe(401);
    expect((await t.call('GET', '/api/imagesets/1/x.png')).statusCode).toBe(401);
    for (const user of ['manager', 'librarian'] as const) {
      const res = await t.call('GET', '/api/imagesets', { user });
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    for (const url of ['/api/imagesets/abc', '/api/imagesets/0', '/api/imagesets/-1/x', '/api/imagesets/99999999999']) {
      const res = await t.call('GET', url, { user: 'supervisor' });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    const long = await t.call('POST', '/api/imagesets', { user: 'supervisor', body: { name: 'x'.repeat(300) } });
    expect(long.statusCode).toBe(400);
    const extra = await t.call('POST', '/api/imagesets', { user: 'supervisor', body: { name: 'ok', user_id: 1 } });
    expect(extra.statusCode).toBe(400);
  });

  it("answers the public client URL to the owner's image-set token only (not the capacities token)", async () => {
    const id = await newSet('supervisor', 'Cliente');
    await upload('supervisor', id, 'p.png', PNG_1PX);
    const token = async (user: DemoUser) =>
      (await t.db.selectFrom('users').select('image_set_token').where('user_name', '=', user).executeTakeFirstOrThrow()).image_set_token;
    const mine = await token('supervisor');
    const res = await t.call('GET', `/api/imagesets/client/${mine}/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tid: id,
      name: 'Cliente',
      description: 'd',
      images: [{ name: 'p.png', createdAt: expect.any(String), url: `/api/imagesets/client/${mine}/${id}/p.png` }],
    });
    const image = await t.call('GET', res.json().images[0].url);
    expect([image.statusCode, image.headers['content-type'], image.headers['x-content-type-options']]).toEqual([200, 'image/png', 'nosniff']);
    expect(image.rawPayload.equals(PNG_1PX)).toBe(true);
    for (const url of [
      `/api/imagesets/client/${await token('admin')}/${id}`,
      `/api/imagesets/client/nope/${id}`,
      `/api/imagesets/client/${await token('admin')}/${id}/p.png`,
    ]) {
      const denied = await t.call('GET', url);
      expect([url, denied.statusCode, denied.json().code]).toEqual([url, 403, 'FORBIDDEN']);
    }
    // A session token is not the image-set token, and neither is the capacities token (once it differs).
    expect((await t.call('GET', `/api/imagesets/client/${await t.token('supervisor')}/${id}`)).statusCode).toBe(403);
    const capacities = (await t.call('POST', `/api/users/${await t.userId('supervisor')}/publicToken`, { user: 'supervisor' })).json().token as string;
    expect((await t.call('GET', `/api/imagesets/client/${capacities}/${id}`)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/imagesets/client/${mine}/${id}`)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/imagesets/client/${mine}/${id}/..%2Fp.png`)).statusCode).toBe(404);
  });
});
