/**
 * List engine benchmark on the large profile (1,000,000 catalogue items in one catalogue).
 *
 *   pnpm bench -- --data-dir <dir>          SQLite <dir>/portal.sqlite (default <repo>/.data-large)
 *   DATABASE_URL=postgres://… pnpm bench    PostgreSQL
 *
 * Uses the largest catalogue of the database; when it holds fewer than 1,000,000 items (no large profile
 * generated with `pnpm --filter @portal/server demo:large`), it first adds a catalogue of 1,000,000
 * generated items. Prints: first page (25) with total for plain searches and regular expressions, and the
 * time and peak RSS of a 1,000,000-row csv and xlsx export (each in its own process, so the peak RSS is
 * the export's own; the output is consumed as fast as it comes and thrown away).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import { itemSearchText, type ListParams } from '@portal/contract';
import { defaultConfig, REPO_ROOT } from '../src/config';
import { createDb, dbConfigFromEnv, migrateToLatest } from '../src/db/connect';
import type { Database } from '../src/db/schema';
import { minimalStores } from '../src/demo/seedMinimal';
import { CATALOGUE_ITEMS_LIST } from '../src/lists/definitions';
import { listPage } from '../src/lists/engine';
import { exportList } from '../src/lists/export/export';
import type { AuthUser, Deps } from '../src/services/context';

const TARGET = 1_000_000;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

const WORDS = ['historia', 'canción', 'niño', 'árbol', 'música', 'corazón', 'jardín', 'lección', 'camión', 'pájaro', 'ratón', 'última',
  'fácil', 'señor', 'ciudad', 'mar', 'noche', 'viaje', 'libro', 'tiempo', 'guerra', 'amor', 'sombra', 'luz', 'río', 'montaña', 'cielo'];
const AUTHORS = ['García', 'López', 'Martínez', 'Pérez', 'Sánchez', 'Gómez', 'Fernández', 'Rodríguez', 'Díaz', 'Moreno', 'Álvarez', 'Muñoz'];

/** Deterministic pseudo-random numbers (xorshift32). */
function random(seed: number): () => number {
  let x = seed || 1;
  return () => {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

async function largestCatalogue(db: Kysely<Database>): Promise<{ id: number; storeId: number; items: number } | null> {
  const row = await db.selectFrom('catalogue_items').select(['catalogue_id', 'store_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['catalogue_id', 'store_id']).orderBy('n', 'desc').limit(1).executeTakeFirst();
  return row ? { id: row.catalogue_id, storeId: row.store_id, items: Number(row.n) } : null;
}

async function generateCatalogue(db: Kysely<Database>): Promise<{ id: number; storeId: number; items: number }> {
  const now = new Date().toISOString();
  let store = await db.selectFrom('stores').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!store) store = (await db.insertInto('stores').values({ ...minimalStores()[0], code: 'BENCH-001' }).returning('id').executeTakeFirstOrThrow());
  const { id } = await db.insertInto('catalogues').values({ store_id: store.id, name: `Benchmark ${now}`, sync_url: null, auto_sync: 0, last_sync: null, created_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const rnd = random(20240601);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const started = Date.now();
  const BATCH = 500;
  const PER_TRANSACTION = 50_000;
  for (let done = 0; done < TARGET; done += PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      for (let b = done; b < Math.min(done + PER_TRANSACTION, TARGET); b += BATCH) {
        const rows = [];
        for (let n = b; n < b + BATCH; n += 1) {
          const item = {
            code: `BC${String(n).padStart(8, '0')}`,
            objectId: `E280${Math.floor(rnd() * 0xffffffff).toString(16).padStart(8, '0')}${n.toString(16).padStart(8, '0')}`,
            field1: `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}`,
            field2: `${pick(AUTHORS)}, ${pick(WORDS)}`,
            field3: String(1950 + Math.floor(rnd() * 75)),
          };
          rows.push({
            store_id: store.id, catalogue_id: id, code: item.code, object_id: item.objectId, field1: item.field1, field2: item.field2,
            field3: item.field3, field4: null, field5: null, field6: null, search_text: itemSearchText(item), created_at: now,
          });
        }
        await trx.insertInto('catalogue_items').values(rows).execute();
      }
    });
    process.stdout.write(`\r  generated ${(done + PER_TRANSACTION).toLocaleString('en')} items (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  process.stdout.write('\n');
  await sql`analyze`.execute(db).catch(() => undefined);
  return { id, storeId: store.id, items: TARGET };
}

const ms = (n: number) => `${n.toFixed(0).padStart(6)} ms`;

async function timeList(db: Kysely<Database>, catalogueId: number, label: string, params: ListParams): Promise<void> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 5; i += 1) {
    const start = performance.now();
    try {
      total = (await listPage(db, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, { offset: 0, limit: 25, ...params })).total;
    } catch (e) {
      console.log(`  ${label.padEnd(48)} failed: ${(e as Error).message}`);
      return;
    }
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(48)} median ${ms(times[2])}  best ${ms(times[0])}  total ${total.toLocaleString('en')}`);
}

/** Child mode: one export, consumed and discarded; prints JSON with time, bytes and RSS figures. */
async function childExport(db: Kysely<Database>, catalogueId: number, fileType: 'csv' | 'xlsx'): Promise<void> {
  const config = defaultConfig({ logger: false });
  const deps = { db, config } as unknown as Deps;
  const user: AuthUser = { id: -1, userName: 'bench', fullName: 'bench', role: 'admin', permissions: [], storeIds: [], tokenVersion: 0 };
  const samples: number[] = [];
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    samples.push(m.rss);
    if (process.env.BENCH_DEBUG) console.error(`rss ${(m.rss / 1e6).toFixed(0)} heap ${(m.heapUsed / 1e6).toFixed(0)}/${(m.heapTotal / 1e6).toFixed(0)} ext ${(m.external / 1e6).toFixed(0)} ab ${(m.arrayBuffers / 1e6).toFixed(0)}`);
  }, 250);
  const startRss = process.memoryUsage().rss;
  const start = performance.now();
  const file = await exportList(deps, user, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogueId }, {
    format: { fileType, firstRowHeader: true, dateFormat: 'YYYY-MM-DD', codePrefix: '', codeSuffix: '', separator: 'semicolon', otherSeparator: '' },
    columns: ['code', 'objectId', 'field1', 'field2', 'field3'].map((id) => ({ id, title: id })),
    order: null,
    searchTexts: {},
  }, { maxXlsRows: 1_048_576, baseName: 'bench' });
  let bytes = 0;
  await pipeline(file.stream, new Writable({ write(chunk: Buffer, _e, done) { bytes += chunk.length; done(); } }));
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  // RSS at a quarter, half and three quarters of the run: flat memory means these do not grow.
  const at = (f: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * f))] ?? 0;
  console.log(JSON.stringify({ fileType, seconds, bytes, startRss, quarters: [at(0.25), at(0.5), at(0.75)], maxRssKb: process.resourceUsage().maxRSS }));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const dataDir = path.resolve(option(args, '--data-dir') ?? process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data-large'));
  const dbConfig = dbConfigFromEnv(process.env, dataDir);
  const db = createDb(dbConfig);
  try {
    const child = option(args, '--child-export');
    if (child) {
      await childExport(db, Number(option(args, '--catalogue')), child as 'csv' | 'xlsx');
      return;
    }
    await migrateToLatest(db);
    console.log(`Database: ${'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile}`);
    let catalogue = await largestCatalogue(db);
    if (!catalogue || catalogue.items < TARGET) {
      console.log(`No catalogue with ${TARGET.toLocaleString('en')} items: generating one`);
      if (!('databaseUrl' in dbConfig)) await sql`pragma synchronous = off`.execute(db);
      catalogue = await generateCatalogue(db);
    }
    console.log(`Catalogue ${catalogue.id}: ${catalogue.items.toLocaleString('en')} items; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs\n`);
    const sample = (await listPage(db, CATALOGUE_ITEMS_LIST, { catalogue_id: catalogue.id }, { offset: Math.floor(catalogue.items / 2), limit: 1 })).items[0];
    const code = sample?.code ?? '1';
    const word = (sample?.field1 ?? 'a').split(' ')[0];

    console.log('First page (25 rows) with total:');
    await timeList(db, catalogue.id, 'no search', {});
    await timeList(db, catalogue.id, `plain code "${code}" (one item)`, { searchTexts: { code } });
    await timeList(db, catalogue.id, `plain code "${code.slice(0, -3)}" (prefix)`, { searchTexts: { code: code.slice(0, -3) } });
    await timeList(db, catalogue.id, `plain field1 "${word.toUpperCase()}" (common word)`, { searchTexts: { field1: word.toUpperCase() } });
    await timeList(db, catalogue.id, `plain field2 "garcia" (accents ignored)`, { searchTexts: { field2: 'garcia' } });
    await timeList(db, catalogue.id, `regex code /^${code.slice(0, -2).toLowerCase()}\\d\\d$/`, { searchTexts: { code: `/^${code.slice(0, -2).toLowerCase()}\\d\\d$/` } });
    await timeList(db, catalogue.id, 'regex field1 /^m.sica .* (rio|mar)$/', { searchTexts: { field1: '/^m.sica .* (rio|mar)$/' } });
    await timeList(db, catalogue.id, 'regex field3 /^19[5-6]\\d$/ (no literal)', { searchTexts: { field3: '/^19[5-6]\\d$/' } });
    await timeList(db, catalogue.id, 'order by field1 desc', { order: ['field1', 'desc'] });

    console.log(`\nExport of ${catalogue.items.toLocaleString('en')} rows (5 columns, consumed and discarded):`);
    for (const fileType of ['csv', 'xlsx'] as const) {
      const out = execFileSync(process.execPath, [...process.execArgv, __filename, '--data-dir', dataDir, '--child-export', fileType, '--catalogue', String(catalogue.id)],
        { env: process.env, encoding: 'utf8', maxBuffer: 1 << 20 });
      const r = JSON.parse(out.trim().split('\n').at(-1)!) as { seconds: number; bytes: number; startRss: number; quarters: number[]; maxRssKb: number };
      const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
      console.log(`  ${fileType.padEnd(5)} ${r.seconds.toFixed(1).padStart(6)} s  ${mb(r.bytes).padStart(7)} written  RSS start ${mb(r.startRss)}, at 25/50/75% ${r.quarters.map(mb).join(' / ')}, peak ${mb(r.maxRssKb * 1024)}`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
