/**
 * Import benchmark: real 100,000-row files uploaded, read and imported through the real HTTP
 * routes of a listening server, into a new catalogue (POST /catalogues/import) and into an inventory section
 * (POST …/inventories/{id}/import), as the Import modal does (upload, readFile, import).
 *
 *   pnpm --filter @portal/server bench:import [-- --rows 100000 --formats csv,xlsx --targets catalogue,section --runs 1]
 *   TEST_DATABASE_URL=postgres://… pnpm --filter @portal/server bench:import   PostgreSQL (its own new database, dropped after)
 *   options: --script '<body>'   an ID modification script saved for both catalogue and inventory items first
 *            --fail-last          the last row has no code: the import is refused, nothing written (times the refusal)
 *            --think-ms <ms>      a pause between the preview (readFile) and the import, as a user mapping the columns (not timed)
 *            --sqlite-pragmas 'cache_size=-65536;…'   pragmas set on the server's SQLite connection first (experiments)
 *            --data-dir <dir>     SQLite: import into <dir>/portal.sqlite (a scratch copy of the large profile: the runs' lists are
 *                                 left in it), else a fresh database with the minimal demo
 *            --database-url <url> PostgreSQL: the same into that database (a scratch copy: CREATE DATABASE … TEMPLATE large_profile)
 *            --no-raw               without the raw figure after each case (./benchImportRaw: the database's own
 *                                 command-line tool loading the same rows, from the csv, into the same kind of list, in the same run;
 *                                 for xlsx the csv it was made from)
 *
 * The database is a fresh one with the minimal demo (testing/testDb: a temp SQLite file, or a new database on the
 * TEST_DATABASE_URL server, with FILE_STORE database as a PostgreSQL site has it). The csv is written here; the
 * xlsx is LibreOffice's conversion of it (`soffice --headless --convert-to xlsx`; exceljs' writer where LibreOffice is
 * not installed), cached in the OS temp folder.
 * Prints per case upload, read and import wall times, rows a second, the CPU time this process used for the
 * whole case (server and SQLite run in it; on a loaded machine the CPU time is the steadier figure) and of its main
 * thread alone (the one serving every request; worker threads left out), on
 * PostgreSQL also the CPU time of the database's server processes (from /proc: the server must run on this
 * machine), the process's RSS before and at its peak during the case (sampled every 20 ms), on SQLite the WAL
 * file's size at its peak and after the case, the load average, and how long the slowest of another user's requests
 * (the catalogue list, one every 100 ms during the import call) waited.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { TEST_ARGON2 } from '../src/auth/password';
import { createTokenService } from '../src/auth/tokens';
import { defaultConfig } from '../src/config';
import { seedMinimal } from '../src/demo/seedMinimal';
import { createDb, migrateToLatest, SQLITE_FILE_NAME } from '../src/db/connect';
import { createTestDb, type TestDb } from '../src/testing/testDb';
import { checkpointRuns, checkpointsSettled } from '../src/lists/importCheckpoint';
import { option } from './benchArgs';
import { rawImport, type RawTarget, type RawWhere } from './benchImportRaw';

const FIELDS = [{ code: 0, objectId: 1, field1: 2, field2: 3, field3: 4 }];

/** A csv like a library's catalogue export: code, objectId, title, author, year. */
function writeCsv(file: string, rows: number, failLast: boolean): void {
  const out = fs.openSync(file, 'w');
  try {
    fs.writeSync(out, 'code,objectId,title,author,year\n');
    const chunk: string[] = [];
    for (let i = 0; i < rows; i += 1) {
      const last = i === rows - 1;
      const code = last && failLast ? '' : `30011${String(i).padStart(8, '0')}`;
      const objectId = last && failLast ? '' : `E${String(i).padStart(24, '0')}`;
      chunk.push(`${code},${objectId},"Título número ${i}, edición ${i % 7}",García ${i % 1000},${1950 + (i % 70)}`);
      if (chunk.length === 10_000 || last) {
        fs.writeSync(out, `${chunk.join('\n')}\n`);
        chunk.length = 0;
      }
    }
  } finally {
    fs.closeSync(out);
  }
}

/**
 * The xlsx of the csv: LibreOffice's conversion when `soffice` is installed, else exceljs' streaming writer with
 * shared strings (as LibreOffice writes them; the file name says which, both are kept).
 */
async function writeXlsx(csv: string, dir: string, base: string): Promise<string> {
  const office = path.join(dir, `${base}.xlsx`);
  if (fs.existsSync(office)) return office;
  let hasOffice = true;
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 60_000 });
  } catch {
    hasOffice = false;
  }
  if (hasOffice) {
    console.log(`  converting ${path.basename(csv)} to xlsx with LibreOffice …`);
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-profile-'));
    try {
      execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'xlsx', '--outdir', dir, csv], {
        stdio: 'ignore',
        timeout: 600_000,
      });
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
    if (!fs.existsSync(office)) throw new Error('LibreOffice wrote no xlsx');
    return office;
  }
  const written = path.join(dir, `${base}-exceljs.xlsx`);
  if (fs.existsSync(written)) return written;
  console.log(`  no LibreOffice (soffice): writing ${path.basename(written)} with exceljs …`);
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: `${written}.part`, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet('Sheet1');
  const lines = fs
    .readFileSync(csv, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  for (const [i, line] of lines.entries()) {
    // The bench's csv: one quoted field (the title, no quotes inside), the rest plain.
    const cells = [...line.matchAll(/"([^"]*)"|([^,]*)/g)].filter((m) => m.index === 0 || line[m.index - 1] === ',').map((m) => m[1] ?? m[2] ?? '');
    ws.addRow(i === 0 ? cells : cells.map((c, j) => (j === 4 ? Number(c) : c))).commit();
  }
  await wb.commit();
  fs.renameSync(`${written}.part`, written);
  return written;
}

/** The files for `rows` rows, kept between runs (the xlsx conversion takes a while; made only when asked for). */
async function files(rows: number, failLast: boolean, formats: readonly string[]): Promise<{ csv: string; xlsx: string }> {
  const dir = path.join(os.tmpdir(), 'portal-bench-import');
  fs.mkdirSync(dir, { recursive: true });
  const base = `items-${rows}${failLast ? '-fail' : ''}`;
  const csv = path.join(dir, `${base}.csv`);
  if (!fs.existsSync(csv)) writeCsv(csv, rows, failLast);
  return { csv, xlsx: formats.includes('xlsx') ? await writeXlsx(csv, dir, base) : '' };
}

/** CPU seconds this process's main thread has used so far (Linux; SQLite's work on other threads left out). */
function mainThreadCpu(): number | null {
  try {
    return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (null once it has ended). */
function processCpu(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Peak RSS while `run` runs, sampled every 20 ms; with `backends` (PostgreSQL: the server processes of the
 * benchmark's database, same machine) also the CPU time they used meanwhile, from /proc.
 */
async function withPeakRss<T>(
  run: () => Promise<T>,
  backends?: () => Promise<number[]>,
  wal?: string,
  newFromStart = false,
): Promise<{ value: T; peak: number; dbCpu: number | null; walPeak: number }> {
  let peak = process.memoryUsage.rss();
  const walSize = () => {
    try {
      return wal ? fs.statSync(wal).size : 0;
    } catch {
      return 0;
    }
  };
  let walPeak = walSize();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let started = false;
  const sampleDb = async () => {
    for (const pid of await backends!()) {
      const cpu = processCpu(pid);
      if (cpu === null) continue;
      if (!first.has(pid)) first.set(pid, started && newFromStart ? 0 : cpu);
      last.set(pid, cpu);
    }
  };
  if (backends) await sampleDb();
  started = true;
  let sampling = false;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    walPeak = Math.max(walPeak, walSize());
    if (backends && !sampling) {
      sampling = true;
      void sampleDb().finally(() => {
        sampling = false;
      });
    }
  }, 20);
  try {
    const value = await run();
    if (backends) await sampleDb();
    // A backend that started during the case counts from its first sample (its start-up is small), or with
    // `newFromStart` from its start (the raw tool's own connection).
    const dbCpu = backends ? [...last].reduce((n, [pid, cpu]) => n + cpu - first.get(pid)!, 0) : null;
    return { value, peak: Math.max(peak, process.memoryUsage.rss()), dbCpu, walPeak: Math.max(walPeak, walSize()) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Another user's request during the import, one at a time every PROBE_MS (the list of libraries): how
 * long the slowest waited (on SQLite behind a move step, or behind staging's statements).
 */
const PROBE_MS = 100;
function probeOthers(request: () => Promise<unknown>): { stop(): void; result: Promise<{ count: number; slowestMs: number; slowestAtMs: number }> } {
  let stopped = false;
  let count = 0;
  let slowestMs = 0;
  let slowestAtMs = 0;
  const started = performance.now();
  const result = (async () => {
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
      if (stopped) break;
      const t0 = performance.now();
      await request();
      count += 1;
      if (performance.now() - t0 > slowestMs) {
        slowestMs = performance.now() - t0;
        slowestAtMs = t0 - started;
      }
    }
    return { count, slowestMs, slowestAtMs };
  })();
  return {
    stop: () => {
      stopped = true;
    },
    result,
  };
}

/** An existing database (the large profile's copy: `dir`'s SQLite file, or `url`), migrated; kept when the bench ends. */
async function existingDb(dir: string, url?: string): Promise<TestDb> {
  const file = path.join(dir, SQLITE_FILE_NAME);
  if (!url && !fs.existsSync(file)) throw new Error(`no database at ${file}`);
  const dbConfig = url ? { databaseUrl: url } : { sqliteFile: file };
  const db = createDb(dbConfig);
  await migrateToLatest(db);
  return { db, dialect: url ? 'postgres' : 'sqlite', dbConfig, dir, destroy: () => db.destroy() };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const rows = Number(option(args, '--rows') ?? 100_000);
  const formats = (option(args, '--formats') ?? 'csv,xlsx').split(',') as Array<'csv' | 'xlsx'>;
  const targets = (option(args, '--targets') ?? 'catalogue,section').split(',') as Array<'catalogue' | 'section'>;
  const runs = Number(option(args, '--runs') ?? 1);
  const script = option(args, '--script') ?? '';
  const failLast = args.includes('--fail-last');
  const thinkMs = Number(option(args, '--think-ms') ?? 0);
  const paths = await files(rows, failLast, formats);

  const dataDir = option(args, '--data-dir');
  const databaseUrl = option(args, '--database-url');
  const testDb =
    dataDir || databaseUrl
      ? await existingDb(dataDir ? path.resolve(dataDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-')), databaseUrl)
      : await createTestDb();
  const sqliteFile = 'sqliteFile' in testDb.dbConfig ? testDb.dbConfig.sqliteFile : '';
  const postgres = testDb.dialect === 'postgres';
  const config = defaultConfig({
    argon2: TEST_ARGON2,
    dataDir: path.join(testDb.dir, 'data'),
    portalRoot: null,
    demo: true,
    logger: false,
    fileStore: postgres ? 'database' : 'local',
  });
  const app = await buildApp({ db: testDb.db, config });
  try {
    if (!dataDir && !databaseUrl) await seedMinimal(testDb.db, TEST_ARGON2);
    for (const pragma of (option(args, '--sqlite-pragmas') ?? '').split(';').filter(Boolean)) {
      if (!postgres) await sql.raw(`pragma ${pragma}`).execute(testDb.db);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const userRow = await testDb.db.selectFrom('users').select(['id', 'token_version']).where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    const { token } = await (await createTokenService(testDb.db, config.tokenTtlSeconds, config.now)).issue(userRow.id, userRow.token_version);
    const store = (await testDb.db.selectFrom('stores').select('id').where('code', '=', 'BIB-001').executeTakeFirstOrThrow()).id;

    // The server shares this thread: synchronous database work here (deleting a case's rows) can hold it past the
    // keep-alive timeout, and the server then closes a connection just as the bench reuses it. Retried once.
    const send = (url: string, init: RequestInit) =>
      fetch(`${base}${url}`, init).catch((e: Error & { cause?: { code?: string } }) => {
        if (e.cause?.code === 'ECONNRESET' || e.cause?.code === 'UND_ERR_SOCKET') return fetch(`${base}${url}`, init);
        throw e;
      });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a response body as parsed JSON
    const call = async (method: string, url: string, body?: unknown, expect = 200): Promise<any> => {
      const res = await send(url, {
        method,
        headers: { 'x-access-token': token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      if (res.status !== expect) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
      return text ? JSON.parse(text) : null;
    };
    if (script) {
      await call('PUT', '/api/idModifications', { storeId: store, catalogueItemsModification: script, inventoryItemsModification: script });
    }
    let n = 0;
    const upload = async (file: string, name: string): Promise<string> => {
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file), name);
      const res = await send('/api/misc/upload', { method: 'POST', headers: { 'x-access-token': token }, body: form });
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { file: string }).file;
    };
    // A new list for each case: its import URL, and (for the raw figure) the same kind of list made the same way.
    const newList = async (target: 'catalogue' | 'section'): Promise<{ url: string; raw: () => Promise<RawTarget> }> => {
      if (target === 'catalogue') {
        return {
          url: `/api/stores/${store}/catalogues/import`,
          raw: async () => {
            const { id } = await testDb.db
              .insertInto('catalogues')
              .values({
                store_id: store,
                name: `Bench raw ${Date.now()}-${++n}`,
                sync_url: null,
                auto_sync: 0,
                last_sync: null,
                created_at: new Date().toISOString(),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            return { table: 'catalogue_items', storeId: store, catalogueId: id };
          },
        };
      }
      const section = async () => {
        const groups = `/api/stores/${store}/inventoryGroups`;
        const group = (await call('POST', groups, { name: `Bench group ${Date.now()}-${++n}`, catalogueId: null })).tid as number;
        const date = '2026-11-20 10:30:00';
        const id = (await call('POST', `${groups}/${group}/inventories`, { comment: 'Bench shelf', date })).tid as number;
        return {
          url: `${groups}/${group}/inventories/${id}/import`,
          raw: { table: 'inventory_items' as const, storeId: store, inventoryId: id, groupId: group, date },
        };
      };
      return { url: (await section()).url, raw: async () => (await section()).raw };
    };
    const rawWhere: RawWhere = testDb.dbConfig;
    const withRaw = !args.includes('--no-raw');

    const where = databaseUrl
      ? 'PostgreSQL (the database given)'
      : dataDir
        ? `SQLite (${sqliteFile})`
        : postgres
          ? 'PostgreSQL (its own database on TEST_DATABASE_URL)'
          : 'SQLite (temp file)';
    console.log(
      `Import benchmark on ${where}: ${rows.toLocaleString('en')} rows${failLast ? ' (last row refused)' : ''}${script ? ', with an ID modification script' : ''}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    // PostgreSQL's own work: its server processes for this database (on this machine), sampled from /proc.
    const backends = postgres
      ? async () =>
          (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(testDb.db)).rows.map((r) => Number(r.pid))
      : undefined;
    console.log(
      `  ${'case'.padEnd(18)} ${'upload'.padStart(8)} ${'read'.padStart(8)} ${'import'.padStart(8)} ${'total'.padStart(8)} ${'rows/s'.padStart(9)} ${'CPU'.padStart(8)}${mainThreadCpu() === null ? '' : ` ${'main CPU'.padStart(8)}`}${postgres ? ` ${'PG CPU'.padStart(8)}` : ''}  RSS before → peak`,
    );
    // SQLite's WAL file (its size at peak during the case and after it: the import's checkpoints keep it short).
    const wal = postgres ? undefined : `${sqliteFile}-wal`;
    const mb = (b: number) => `${Math.round(b / 1048576)} MB`;
    let failures = 0;
    for (let run = 0; run < runs; run += 1) {
      for (const format of formats) {
        for (const target of targets) {
          try {
            const list = await newList(target);
            const url = list.url;
            // An xlsx import names its new catalogue after the sheet (LibreOffice's: the file's name; exceljs':
            // Sheet1): one an earlier run left (this run or one before on a kept database) is deleted first (not timed).
            if (target === 'catalogue' && format === 'xlsx') {
              const names = ['Sheet1', path.basename(paths.xlsx, '.xlsx')];
              const old = testDb.db.selectFrom('catalogues').select('id').where('store_id', '=', store).where('name', 'in', names);
              await testDb.db.deleteFrom('catalogue_items').where('catalogue_id', 'in', old).execute();
              await testDb.db.deleteFrom('catalogues').where('store_id', '=', store).where('name', 'in', names).execute();
            }
            let others = { count: 0, slowestMs: 0, slowestAtMs: 0 };
            const rssBefore = process.memoryUsage.rss();
            const cpuBefore = process.cpuUsage();
            const mainBefore = mainThreadCpu();
            const {
              value: t,
              peak,
              dbCpu,
              walPeak,
            } = await withPeakRss(
              async () => {
                const t0 = performance.now();
                const fileName = await upload(paths[format], `bench-${Date.now()}-${++n}.${format}`);
                const t1 = performance.now();
                const sheets = await call('POST', '/api/misc/readFile', { fileName });
                if (sheets[0].totalItems !== rows) throw new Error(`readFile counted ${sheets[0].totalItems} rows`);
                const t2 = performance.now();
                // The user mapping the columns between the preview and Import (not timed).
                if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs));
                const resumed = performance.now();
                const probing = probeOthers(() => call('GET', '/api/stores'));
                const result = await call('POST', url, { fileName, fields: FIELDS, sheetIndex: null }, failLast ? 400 : 200).finally(probing.stop);
                const t3 = performance.now();
                others = await probing.result;
                if (failLast) {
                  if (result.code !== 'IMPORT_FAILED' || result.details.errors[0].row !== rows + 1)
                    throw new Error(`unexpected refusal ${JSON.stringify(result).slice(0, 300)}`);
                  await call('POST', '/api/misc/deleteFile', { fileName });
                } else if (result.numItemsInserted !== rows) {
                  throw new Error(`imported ${JSON.stringify(result)}`);
                }
                return [t1 - t0, t2 - t1, t3 - resumed, t3 - t0 - (resumed - t2)];
              },
              backends,
              wal,
            );
            const cpu = process.cpuUsage(cpuBefore);
            const mainAfter = mainThreadCpu();
            // SQLite: the move's WAL checkpoint runs on a worker after the import answered; the next case starts
            // once it has ended (its time after the answer and its CPU are printed; the CPU column includes it).
            const settleFrom = performance.now();
            const runsBefore = checkpointRuns.complete;
            await checkpointsSettled(testDb.db);
            const checkpoint = postgres
              ? ''
              : `  checkpoint ${checkpointRuns.complete > runsBefore ? 'complete' : 'not complete'} +${((performance.now() - settleFrom) / 1000).toFixed(2)} s, CPU incl. it ${((process.cpuUsage(cpuBefore).user + process.cpuUsage(cpuBefore).system) / 1e6).toFixed(2)} s`;
            const main = mainBefore === null || mainAfter === null ? null : mainAfter - mainBefore;
            const cell = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padStart(8);
            console.log(
              `  ${`${format} → ${target}`.padEnd(18)} ${t.map(cell).join(' ')} ${Math.round(rows / (t[2]! / 1000))
                .toLocaleString('en')
                .padStart(
                  9,
                )} ${cell((cpu.user + cpu.system) / 1000)}${main === null ? '' : ` ${cell(main * 1000)}`}${dbCpu === null ? '' : ` ${cell(dbCpu * 1000)}`}  ${mb(rssBefore)} → ${mb(peak)}${wal ? `  WAL peak ${mb(walPeak)}, after ${mb(fs.existsSync(wal) ? fs.statSync(wal).size : 0)}` : ''}  (load ${os.loadavg()[0]!.toFixed(1)})${checkpoint}  slowest other request ${(others.slowestMs / 1000).toFixed(2)} s (sent ${(others.slowestAtMs / 1000).toFixed(1)} s into the import) of ${others.count}`,
            );
            // xlsx too: the raw tool loads the csv the xlsx was made from (the same rows).
            if (withRaw && !failLast) {
              const rawTarget = await list.raw();
              // PostgreSQL's CPU for the load alone (its psql connection counted from its start).
              const rawDb: { cpu: number | null } = { cpu: null };
              const raw = await rawImport(testDb.db, rawWhere, paths.csv, rawTarget, async (load) => {
                const measured = await withPeakRss(load, backends, undefined, true);
                rawDb.cpu = measured.dbCpu;
                return measured.value;
              });
              console.log(
                `  ${'  raw'.padEnd(18)} ${raw.tool}: ${raw.wall.toFixed(2)} s (CPU of the tool ${raw.cpu.toFixed(2)} s${rawDb.cpu === null ? '' : `, PostgreSQL ${rawDb.cpu.toFixed(2)} s`}); the import took ${(t[2]! / 1000 / raw.wall).toFixed(1)}× as long, upload to done ${(t[3]! / 1000 / raw.wall).toFixed(1)}×  (load ${os.loadavg()[0]!.toFixed(1)})`,
              );
            }
          } catch (e) {
            // Reported, and the next case runs: one refused or lost request must not hide the other figures.
            failures += 1;
            const cause = (e as Error & { cause?: Error }).cause;
            console.log(`  ${`${format} → ${target}`.padEnd(18)} failed: ${(e as Error).message}${cause ? ` (${cause.message})` : ''}`);
          }
        }
      }
    }
    if (failures > 0) {
      console.log(`${failures} case(s) failed`);
      process.exitCode = 1;
    }
  } finally {
    await app.close();
    await testDb.destroy();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
