/**
 * Image-set uploads cannot exhaust the server: a per-user quota of stored image bytes
 * (413 IMAGE_QUOTA_EXCEEDED, nothing stored), the upload slots the import uploads take (429 TOO_MANY_CONCURRENT
 * for that user only) and a maximum width × height read from the image header (400 IMAGE_DIMENSIONS_TOO_LARGE).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEFAULT_SLOT_LIMITS, takeSlot } from '../lists/userSlots';
import { imageSize } from '../services/imageHeader';
import { multipartBody, PNG_1PX } from '../testing/multipart';
import { createTestApp, type DemoUser, type TestApp } from '../testing/testApp';

jest.setTimeout(30_000);

const QUOTA = 200; // bytes: two 1-pixel PNGs (68 bytes each) fit, a third does not

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ imagesets: { quotaBytes: QUOTA } });
});
afterAll(() => t.close());

/** A PNG whose IHDR declares width × height, with a correct CRC (its pixels are the 1-pixel image's). */
function pngDeclaring(width: number, height: number): Buffer {
  const png = Buffer.from(PNG_1PX);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}
/** A baseline JPEG start: SOI, APP0, SOF0 declaring width × height, EOI. */
function jpegDeclaring(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0, 0, 1, 0, 1, 0, 0]),
    sof,
    Buffer.from([0xff, 0xd9]),
  ]);
}
function gifDeclaring(width: number, height: number): Buffer {
  const head = Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 0, 0, 0, 0, 0]);
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  return Buffer.concat([head, Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b])]);
}
function webpDeclaring(width: number, height: number): Buffer {
  const data = Buffer.alloc(30);
  data.write('RIFF', 0, 'latin1');
  data.writeUInt32LE(22, 4);
  data.write('WEBPVP8X', 8, 'latin1');
  data.writeUInt32LE(10, 16);
  data.writeUIntLE(width - 1, 24, 3);
  data.writeUIntLE(height - 1, 27, 3);
  return data;
}

async function upload(user: DemoUser | null, setId: number, name: string, data: Buffer) {
  const body = multipartBody('file', name, 'image/png', data);
  const token = user ? { 'x-access-token': await t.token(user) } : {};
  return t.app.inject({ method: 'POST', url: `/api/imagesets/${setId}`, payload: body.payload, headers: { ...body.headers, ...token } });
}
async function newSet(user: DemoUser, name: string): Promise<number> {
  const res = await t.call('POST', '/api/imagesets', { user, body: { name } });
  expect(res.statusCode).toBe(200);
  return res.json().tid;
}
const names = async (user: DemoUser, setId: number) => (await t.call('GET', `/api/imagesets/${setId}`, { user })).json().map((i: { name: string }) => i.name);
const storedFiles = () => {
  const dir = path.join(t.config.dataDir, 'files', 'imagesets');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const rows = async () => (await t.db.selectFrom('images').select('id').execute()).length;

describe('image-set upload limits', () => {
  it('reads width and height from the header of each accepted type', () => {
    expect(imageSize(pngDeclaring(100000, 100000), 'image/png')).toEqual({ width: 100000, height: 100000 });
    expect(imageSize(PNG_1PX, 'image/png')).toEqual({ width: 1, height: 1 });
    expect(imageSize(jpegDeclaring(640, 480), 'image/jpeg')).toEqual({ width: 640, height: 480 });
    expect(imageSize(gifDeclaring(300, 200), 'image/gif')).toEqual({ width: 300, height: 200 });
    expect(imageSize(webpDeclaring(100000, 3), 'image/webp')).toEqual({ width: 100000, height: 3 });
  });

  it('refuses an image whose header declares too many pixels (100000×100000 PNG), storing nothing', async () => {
    const id = await newSet('admin', 'Pixels');
    const before = [storedFiles(), await rows()];
    const huge = await upload('admin', id, 'huge.png', pngDeclaring(100000, 100000));
    expect([huge.statusCode, huge.json().code]).toEqual([400, 'IMAGE_DIMENSIONS_TOO_LARGE']);
    expect(huge.json().details).toEqual({ width: 100000, height: 100000, maxSide: 16384, maxPixels: 40_000_000 });
    for (const [name, data] of [
      ['side.png', pngDeclaring(16385, 1)],
      ['area.png', pngDeclaring(8000, 6000)],
      ['big.jpg', jpegDeclaring(65535, 65535)],
      ['big.gif', gifDeclaring(65535, 65535)],
      ['big.webp', webpDeclaring(100000, 100000)],
    ] as const) {
      const res = await upload('admin', id, name, data);
      expect([name, res.statusCode, res.json().code]).toEqual([name, 400, 'IMAGE_DIMENSIONS_TOO_LARGE']);
    }
    expect([storedFiles(), await rows()]).toEqual(before);
    expect(await names('admin', id)).toEqual([]);
    // Within the caps: accepted.
    expect((await upload('admin', id, 'ok.png', pngDeclaring(16384, 2000))).statusCode).toBe(200);
    expect((await upload('admin', id, 'ok.jpg', jpegDeclaring(4000, 3000))).statusCode).toBe(200);
  });

  it("refuses an upload over the user's quota with 413 and stores nothing; deleting makes room", async () => {
    const id = await newSet('supervisor', 'Cuota');
    expect((await upload('supervisor', id, 'a.png', PNG_1PX)).statusCode).toBe(200);
    expect((await upload('supervisor', id, 'b.png', PNG_1PX)).statusCode).toBe(200);
    const before = [storedFiles(), await rows()];
    const over = await upload('supervisor', id, 'c.png', PNG_1PX);
    expect([over.statusCode, over.json().code]).toEqual([413, 'IMAGE_QUOTA_EXCEEDED']);
    expect(over.json().details).toEqual({ maxBytes: QUOTA, usedBytes: 2 * PNG_1PX.length });
    // The quota counts all the user's sets.
    const other = await newSet('supervisor', 'Cuota 2');
    expect((await upload('supervisor', other, 'd.png', PNG_1PX)).json().code).toBe('IMAGE_QUOTA_EXCEEDED');
    expect([storedFiles(), await rows()]).toEqual(before);
    expect(await names('supervisor', id)).toEqual(['b.png', 'a.png']);
    expect(await names('supervisor', other)).toEqual([]);
    expect((await t.call('DELETE', `/api/imagesets/${id}/a.png`, { user: 'supervisor' })).statusCode).toBe(200);
    expect((await upload('supervisor', other, 'd.png', PNG_1PX)).statusCode).toBe(200);
  });

  it("answers 429 to uploads beyond the user's upload slots while another user is still served", async () => {
    const mine = await newSet('supervisor', 'Ranuras');
    const theirs = await newSet('admin', 'Ranuras');
    const supervisor = await t.userId('supervisor');
    const held = Array.from({ length: DEFAULT_SLOT_LIMITS.upload }, () => takeSlot(supervisor, 'upload', DEFAULT_SLOT_LIMITS));
    try {
      const before = [storedFiles(), await rows()];
      const busy = await Promise.all([upload('supervisor', mine, 'x.png', PNG_1PX), upload('supervisor', mine, 'y.png', PNG_1PX)]);
      for (const res of busy) {
        expect([res.statusCode, res.json().code]).toEqual([429, 'TOO_MANY_CONCURRENT']);
        expect(res.json().details).toEqual({ kind: 'upload', limit: DEFAULT_SLOT_LIMITS.upload });
      }
      expect([storedFiles(), await rows()]).toEqual(before);
      const served = await upload('admin', theirs, 'z.png', PNG_1PX);
      expect(served.statusCode).toBe(200);
    } finally {
      held.forEach((release) => release());
    }
    // The slots are free again (room under the quota first).
    await t.call(
      'DELETE',
      `/api/imagesets/${(await t.call('GET', '/api/imagesets', { user: 'supervisor' })).json().find((s: { name: string }) => s.name === 'Cuota').tid}`,
      { user: 'supervisor' },
    );
    expect((await upload('supervisor', mine, 'x.png', PNG_1PX)).statusCode).toBe(200);
  });

  it("needs a token (401) and answers 403 for another user's set, storing nothing", async () => {
    const theirs = await newSet('admin', 'Ajeno');
    const before = [storedFiles(), await rows()];
    const anonymous = await upload(null, theirs, 'x.png', PNG_1PX);
    expect(anonymous.statusCode).toBe(401);
    const foreign = await upload('supervisor', theirs, 'x.png', PNG_1PX);
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'FORBIDDEN']);
    const hugeForeign = await upload('supervisor', theirs, 'h.png', pngDeclaring(100000, 100000));
    expect([hugeForeign.statusCode, hugeForeign.json().code]).toEqual([403, 'FORBIDDEN']);
    expect([storedFiles(), await rows()]).toEqual(before);
  });
});
