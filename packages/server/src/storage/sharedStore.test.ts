/**
 * The database file store shared by two app instances on one database (each with its own data folder, as on
 * two machines): an upload received by one is read, imported and deleted through the other; avatars and
 * image-set pictures are served by both; the sweep of old uploads runs once across instances.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp, type App } from '../app';
import { addCatalogue, multipart } from '../lists/testing/helpers';
import { createTestApp, type TestApp } from '../testing/testApp';
import { multipartBody, PNG_1PX } from '../testing/multipart';
import { runOnce } from '../jobs/jobRuns';
import { databaseFileStorage, PART_BYTES } from './dbFiles';
import { databaseTempFiles } from './dbTempFiles';

let a: TestApp;
let b: App;
let store: number;
beforeAll(async () => {
  a = await createTestApp({ fileStore: 'database' });
  b = await buildApp({ db: a.db, config: { ...a.config, dataDir: path.join(a.dir, 'second-instance') } });
  store = await a.storeId('BIB-001');
});
afterAll(async () => {
  await b.close();
  await a.close();
});

async function uploadTo(app: App, fileName: string, content: string): Promise<string> {
  const { payload, headers } = multipart('file', fileName, content);
  const res = await app.inject({ method: 'POST', url: '/api/misc/upload', payload, headers: { ...headers, 'x-access-token': await a.token('librarian') } });
  expect(res.statusCode).toBe(200);
  return res.json().file;
}

const on = async (app: App, method: 'GET' | 'POST', url: string, body?: object, user: 'librarian' | 'manager' = 'librarian') =>
  app.inject({ method, url, headers: { 'x-access-token': await a.token(user) }, ...(body ? { payload: body } : {}) });

describe('database file store across two instances', () => {
  it('reads and imports through one instance the file uploaded to the other, nothing on local disk decides', async () => {
    const file = await uploadTo(a.app, 'items.csv', 'code;objectId\nC1;E1\nC2;E2\n');
    const read = await on(b, 'POST', '/api/misc/readFile', { fileName: file, format: { separator: 'semicolon', firstRowHeader: true } });
    expect(read.statusCode).toBe(200);
    expect(read.json()[0].totalItems).toBe(2);
    // Another user does not see it on either instance.
    expect((await on(b, 'POST', '/api/misc/readFile', { fileName: file }, 'manager')).json().code).toBe('FILE_NOT_FOUND');

    const catalogueId = await addCatalogue(a.db, store, 'Shared import');
    const imported = await on(b, 'POST', `/api/stores/${store}/catalogues/${catalogueId}/import`, {
      fileName: file,
      fields: [{ code: 0, objectId: 1 }],
      sheetIndex: null,
      format: { separator: 'semicolon', firstRowHeader: true },
    });
    expect(imported.json()).toEqual({ numItems: 2, numItemsInserted: 2 });
    // Imported files are gone for both instances.
    expect((await on(a.app, 'POST', '/api/misc/readFile', { fileName: file })).json().code).toBe('FILE_NOT_FOUND');
    expect(await a.db.selectFrom('stored_files').select('key').where('key', '=', `tmp-uploads/${file}`).execute()).toEqual([]);
  });

  it('deletes through one instance what the other received, and counts the quota across instances', async () => {
    const file = await uploadTo(b, 'x.txt', 'A\nB\n');
    expect((await on(a.app, 'POST', '/api/misc/deleteFile', { fileName: file })).json()).toEqual({ deleted: true });
    expect((await on(b, 'POST', '/api/misc/readFile', { fileName: file })).json().code).toBe('FILE_NOT_FOUND');
    const limited = await buildApp({ db: a.db, config: { ...a.config, dataDir: path.join(a.dir, 'third'), lists: { tempQuotaFiles: 2 } } });
    try {
      await uploadTo(a.app, 'one.txt', 'A\n');
      await uploadTo(b, 'two.txt', 'B\n');
      const { payload, headers } = multipart('file', 'three.txt', 'C\n');
      const third = await limited.inject({
        method: 'POST',
        url: '/api/misc/upload',
        payload,
        headers: { ...headers, 'x-access-token': await a.token('librarian') },
      });
      expect([third.statusCode, third.json().code]).toEqual([413, 'TEMP_QUOTA_EXCEEDED']);
    } finally {
      await limited.close();
    }
  });

  it('serves an avatar uploaded to one instance from both', async () => {
    const me = await a.userId('manager');
    const body = multipartBody('avatar', 'me.png', 'image/png', PNG_1PX);
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/users/${me}/avatar`,
      payload: body.payload,
      headers: { ...body.headers, 'x-access-token': await a.token('manager') },
    });
    expect(res.statusCode).toBe(200);
    for (const app of [a.app, b]) {
      const image = await on(app, 'GET', res.json().avatarUrl, undefined, 'manager');
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(PNG_1PX)).toBe(true);
    }
    // Nothing was written to either instance's local files folder.
    expect(fs.existsSync(path.join(a.config.dataDir, 'files'))).toBe(false);
  });
});

describe('databaseFileStorage', () => {
  it('keeps a large file in parts and gives it back whole; a rewrite replaces every part; refuses keys it did not choose', async () => {
    const store = databaseFileStorage(a.db);
    const data = Buffer.alloc(PART_BYTES * 2 + 123, 7);
    data[PART_BYTES] = 1;
    await store.write('images/big.bin', data);
    expect((await a.db.selectFrom('stored_files').select('part').where('key', '=', 'images/big.bin').execute()).length).toBe(3);
    expect((await store.read('images/big.bin'))!.equals(data)).toBe(true);
    await store.write('images/big.bin', Buffer.from('small'));
    expect((await store.read('images/big.bin'))!.toString()).toBe('small');
    await store.write('images/empty.bin', Buffer.alloc(0));
    expect((await store.read('images/empty.bin'))!.length).toBe(0);
    await store.remove('images/big.bin');
    expect(await store.read('images/big.bin')).toBeNull();
    await expect(store.read('../etc/passwd')).rejects.toThrow('Invalid storage key');
    await expect(store.write("x/y' or 1=1", Buffer.from('x'))).rejects.toThrow('Invalid storage key');
  });
});

describe('sweep of old uploads', () => {
  it('deletes rows and bytes older than the TTL once across instances; each instance clears its own copies', async () => {
    const file = await uploadTo(a.app, 'old.txt', 'A\n');
    const fresh = await uploadTo(a.app, 'fresh.txt', 'B\n');
    await a.db
      .updateTable('temp_files')
      .set({ created_at: new Date(Date.now() - 2 * 3600_000).toISOString() })
      .where('name', '=', file)
      .execute();
    const first = databaseTempFiles(a.db, path.join(a.config.dataDir, 'tmp-uploads'));
    const second = databaseTempFiles(a.db, path.join(a.dir, 'second-instance', 'tmp-uploads'));
    const removed: number[] = [];
    // Both instances' timers fire for the same interval: one claims the run.
    const ran = await Promise.all(
      [first, second].map((tf, i) =>
        runOnce(
          a.db,
          'temp-sweep',
          'test-slot',
          () => new Date(),
          async () => {
            removed.push(await tf.sweep(3600_000));
          },
          `instance-${i}`,
        ),
      ),
    );
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(removed).toEqual([1]);
    expect(await first.meta(file, await a.userId('librarian'))).toBeNull();
    expect(await first.meta(fresh, await a.userId('librarian'))).not.toBeNull();
    const run = await a.db.selectFrom('job_runs').selectAll().where('job', '=', 'temp-sweep').where('slot', '=', 'test-slot').executeTakeFirstOrThrow();
    expect(run.finished_at).not.toBeNull();
    expect(run.error).toBeNull();
    // The local copy of the swept file is cleared by the cache sweep.
    expect(await first.sweepCache!(0, Date.now() + 1000)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(path.join(a.config.dataDir, 'tmp-uploads', file))).toBe(false);
  });

  it('records a failed run and lets the next slot run', async () => {
    await expect(
      runOnce(
        a.db,
        'failing',
        's1',
        () => new Date(),
        async () => {
          throw new Error('boom');
        },
      ),
    ).rejects.toThrow('boom');
    expect((await a.db.selectFrom('job_runs').select('error').where('job', '=', 'failing').executeTakeFirstOrThrow()).error).toBe('boom');
    expect(
      await runOnce(
        a.db,
        'failing',
        's1',
        () => new Date(),
        async () => undefined,
      ),
    ).toBe(false);
    expect(
      await runOnce(
        a.db,
        'failing',
        's2',
        () => new Date(),
        async () => undefined,
      ),
    ).toBe(true);
  });
});
