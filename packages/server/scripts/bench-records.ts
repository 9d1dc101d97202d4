/**
 * Counters benchmark: times POST /api/records/* through the real app (token check included) for one
 * library (default BIB-001, the large profile's 2,000,000-record library) against an existing data directory:
 * one interval of a day (5 and 60-minute buckets), a week, a month and a year, then 30 intervals at once.
 *
 *   npx tsx packages/server/scripts/bench-records.ts --data-dir <dir>      SQLite <dir>/portal.sqlite
 *   DATABASE_URL=postgres://… npx tsx packages/server/scripts/bench-records.ts
 *   options: --runs <n> (default 10)  --store <code> (default BIB-001)  --user <userName> (default admin)
 *
 * Weeks, months and years are also timed uncached (intervalTimes 00:00–23:58: the same slots, computed from the
 * records), next to the kept per-day figures the whole day reads (migration 0017).
 */
import { performance } from 'node:perf_hooks';
import type { IntervalType, RecordsBody } from '@portal/contract';
import { buildApp, type App } from '../src/app';
import { createTokenService } from '../src/auth/tokens';
import { defaultConfig } from '../src/config';
import { localDateTime } from '../src/dashboard/clock';
import { createDb, dbConfigFromEnv, migrateToLatest } from '../src/db/connect';
import { findAuthUser } from '../src/services/context';
import { largeDataDir, option } from './benchArgs';

const WARM_UP = 2;
const CALL: Record<IntervalType, string> = { day: 'group-intervals', week: 'group-days', month: 'group-days', year: 'group-months' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];

/** The period `back` periods before the one holding `day` (weeks from Monday). */
function period(type: IntervalType, day: string, back: number): { startDate: string; endDate: string } {
  const d = new Date(`${day}T00:00:00Z`);
  let start: Date;
  let end: Date;
  if (type === 'day') {
    start = new Date(d.getTime() - back * 86_400_000);
    end = start;
  } else if (type === 'week') {
    start = new Date(d.getTime() - (((d.getUTCDay() + 6) % 7) + 7 * back) * 86_400_000);
    end = new Date(start.getTime() + 6 * 86_400_000);
  } else if (type === 'month') {
    start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
    end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back + 1, 0));
  } else {
    start = new Date(Date.UTC(d.getUTCFullYear() - back, 0, 1));
    end = new Date(Date.UTC(d.getUTCFullYear() - back, 11, 31));
  }
  const text = (x: Date) => x.toISOString().slice(0, 10);
  return { startDate: `${text(start)} 00:00:00`, endDate: `${text(end)} 23:59:59` };
}

async function timed(app: App, type: IntervalType, body: RecordsBody, token: string): Promise<number> {
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url: `/api/records/${CALL[type]}`, headers: { 'x-access-token': token }, payload: body });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${CALL[type]} answered ${res.statusCode}: ${res.body}`);
  return ms;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const dataDir = largeDataDir(args);
  const runs = Number(option(args, '--runs') ?? 10);
  const code = option(args, '--store') ?? 'BIB-001';
  const userName = option(args, '--user') ?? 'admin';
  const dbConfig = dbConfigFromEnv(process.env, dataDir);
  const db = createDb(dbConfig);
  try {
    const migrating = performance.now();
    const applied = ((await migrateToLatest(db)) ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (applied.length) console.log(`Migrations applied in ${((performance.now() - migrating) / 1000).toFixed(1)} s: ${applied.join(', ')}`);
    const config = defaultConfig({ dataDir, portalRoot: null, logger: false });
    const app = await buildApp({ db, config });
    const row = await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow();
    const user = await findAuthUser(db, row.id);
    if (!user) throw new Error(`No user ${userName}`);
    const { token } = await (await createTokenService(db, config.tokenTtlSeconds, config.now)).issue(row.id, user.tokenVersion);
    const store = await db.selectFrom('stores').select(['id', 'timezone']).where('code', '=', code).executeTakeFirstOrThrow();
    const records = await db
      .selectFrom('records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', store.id)
      .executeTakeFirstOrThrow();
    const today = localDateTime(new Date(), store.timezone).slice(0, 10);
    const intervals = (type: IntervalType, n: number) =>
      Array.from({ length: n }, (_, back) => ({ storeIds: [store.id], region: `store:${store.id}`, ...period(type, today, back) }));

    const where = 'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile;
    console.log(`Counters benchmark on ${where}`);
    console.log(`  ${code}: ${Number(records.n).toLocaleString('en')} counter records; today ${today}; ${runs} runs after ${WARM_UP} warm-up runs\n`);
    console.log(`  ${'call'.padEnd(40)} ${'median'.padStart(10)} ${'p95'.padStart(10)} ${'max'.padStart(10)}   ${'uncached median'.padStart(15)}`);
    const cases: Array<[string, IntervalType, RecordsBody]> = [
      ['day, 5-minute buckets', 'day', { intervals: intervals('day', 1), intervalRange: 5 }],
      ['day, 60-minute buckets', 'day', { intervals: intervals('day', 1), intervalRange: 60 }],
      ['week', 'week', { intervals: intervals('week', 1) }],
      ['month', 'month', { intervals: intervals('month', 1) }],
      ['year', 'year', { intervals: intervals('year', 1) }],
      ['30 days', 'day', { intervals: intervals('day', 30), intervalRange: 30 }],
      ['30 weeks', 'week', { intervals: intervals('week', 30) }],
      ['30 months', 'month', { intervals: intervals('month', 30) }],
      ['30 years (only the last few hold data)', 'year', { intervals: intervals('year', 30) }],
      ['30 × this year (same region)', 'year', { intervals: Array.from({ length: 30 }, () => intervals('year', 1)[0]) }],
    ];
    const series = async (type: IntervalType, body: RecordsBody) => {
      for (let i = 0; i < WARM_UP; i += 1) await timed(app, type, body, token);
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) times.push(await timed(app, type, body, token));
      return times.sort((a, b) => a - b);
    };
    for (const [label, type, body] of cases) {
      const times = await series(type, body);
      const cell = (ms: number) => `${ms.toFixed(1)} ms`.padStart(10);
      // Weeks, months and years read the kept day figures (migration 0017); the same call with a window that
      // holds the same slots but is not the whole day (00:00–23:58) computes from the records, as before.
      const uncached = type === 'day' ? '' : cell(percentile(await series(type, { ...body, intervalTimes: ['00:00', '23:58'] }), 0.5)).padStart(15);
      console.log(`  ${label.padEnd(40)} ${cell(percentile(times, 0.5))} ${cell(percentile(times, 0.95))} ${cell(times[times.length - 1])}   ${uncached}`);
    }
    await app.close();
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
