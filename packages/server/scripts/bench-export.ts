/**
 * Export benchmark: a 1,000,000-row export of the largest catalogue through the real export
 * service (exportList: permission-free bench user, the catalogue's list definition, the search and batch
 * stream, the cell rules), csv and xlsx, each in its own process (the RSS figures are the export's own; the
 * output is consumed as fast as it comes and thrown away), next to the database's own tool writing the same
 * rows and columns in the same run: `sqlite3 -csv` on SQLite, `psql \copy (...) to stdout csv` on PostgreSQL.
 * The ratio raw / export is what counts on a shared machine.
 *
 *   pnpm --filter @portal/server bench:export -- --data-dir <dir>            SQLite <dir>/portal.sqlite
 *   DATABASE_URL=postgres://… pnpm --filter @portal/server bench:export      PostgreSQL
 *
 * Options: --reps N (default 3: medians), --only csv|xlsx, --catalogue <id> (default the largest), --cursor-too
 * (PostgreSQL: each rep also runs the csv through the cursor path, COPY off, alternating with the COPY runs).
 * The database is only read (no migration runs): point it at a large profile made by `demo:large`.
 * CPU is the child's user + system time from the start of the export to its end (start-up not counted); on
 * PostgreSQL also the CPU of the database server processes the child connected (from /proc: same machine).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import { defaultConfig } from '../src/config';
import { createDb, dbConfigFromEnv } from '../src/db/connect';
import type { Database } from '../src/db/schema';
import { CATALOGUE_ITEMS_LIST } from '../src/lists/definitions';
import { exportList } from '../src/lists/export/export';
import type { AuthUser, Deps } from '../src/services/context';
import { largeDataDir, option, procCpuSeconds } from './benchArgs';

const COLUMNS = ['code', 'objectId', 'field1', 'field2', 'field3'];
const RAW_COLUMNS = 'code, object_id, field1, field2, field3';

interface ChildResult {
  fileType: string;
  seconds: number;
  cpuSeconds: number;
  bytes: number;
  /** PostgreSQL: CPU of the server processes this child connected (their whole life: the export's work and their start). */
  dbCpuSeconds: number | null;
  startRss: number;
  quarters: number[];
  maxRssKb: number;
  /** RSS every 10 % of the rows (by bytes written: rows are of about the same size), and heap / external memory there. */
  tenths: { rss: number; heap: number; external: number }[];
}

const cpuNow = () => {
  const u = process.resourceUsage();
  return (u.userCPUTime + u.systemCPUTime) / 1e6;
};

/** Child mode: one export, consumed and discarded; prints JSON with time, CPU, bytes and RSS figures. */
async function childExport(db: Kysely<Database>, catalogueId: number, fileType: 'csv' | 'xlsx', postgres: boolean, copy: boolean): Promise<void> {
  const deps = { db, config: defaultConfig({ logger: false }) } as unknown as Deps;
  const user: AuthUser = { id: -1, userName: 'bench', fullName: 'bench', role: 'admin', permissions: [], storeIds: [], tokenVersion: 0 };
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(process.memoryUsage().rss), 100);
  // The file's size from a previous run of the same export (--expect-bytes), to sample memory every tenth of it.
  const expectBytes = Number(option(process.argv, '--expect-bytes') ?? 0);
  const tenths: ChildResult['tenths'] = [];
  const sampleTenth = () => {
    const m = process.memoryUsage();
    tenths.push({ rss: m.rss, heap: m.heapUsed, external: m.external + m.arrayBuffers });
  };
  const startedAt = new Date();
  const startRss = process.memoryUsage().rss;
  const startCpu = cpuNow();
  const start = performance.now();
  const file = await exportList(
    deps,
    user,
    CATALOGUE_ITEMS_LIST,
    { catalogue_id: catalogueId },
    {
      format: { fileType, firstRowHeader: true, dateFormat: 'YYYY-MM-DD', codePrefix: '', codeSuffix: '', separator: 'comma', otherSeparator: '' },
      columns: COLUMNS.map((id) => ({ id, title: id })),
      order: null,
      searchTexts: {},
    },
    { maxXlsRows: 1_048_576, baseName: 'bench', copy },
  );
  let bytes = 0;
  let nextTenth = expectBytes / 10;
  await pipeline(
    file.stream,
    new Writable({
      highWaterMark: 1 << 20,
      write(chunk: Buffer, _e, done) {
        bytes += chunk.length;
        if (expectBytes && bytes >= nextTenth) {
          sampleTenth();
          nextTenth += expectBytes / 10;
        }
        done();
      },
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpuSeconds = cpuNow() - startCpu;
  let dbCpuSeconds: number | null = null;
  if (postgres) {
    // This child's connections are the ones started since its export began (read before they close).
    const { rows } = await sql<{
      pid: number;
    }>`select pid from pg_stat_activity where datname = current_database() and backend_start >= ${startedAt.toISOString()}::timestamptz - interval '2 seconds'`.execute(
      db,
    );
    dbCpuSeconds = rows.reduce((sum, r) => sum + (procCpuSeconds(r.pid) ?? 0), 0);
  }
  clearInterval(sampler);
  // RSS at a quarter, half and three quarters of the run: flat memory means these do not grow.
  const at = (f: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * f))] ?? 0;
  console.log(
    JSON.stringify({
      fileType,
      seconds,
      cpuSeconds,
      dbCpuSeconds,
      bytes,
      startRss,
      quarters: [at(0.25), at(0.5), at(0.75)],
      maxRssKb: process.resourceUsage().maxRSS,
      tenths,
    } satisfies ChildResult),
  );
}

/** The database's own csv writer on the same rows and columns: wall and CPU seconds (of the client tool). */
function rawCsv(dbConfig: ReturnType<typeof dbConfigFromEnv>, catalogueId: number): { wall: number; cpu: number; tool: string } {
  const query = `select ${RAW_COLUMNS} from catalogue_items where catalogue_id = ${catalogueId} order by id`;
  const [tool, script, args] =
    'databaseUrl' in dbConfig
      ? ['psql \\copy', 'time psql -X -q "$1" -c "\\\\copy ($2) to stdout csv header" > /dev/null', [dbConfig.databaseUrl, query]]
      : ['sqlite3 -csv', 'time sqlite3 -readonly -csv -header "$1" "$2" > /dev/null', [dbConfig.sqliteFile, query]];
  const timing = execFileSync('bash', ['-c', `TIMEFORMAT="%R %U %S"; { ${script}; } 2>&1`, 'raw', ...args], { encoding: 'utf8' });
  const [wall, user, system] = timing.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { wall, cpu: user + system, tool };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One line per kind of run: the median run's wall time, median CPU (and the database server's), memory; the median run. */
function printRuns(label: string, runs: ChildResult[]): ChildResult {
  const r = [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)];
  const cpu = median(runs.map((x) => x.cpuSeconds));
  const dbCpu = runs[0].dbCpuSeconds === null ? '' : `, database server ${median(runs.map((x) => x.dbCpuSeconds ?? 0)).toFixed(2)} s`;
  console.log(
    `${label.padEnd(5)} ${r.seconds.toFixed(2).padStart(6)} s (CPU ${cpu.toFixed(2)} s${dbCpu}; runs ${runs.map((x) => x.seconds.toFixed(2)).join(', ')} s)  ${mb(r.bytes)} written  RSS start ${mb(r.startRss)}, at 25/50/75% ${r.quarters.map(mb).join(' / ')}, peak ${mb(Math.max(...runs.map((x) => x.maxRssKb)) * 1024)}`,
  );
  return r;
}
const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const dataDir = largeDataDir(args);
  const dbConfig = dbConfigFromEnv(process.env, dataDir);
  const db = createDb(dbConfig);
  try {
    const child = option(args, '--child-export');
    if (child) {
      await childExport(
        db,
        Number(option(args, '--catalogue')),
        child === 'cursor' ? 'csv' : (child as 'csv' | 'xlsx'),
        'databaseUrl' in dbConfig,
        !args.includes('--no-copy'),
      );
      return;
    }
    const reps = Number(option(args, '--reps') ?? 3);
    const given = option(args, '--catalogue');
    const catalogue = given
      ? { id: Number(given) }
      : await db
          .selectFrom('catalogue_items')
          .select(['catalogue_id as id', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('catalogue_id')
          .orderBy('n', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
    const { n: rows } = await db
      .selectFrom('catalogue_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('catalogue_id', '=', catalogue.id)
      .executeTakeFirstOrThrow();
    console.log(`Database: ${'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile}`);
    console.log(
      `Export of catalogue ${catalogue.id}: ${Number(rows).toLocaleString('en')} rows, columns ${COLUMNS.join(', ')}, header; median of ${reps}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} CPUs`,
    );
    console.log("CPU = the process's user + system time during the export (the raw tool: its whole run).\n");
    const only = option(args, '--only');
    const sizes = new Map<string, number>();
    const runChild = (fileType: string): ChildResult => {
      const out = execFileSync(
        process.execPath,
        [
          ...process.execArgv,
          __filename,
          '--data-dir',
          dataDir,
          '--child-export',
          fileType,
          '--catalogue',
          String(catalogue.id),
          '--expect-bytes',
          String(sizes.get(fileType) ?? 0),
          ...(fileType === 'cursor' ? ['--no-copy'] : []),
        ],
        { env: process.env, encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      const result = JSON.parse(out.trim().split('\n').at(-1)!) as ChildResult;
      sizes.set(fileType, result.bytes);
      return result;
    };
    const cursorToo = args.includes('--cursor-too') && 'databaseUrl' in dbConfig;
    const loads: number[] = [];
    for (const fileType of ['csv', 'xlsx'] as const) {
      if (only && only !== fileType) continue;
      const runs: ChildResult[] = [];
      const cursorRuns: ChildResult[] = [];
      const raws: { wall: number; cpu: number; tool: string }[] = [];
      for (let i = 0; i < reps; i += 1) {
        loads.push(os.loadavg()[0]);
        runs.push(runChild(fileType));
        // Interleaved with the export runs, so both see the same load.
        if (fileType === 'csv') raws.push(rawCsv(dbConfig, catalogue.id));
        if (fileType === 'csv' && cursorToo) cursorRuns.push(runChild('cursor'));
      }
      const cpu = median(runs.map((x) => x.cpuSeconds));
      const r = printRuns(fileType, runs);
      if (cursorRuns.length) printRuns('csv (cursor path, COPY off)', cursorRuns);
      // Every tenth of the rows, from the runs after the first (which measures the file's size).
      const tenths = runs.flatMap((x) => x.tenths.slice(1));
      if (tenths.length) {
        const range = (xs: number[]) => `${mb(Math.min(...xs))} – ${mb(Math.max(...xs))}`;
        console.log(
          `      every 10 % of the rows from 20 %: RSS ${range(tenths.map((x) => x.rss))}, JS heap ${range(tenths.map((x) => x.heap))}, external + array buffers ${range(tenths.map((x) => x.external))}`,
        );
      }
      if (raws.length) {
        const wall = median(raws.map((x) => x.wall));
        const rawCpu = median(raws.map((x) => x.cpu));
        console.log(
          `${raws[0].tool.padEnd(5)} ${wall.toFixed(2).padStart(6)} s (CPU ${rawCpu.toFixed(2)} s; runs ${raws.map((x) => x.wall.toFixed(2)).join(', ')} s): the export runs at ${((100 * wall) / r.seconds).toFixed(0)} % of raw speed (wall), ${((100 * rawCpu) / cpu).toFixed(0)} % (CPU)`,
        );
      }
    }
    console.log(
      `\nload average (1 min) at each rep's start: ${loads.map((l) => l.toFixed(1)).join(', ')}; now ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
