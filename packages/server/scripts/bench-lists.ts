/**
 * List engine benchmark on the large profile (1,000,000 catalogue items in one catalogue).
 *
 *   pnpm bench -- --data-dir <dir>          SQLite <dir>/portal.sqlite (default <repo>/.data-large)
 *   DATABASE_URL=postgres://… pnpm bench    PostgreSQL
 *
 * Uses the largest catalogue of the database; when it holds fewer than 1,000,000 items (no large profile
 * generated with `pnpm --filter @portal/server demo:large`), it first adds a catalogue of 1,000,000
 * generated items. Prints, for each case (plain searches of codes, words, one and two letters, regular
 * expressions, a sort on each text column, searches with a sort) on that catalogue and on the largest
 * inventory group: the engine's first page without count (count=skip), its count alone (count=only) and
 * its first page with total (the legacy call), next to the same query written by hand in raw SQL (page
 * and count) in the same run, and the ratio engine page / raw page (the machine is shared: the ratio is
 * what counts). Options: --cancel (nothing else: counts aborted while they run, see timeCancel), --reps N, --only <text in a case label, several separated by |> (--only group: the inventory group's cases alone), --no-count (pages only), --no-legacy (no page with total), --no-export, --export csv|xlsx, --explain (PostgreSQL: nothing timed; the indexes the plans of each case's first page and count use), --no-migrate (a shared database as it is: no migration applied). Then the
 * time and peak RSS of a 1,000,000-row csv and xlsx export (each in its own process, so the peak RSS is
 * the export's own; the output is consumed as fast as it comes and thrown away), and on SQLite the csv
 * export's speed next to `sqlite3 -csv` writing the same rows and columns in the same run.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { itemSearchText, type ListParams } from '@portal/contract';
import { defaultConfig } from '../src/config';
import { createDb, dbConfigFromEnv, dialectOf, migrateToLatest } from '../src/db/connect';
import type { Database } from '../src/db/schema';
import { minimalStores } from '../src/demo/seedMinimal';
import type { ListDefinition, ListScope } from '../src/lists/definition';
import { CATALOGUE_ITEMS_LIST } from '../src/lists/definitions';
import { ITEM_LIST_COLUMNS } from '../src/lists/items';
import { SCANNED_ITEMS_LIST } from '../src/services/inventoryLists';
import { listPage } from '../src/lists/engine';
import { CountCancelled, withCountSignal } from '../src/lists/countCancel';
import { exportList } from '../src/lists/export/export';
import type { AuthUser, Deps } from '../src/services/context';
import { largeDataDir, option } from './benchArgs';
import { indexesUsed } from './explainIndexes';

const TARGET = 1_000_000;

const WORDS = [
  'historia',
  'canción',
  'niño',
  'árbol',
  'música',
  'corazón',
  'jardín',
  'lección',
  'camión',
  'pájaro',
  'ratón',
  'última',
  'fácil',
  'señor',
  'ciudad',
  'mar',
  'noche',
  'viaje',
  'libro',
  'tiempo',
  'guerra',
  'amor',
  'sombra',
  'luz',
  'río',
  'montaña',
  'cielo',
];
const AUTHORS = ['García', 'López', 'Martínez', 'Pérez', 'Sánchez', 'Gómez', 'Fernández', 'Rodríguez', 'Díaz', 'Moreno', 'Álvarez', 'Muñoz'];

/** Deterministic pseudo-random numbers (xorshift32). */
function random(seed: number): () => number {
  let x = seed || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

async function largestCatalogue(db: Kysely<Database>): Promise<{ id: number; storeId: number; items: number } | null> {
  const row = await db
    .selectFrom('catalogue_items')
    .select(['catalogue_id', 'store_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['catalogue_id', 'store_id'])
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.catalogue_id, storeId: row.store_id, items: Number(row.n) } : null;
}

async function largestGroup(db: Kysely<Database>): Promise<{ id: number; storeId: number; items: number } | null> {
  const row = await db
    .selectFrom('inventory_items')
    .select(['group_id', 'store_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('group_id', 'is not', null)
    .groupBy(['group_id', 'store_id'])
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && row.group_id !== null ? { id: row.group_id, storeId: row.store_id, items: Number(row.n) } : null;
}

async function generateCatalogue(db: Kysely<Database>): Promise<{ id: number; storeId: number; items: number }> {
  const now = new Date().toISOString();
  let store = await db.selectFrom('stores').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!store)
    store = await db
      .insertInto('stores')
      .values({ ...minimalStores()[0], code: 'BENCH-001' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('catalogues')
    .values({ store_id: store.id, name: `Benchmark ${now}`, sync_url: null, auto_sync: 0, last_sync: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
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
            objectId: `E280${Math.floor(rnd() * 0xffffffff)
              .toString(16)
              .padStart(8, '0')}${n.toString(16).padStart(8, '0')}`,
            field1: `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}`,
            field2: `${pick(AUTHORS)}, ${pick(WORDS)}`,
            field3: String(1950 + Math.floor(rnd() * 75)),
          };
          rows.push({
            store_id: store.id,
            catalogue_id: id,
            code: item.code,
            object_id: item.objectId,
            field1: item.field1,
            field2: item.field2,
            field3: item.field3,
            field4: null,
            field5: null,
            field6: null,
            search_text: itemSearchText(item),
            created_at: now,
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

let REPS = 5;
/** --no-count: first pages only (counts of a million rows take seconds each on a loaded machine). */
let NO_COUNT = false;

/** --no-legacy: no "page with total" column (the count alone and the page alone are what the list screen asks). */
let NO_LEGACY = false;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/**
 * Median and best of `reps` runs of `run`, with the median of this process's CPU time (main thread and its
 * workers: the SQLite search and count workers; PostgreSQL's own CPU is not in it); the message when it throws.
 */
async function timed(reps: number, run: () => Promise<unknown>): Promise<{ median: number; best: number; cpu: number } | { error: string }> {
  const times: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < reps; i += 1) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    try {
      await run();
    } catch (e) {
      return { error: (e as Error).message };
    }
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  return { median: median(times), best: Math.min(...times), cpu: median(cpus) };
}

const fig = (r: Awaited<ReturnType<typeof timed>> | null) => (r === null ? '         -' : 'error' in r ? '    failed' : `${ms(r.median)}`.padStart(10));
/** The CPU column: "page/count" CPU medians in ms. */
const cpuFig = (page: Awaited<ReturnType<typeof timed>>, count: Awaited<ReturnType<typeof timed>> | null) => {
  const one = (r: Awaited<ReturnType<typeof timed>> | null) => (r && 'cpu' in r ? r.cpu.toFixed(0) : '-');
  return `${one(page)}/${one(count)}`.padStart(12);
};

/**
 * The same query written by hand (no folding of accents, no index probe): what the database does alone.
 * Page: the first 25 rows in the case's order; count: the rows matching.
 */
interface RawCase {
  where?: RawBuilder<SqlBool>;
  order?: RawBuilder<unknown>;
}

interface BenchCase {
  label: string;
  params: ListParams;
  raw: RawCase | null;
}

function rawContains(dialect: 'sqlite' | 'postgres', column: string, text: string): RawBuilder<SqlBool> {
  return dialect === 'sqlite'
    ? sql<SqlBool>`instr(lower(${sql.ref(column)}), ${text.toLowerCase()}) > 0`
    : sql<SqlBool>`strpos(lower(${sql.ref(column)}), ${text.toLowerCase()}) > 0`;
}

function rawRegex(dialect: 'sqlite' | 'postgres', column: string, pattern: string): RawBuilder<SqlBool> {
  return dialect === 'sqlite' ? sql<SqlBool>`regexp(${pattern}, ${sql.ref(column)}) = 1` : sql<SqlBool>`${sql.ref(column)} ~* ${pattern}`;
}

function rawOrder(dialect: 'sqlite' | 'postgres', column: string, dir: 'asc' | 'desc'): RawBuilder<unknown> {
  const d = sql.raw(dir);
  return dialect === 'sqlite' ? sql`${sql.ref(column)} collate nocase ${d}, id ${d}` : sql`lower(${sql.ref(column)}) ${d}, id ${d}`;
}

/** --explain: per case, the indexes the engine's first page (count=skip) and count (count=only) are planned with. */
async function explainCases(db: Kysely<Database>, cases: BenchCase[], catalogueId: number, group: { id: number } | null, all: BenchCase[]): Promise<void> {
  const seen = new Set<string>();
  const explain = async (def: ListDefinition<unknown>, scope: ListScope, c: BenchCase) => {
    const base = { offset: 0, limit: 25, ...c.params };
    const names = async (count: 'skip' | 'only') => {
      const used = await indexesUsed(db, (logged) => listPage(logged, def, scope, { ...base, count }).catch(() => undefined));
      used?.forEach((n) => seen.add(n));
      return [...(used ?? [])].sort().join(' ') || '(none)';
    };
    console.log(`  ${c.label.padEnd(44)} page: ${await names('skip')}; count: ${await names('only')}`);
  };
  console.log('Indexes of the plans (PostgreSQL EXPLAIN of every SELECT the engine sends), catalogue:');
  for (const c of cases) await explain(CATALOGUE_ITEMS_LIST as ListDefinition<unknown>, { catalogue_id: catalogueId }, c);
  if (group) {
    console.log('Inventory group:');
    for (const c of all) await explain(SCANNED_ITEMS_LIST as ListDefinition<unknown>, { group_id: group.id }, c);
  }
  console.log(`\nUsed by some case: ${[...seen].sort().join(' ')}`);
}

/** Engine: page without count (count=skip), count alone (count=only), page with total (as before); raw SQL: page, count. */
async function timeCase(db: Kysely<Database>, def: ListDefinition<unknown>, scope: ListScope, rawScope: RawBuilder<SqlBool>, c: BenchCase): Promise<void> {
  const base = { offset: 0, limit: 25, ...c.params };
  let total = 0;
  const page = await timed(REPS, () => listPage(db, def, scope, { ...base, count: 'skip' }));
  const count = NO_COUNT
    ? null
    : await timed(Math.min(REPS, 3), async () => {
        total = (await listPage(db, def, scope, { ...base, count: 'only' })).total;
      });
  const legacy = NO_COUNT || NO_LEGACY ? null : await timed(Math.min(REPS, 3), () => listPage(db, def, scope, base));
  let rawPage: Awaited<ReturnType<typeof timed>> | null = null;
  let rawCount: Awaited<ReturnType<typeof timed>> | null = null;
  if (c.raw) {
    const where = c.raw.where ? sql<SqlBool>`${rawScope} and ${c.raw.where}` : rawScope;
    const order = c.raw.order ?? sql`id asc`;
    const table = sql.table(def.table);
    rawPage = await timed(REPS, () => sql`select * from ${table} where ${where} order by ${order} limit 25`.execute(db));
    if (!NO_COUNT) rawCount = await timed(Math.min(REPS, 3), () => sql`select count(*) from ${table} where ${where}`.execute(db));
  }
  const ratio = rawPage && 'median' in rawPage && 'median' in page ? `${(page.median / Math.max(rawPage.median, 0.5)).toFixed(1)}×`.padStart(7) : '      -';
  const failed = [page, count, legacy].find((r) => r && 'error' in r) as { error: string } | undefined;
  const load = os.loadavg()[0].toFixed(1).padStart(6);
  console.log(
    `  ${c.label.padEnd(44)}${fig(page)}${fig(count)}${fig(legacy)}${fig(rawPage)}${fig(rawCount)}${ratio}  ${(NO_COUNT ? '-' : total.toLocaleString('en')).padStart(9)}${cpuFig(page, count)}${load}${failed ? `  (${failed.error})` : ''}`,
  );
}

function header(title: string): void {
  console.log(
    `${title}\n  ${'case'.padEnd(44)}${'page'.padStart(10)}${'count'.padStart(10)}${'page+tot'.padStart(10)}${'raw page'.padStart(10)}${'raw cnt'.padStart(10)}${'ratio'.padStart(7)}  ${'rows'.padStart(9)}${'CPU pg/cnt'.padStart(12)}${'load'.padStart(6)}`,
  );
}

const TEXT_COLUMNS = ['code', 'objectId', 'field1', 'field2', 'field3', 'field4', 'field5', 'field6'] as const;

/** The item-list cases (searches, regular expressions, sorts), with their raw SQL. */
function itemCases(dialect: 'sqlite' | 'postgres', code: string, word: string): BenchCase[] {
  const col = (field: string) => ITEM_LIST_COLUMNS[field].column;
  const plain = (field: string, text: string, label?: string): BenchCase => ({
    label: label ?? `plain ${field} "${text}"`,
    params: { searchTexts: { [field]: text } },
    raw: { where: rawContains(dialect, col(field), text) },
  });
  const regex = (field: string, pattern: string, label: string): BenchCase => ({
    label,
    params: { searchTexts: { [field]: `/${pattern}/` } },
    raw: { where: rawRegex(dialect, col(field), pattern) },
  });
  const sorted = (field: string, dir: 'asc' | 'desc'): BenchCase => ({
    label: `order by ${field} ${dir}`,
    params: { order: [field, dir] },
    raw: { order: rawOrder(dialect, col(field), dir) },
  });
  return [
    { label: 'no search', params: {}, raw: {} },
    plain('code', code, `plain code "${code}" (one item)`),
    plain('code', code.slice(0, -3), `plain code "${code.slice(0, -3)}" (prefix)`),
    plain('field1', word.toUpperCase(), `plain field1 "${word.toUpperCase()}" (common word)`),
    plain('field2', 'garcia', 'plain field2 "garcia" (accents ignored)'),
    regex('code', `^${code.slice(0, -2).toLowerCase()}\\d\\d$`, `regex code /^${code.slice(0, -2).toLowerCase()}\\d\\d$/`),
    regex('field1', '^m.sica .* (rio|mar)$', 'regex field1 /^m.sica .* (rio|mar)$/'),
    regex('field1', '^el .* (rio|mar)', 'regex field1 /^el .* (rio|mar)/'),
    regex('field3', '^19[5-6]\\d$', 'regex field3 /^19[5-6]\\d$/ (no literal)'),
    // Regular expressions with no fixed start and no fixed text (every row of the list is a candidate):
    regex('field1', '^\\d{4}[a-z]$', 'regex field1 /^\\d{4}[a-z]$/ (no text, none)'),
    regex('field1', '[xz]{3}', 'regex field1 /[xz]{3}/ (no text, few)'),
    regex('field1', '(x|z){3}', 'regex field1 /(x|z){3}/ (refused)'),
    regex('field1', '\\bq\\w*z\\b', 'regex field1 /\\bq\\w*z\\b/ (refused)'),
    regex('field1', 'q\\w*z', 'regex field1 /q\\w*z/ (no text)'),
    regex('field2', '[ÁÉÍÓÚ][^ ,]*[ÁÉÍÓÚ]', 'regex field2 /[ÁÉÍÓÚ][^ ,]*[ÁÉÍÓÚ]/ (class, accents)'),
    regex('field1', '^[A-Z ]+$', 'regex field1 /^[A-Z ]+$/ (class, many)'),
    regex('field1', '[aeiou]{4}', 'regex field1 /[aeiou]{4}/ (class, few)'),
    regex('field1', '(quijote|hamlet)', 'regex field1 /(quijote|hamlet)/ (alternation)'),
    regex('field1', '^e. .* (rio|mar)', 'regex field1 /^e. .* (rio|mar)/ (alternation)'),
    plain('field1', 'EL', 'plain field1 "EL" (two letters)'),
    plain('field1', 'de', 'plain field1 "de" (two letters)'),
    plain('field1', 'a', 'plain field1 "a" (one letter)'),
    plain('field2', 'z', 'plain field2 "z" (one letter)'),
    plain('code', '3', 'plain code "3" (one letter, every row)'),
    ...TEXT_COLUMNS.map((f) => sorted(f, 'asc')),
    sorted('field1', 'desc'),
    sorted('code', 'desc'),
    {
      label: 'field2 "garcia", order by field1 asc',
      params: { searchTexts: { field2: 'garcia' }, order: ['field1', 'asc'] },
      raw: { where: rawContains(dialect, 'field2', 'garcia'), order: rawOrder(dialect, 'field1', 'asc') },
    },
    {
      label: 'field1 "EL", order by field2 desc',
      params: { searchTexts: { field1: 'EL' }, order: ['field2', 'desc'] },
      raw: { where: rawContains(dialect, 'field1', 'el'), order: rawOrder(dialect, 'field2', 'desc') },
    },
    {
      label: 'code one item, order by field1 desc',
      params: { searchTexts: { code }, order: ['field1', 'desc'] },
      raw: { where: rawContains(dialect, 'code', code), order: rawOrder(dialect, 'field1', 'desc') },
    },
  ];
}

/**
 * --cancel: a count=only of field1 "EL" (every row read) aborted after 300 ms, as a superseded count or a
 * client gone away is: how long after the abort it stops, and how soon the next count (a selective one) answers.
 */
async function timeCancel(db: Kysely<Database>, scope: ListScope): Promise<void> {
  const def = CATALOGUE_ITEMS_LIST as ListDefinition<unknown>;
  console.log('\nCancelled counts (count=only of field1 "EL" aborted after 300 ms; then a count of field2 "garcia"):');
  for (let i = 0; i < REPS; i += 1) {
    const controller = new AbortController();
    const start = performance.now();
    const counting = withCountSignal(controller.signal, () => listPage(db, def, scope, { searchTexts: { field1: 'EL' }, count: 'only' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const aborted = performance.now();
    controller.abort(new CountCancelled('bench'));
    const outcome = await counting.then(
      () => 'finished',
      (e: unknown) => ((e as { statusCode?: number }).statusCode === 409 ? 'cancelled' : `failed: ${(e as Error).message}`),
    );
    const stopped = performance.now();
    const next = await listPage(db, def, scope, { searchTexts: { field2: 'garcia' }, count: 'only' });
    console.log(
      `  run ${i + 1}: ${outcome} ${ms(stopped - aborted)} after the abort (${ms(aborted - start)} in); next count ${ms(performance.now() - stopped)} (${next.total.toLocaleString('en')} rows)`,
    );
  }
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
    if (process.env.BENCH_DEBUG)
      console.error(
        `rss ${(m.rss / 1e6).toFixed(0)} heap ${(m.heapUsed / 1e6).toFixed(0)}/${(m.heapTotal / 1e6).toFixed(0)} ext ${(m.external / 1e6).toFixed(0)} ab ${(m.arrayBuffers / 1e6).toFixed(0)}`,
      );
  }, 250);
  const startRss = process.memoryUsage().rss;
  const start = performance.now();
  const file = await exportList(
    deps,
    user,
    CATALOGUE_ITEMS_LIST,
    { catalogue_id: catalogueId },
    {
      format: { fileType, firstRowHeader: true, dateFormat: 'YYYY-MM-DD', codePrefix: '', codeSuffix: '', separator: 'semicolon', otherSeparator: '' },
      columns: ['code', 'objectId', 'field1', 'field2', 'field3'].map((id) => ({ id, title: id })),
      order: null,
      searchTexts: {},
    },
    { maxXlsRows: 1_048_576, baseName: 'bench' },
  );
  let bytes = 0;
  await pipeline(
    file.stream,
    new Writable({
      write(chunk: Buffer, _e, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  // RSS at a quarter, half and three quarters of the run: flat memory means these do not grow.
  const at = (f: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * f))] ?? 0;
  const usage = process.resourceUsage();
  const cpuSeconds = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
  console.log(JSON.stringify({ fileType, seconds, cpuSeconds, bytes, startRss, quarters: [at(0.25), at(0.5), at(0.75)], maxRssKb: usage.maxRSS }));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const dataDir = largeDataDir(args);
  const dbConfig = dbConfigFromEnv(process.env, dataDir);
  const db = createDb(dbConfig);
  try {
    REPS = Number(option(args, '--reps') ?? REPS);
    NO_COUNT = args.includes('--no-count');
    NO_LEGACY = args.includes('--no-legacy');
    const child = option(args, '--child-export');
    if (child) {
      await childExport(db, Number(option(args, '--catalogue')), child as 'csv' | 'xlsx');
      return;
    }
    // --no-migrate: a shared database read as it is (a tree holding newer migrations would otherwise apply them).
    if (!args.includes('--no-migrate')) await migrateToLatest(db);
    console.log(`Database: ${'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile}`);
    let catalogue = await largestCatalogue(db);
    if (!catalogue || catalogue.items < TARGET) {
      console.log(`No catalogue with ${TARGET.toLocaleString('en')} items: generating one`);
      if (!('databaseUrl' in dbConfig)) await sql`pragma synchronous = off`.execute(db);
      catalogue = await generateCatalogue(db);
    }
    console.log(
      `Catalogue ${catalogue.id}: ${catalogue.items.toLocaleString('en')} items; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} CPUs\n`,
    );
    // The middle row (deeper than a list call may page).
    const sample = await db
      .selectFrom('catalogue_items')
      .select(['code', 'field1'])
      .where('catalogue_id', '=', catalogue.id)
      .orderBy('id')
      .offset(Math.floor(catalogue.items / 2))
      .limit(1)
      .executeTakeFirst();
    const code = sample?.code ?? '1';
    const word = (sample?.field1 ?? 'a').split(' ')[0];

    const dialect = dialectOf(db);
    const only = option(args, '--only');
    const scope = { catalogue_id: catalogue.id };
    if (args.includes('--cancel')) {
      await timeCancel(db, scope);
      return;
    }
    // --only 'a|b': the cases whose label holds one of the texts.
    const cases = itemCases(dialect, code, word).filter((c) => !only || only.split('|').some((text) => c.label.includes(text)));
    if (args.includes('--explain')) {
      await explainCases(db, cases, catalogue.id, await largestGroup(db), itemCases(dialect, code, word));
      return;
    }
    header(
      `First page (25 rows), median of ${REPS} (counts of ${Math.min(REPS, 3)}); engine: page without count, count alone, page with total (before); raw SQL: page, count; ratio = engine page / raw page:`,
    );
    for (const c of cases) await timeCase(db, CATALOGUE_ITEMS_LIST as ListDefinition<unknown>, scope, sql<SqlBool>`catalogue_id = ${catalogue.id}`, c);
    const group = await largestGroup(db);
    if (group) {
      header(`\nInventory group ${group.id} (${group.items.toLocaleString('en')} scanned items):`);
      const groupScope = { group_id: group.id }; // as services/inventoryItems.ts scopes a group's list
      const groupCases = (only === 'group' ? itemCases(dialect, code, word) : cases).filter((c) =>
        /no search|plain code "\d|code one item|"EL"|"garcia" \(|order by field1|order by code asc/.test(c.label),
      );
      for (const c of groupCases) await timeCase(db, SCANNED_ITEMS_LIST as ListDefinition<unknown>, groupScope, sql<SqlBool>`group_id = ${group.id}`, c);
    }
    if (args.includes('--no-export')) return;
    console.log(`\nExport of ${catalogue.items.toLocaleString('en')} rows (5 columns, consumed and discarded); CPU = the process's user + system time:`);
    const exportOnly = option(args, '--export');
    const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
    let csv: { seconds: number; cpuSeconds: number } | null = null;
    for (const fileType of ['csv', 'xlsx'] as const) {
      if (exportOnly && exportOnly !== fileType) continue;
      const out = execFileSync(
        process.execPath,
        [...process.execArgv, __filename, '--data-dir', dataDir, '--child-export', fileType, '--catalogue', String(catalogue.id)],
        { env: process.env, encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      const r = JSON.parse(out.trim().split('\n').at(-1)!) as {
        seconds: number;
        cpuSeconds: number;
        bytes: number;
        startRss: number;
        quarters: number[];
        maxRssKb: number;
      };
      if (fileType === 'csv') csv = r;
      console.log(
        `  ${fileType.padEnd(5)} ${r.seconds.toFixed(1).padStart(6)} s (CPU ${r.cpuSeconds.toFixed(1)} s)  ${mb(r.bytes).padStart(7)} written  RSS start ${mb(r.startRss)}, at 25/50/75% ${r.quarters.map(mb).join(' / ')}, peak ${mb(r.maxRssKb * 1024)}`,
      );
    }
    if (csv && dialect === 'sqlite' && !('databaseUrl' in dbConfig)) {
      // The same rows and columns written by the sqlite3 command-line tool (Debian's sqlite3), in the same run.
      const query = `select code, object_id, field1, field2, field3 from catalogue_items where catalogue_id = ${catalogue.id} order by id`;
      try {
        const timing = execFileSync(
          'bash',
          ['-c', 'TIMEFORMAT="%R %U %S"; { time sqlite3 -csv "$1" "$2" > /dev/null; } 2>&1', 'raw', dbConfig.sqliteFile, query],
          { encoding: 'utf8' },
        );
        const [wall, user, system] = timing.trim().split('\n').at(-1)!.split(' ').map(Number);
        const rawCpu = user + system;
        console.log(
          `  sqlite3 -csv ${wall.toFixed(1).padStart(6)} s (CPU ${rawCpu.toFixed(1)} s): the export runs at ${((100 * wall) / csv.seconds).toFixed(0)} % of raw speed (wall), ${((100 * rawCpu) / csv.cpuSeconds).toFixed(0)} % (CPU)`,
        );
      } catch (e) {
        console.log(`  sqlite3 -csv: not run (${(e as Error).message.split('\n')[0]}; apt-get install sqlite3)`);
      }
    }
  } finally {
    await db.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
