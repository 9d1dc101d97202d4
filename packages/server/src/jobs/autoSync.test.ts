/**
 * Scheduled auto-sync against a local HTTP sync source: lists with autoSync and a URL are synced, each by one
 * of two app instances sharing the database; a failing source is logged and recorded, its lastSync untouched;
 * lists without autoSync are left alone; the cron schedule really fires.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createFilesDeps, type FilesDeps } from '../services/files';
import { createTestApp, type TestApp } from '../testing/testApp';
import { createTokenService } from '../auth/tokens';
import { Lockout } from '../services/lockout';
import { fileStorageFor } from '../storage/select';
import { addCatalogue, addSearchList } from '../lists/testing/helpers';
import { autoSyncCronFromEnv, runAutoSync, startAutoSync } from './autoSync';

let t: TestApp;
let server: http.Server;
let origin: string;
let store: number;
let requests = 0;
const deps: FilesDeps[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests += 1;
    if (req.url === '/items.csv') {
      res.end('code;objectId\nA1;E1\nA2;E2\n');
      return;
    }
    res.statusCode = 500;
    res.end('down');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ lists: { syncAllowList: ['127.0.0.1/32'], syncTimeoutMs: 2000 } });
  store = await t.storeId('BIB-001');
  // Two instances' dependencies on the one database (each its own data folder).
  for (const dir of ['one', 'two']) {
    const config = { ...t.config, dataDir: path.join(t.dir, dir) };
    deps.push(
      createFilesDeps({
        db: t.db,
        config,
        tokens: await createTokenService(t.db, 60, config.now),
        lockout: new Lockout(t.db, config.lockout, config.now),
        storage: fileStorageFor(t.db, config),
      }),
    );
  }
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  });
});

async function list(table: 'catalogues' | 'search_lists', name: string, url: string | null, autoSync: boolean): Promise<number> {
  const id = table === 'catalogues' ? await addCatalogue(t.db, store, name) : await addSearchList(t.db, store, name);
  await t.db
    .updateTable(table)
    .set({ sync_url: url, auto_sync: autoSync ? 1 : 0 })
    .where('id', '=', id)
    .execute();
  return id;
}

const lastSync = async (table: 'catalogues' | 'search_lists', id: number) =>
  (await t.db.selectFrom(table).select('last_sync').where('id', '=', id).executeTakeFirstOrThrow()).last_sync;

describe('runAutoSync', () => {
  it('syncs every auto-sync list once across two instances, records failures and leaves their lastSync alone', async () => {
    const cat = await list('catalogues', 'Auto', `${origin}/items.csv`, true);
    const sl = await list('search_lists', 'Auto SL', `${origin}/items.csv`, true);
    const broken = await list('catalogues', 'Broken', `${origin}/down.csv`, true);
    const manual = await list('catalogues', 'Manual', `${origin}/items.csv`, false);
    const logged: string[] = [];
    const log = (message: string) => {
      logged.push(message);
    };
    requests = 0;
    const [a, b] = await Promise.all(deps.map((d) => runAutoSync(d, '2026-11-22T02:00', log)));
    expect(a.synced + b.synced).toBe(2);
    expect(a.failed + b.failed).toBe(1);
    expect(a.skipped + b.skipped).toBe(3);
    // Each list's source was fetched once in the run (three lists with autoSync on).
    expect(requests).toBe(3);
    const items = await t.db.selectFrom('catalogue_items').select(['code', 'object_id']).where('catalogue_id', '=', cat).orderBy('code').execute();
    expect(items).toEqual([
      { code: 'A1', object_id: 'E1' },
      { code: 'A2', object_id: 'E2' },
    ]);
    expect(await t.db.selectFrom('search_list_items').select('code').where('search_list_id', '=', sl).execute()).toHaveLength(2);
    expect(await lastSync('catalogues', cat)).not.toBeNull();
    expect(await lastSync('search_lists', sl)).not.toBeNull();
    expect(await lastSync('catalogues', broken)).toBeNull();
    expect(await lastSync('catalogues', manual)).toBeNull();
    expect(logged).toEqual([`auto-sync of catalogue ${broken} failed`]);
    const failure = await t.db
      .selectFrom('job_runs')
      .select(['error', 'finished_at'])
      .where('job', '=', `auto-sync:catalogues:${broken}`)
      .executeTakeFirstOrThrow();
    expect(failure.error).toMatch(/.+/);
    expect(failure.finished_at).not.toBeNull();

    // The same run again (a late instance): nothing is fetched twice.
    requests = 0;
    expect(await runAutoSync(deps[0]!, '2026-11-22T02:00', log)).toEqual({ synced: 0, failed: 0, skipped: 3 });
    expect(requests).toBe(0);
  });

  it('fires on its schedule and stops with its stop function', async () => {
    const id = await list('search_lists', 'Every second', `${origin}/items.csv`, true);
    const stop = startAutoSync(deps[1]!, '* * * * * *', () => undefined);
    try {
      for (let i = 0; i < 200 && (await lastSync('search_lists', id)) === null; i += 1) await new Promise((r) => setTimeout(r, 100));
      expect(await lastSync('search_lists', id)).not.toBeNull();
    } finally {
      stop();
    }
  });

  it('reads AUTO_SYNC_CRON: default nightly, off, a pattern; refuses nonsense', () => {
    expect(autoSyncCronFromEnv(undefined)).toBe('0 2 * * *');
    expect(autoSyncCronFromEnv('off')).toBeNull();
    expect(autoSyncCronFromEnv('*/15 * * * *')).toBe('*/15 * * * *');
    expect(() => autoSyncCronFromEnv('every night')).toThrow(/AUTO_SYNC_CRON must be a cron pattern/);
  });
});
