/**
 * Dashboard benchmark: times every GET /api/dashboard/* call through the real app (token check and user
 * load included, as a browser's call would be) against an existing data directory.
 *
 * `pnpm bench` runs it after the list benchmark (same arguments); alone:
 *   pnpm --filter @portal/server bench:dashboard -- --data-dir <dir>   SQLite <dir>/portal.sqlite
 *                                                                      (default <repo>/.data-large)
 *   DATABASE_URL=postgres://… pnpm --filter @portal/server bench:dashboard
 *   options: --runs <n> (default 50)  --user <userName> (default admin: every library)
 *
 * Prints per call the median, p95 and max over the runs (after warm-up runs), then the wall time of the
 * whole dashboard (its 14 calls at once, as the page makes them).
 */
import { performance } from 'node:perf_hooks';
import { buildApp, type App } from '../src/app';
import { createTokenService } from '../src/auth/tokens';
import { defaultConfig } from '../src/config';
import { createDb, dbConfigFromEnv, migrateToLatest } from '../src/db/connect';
import { storeClock } from '../src/dashboard/clock';
import { findAuthUser } from '../src/services/context';
import { largeDataDir, option } from './benchArgs';

const WARM_UP = 3;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];

async function timed(app: App, url: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url, headers: { 'x-access-token': token } });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return ms;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const dataDir = largeDataDir(args);
  const runs = Number(option(args, '--runs') ?? 50);
  const userName = option(args, '--user') ?? 'admin';
  const dbConfig = dbConfigFromEnv(process.env, dataDir);
  const db = createDb(dbConfig);
  try {
    await migrateToLatest(db);
    const config = defaultConfig({ dataDir, portalRoot: null, logger: false });
    const app = await buildApp({ db, config });
    const row = await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirst();
    if (!row) throw new Error(`No user ${userName} in this database (generate the demo or large profile first).`);
    const user = await findAuthUser(db, row.id);
    if (!user?.storeIds.length) throw new Error(`${userName} holds no library`);
    const { token } = await (await createTokenService(db, config.tokenTtlSeconds, config.now)).issue(row.id, user.tokenVersion);

    const first = await db.selectFrom('stores').select(['timezone', 'reset_time']).where('id', '=', user.storeIds[0]).executeTakeFirstOrThrow();
    const date = storeClock(new Date(), first.timezone, first.reset_time).today;
    const records = await db
      .selectFrom('records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const ids = user.storeIds.join(',');
    const week = `weekStartDay=1&date=${date}`;
    const calls: Array<[string, string]> = [
      ['totalToday', ''],
      ['totalTodayData', ''],
      ['totalInMonth', ''],
      ['totalInYear', ''],
      ['totalAlarmsToday', ''],
      ['totalSelfcheckOperations', ''],
      ['currentWeekData', week],
      ['alarmsWeekData', week],
      ['selfcheckToday', 'type=CHECKOUT'],
      ['selfcheckDistribution', `type=CHECKOUT&${week}`],
    ];
    const url = (call: string, extra: string) => `/api/dashboard/${call}?selectedStoreIds=${ids}${extra ? `&${extra}` : ''}`;

    const where = 'databaseUrl' in dbConfig ? 'PostgreSQL (DATABASE_URL)' : dbConfig.sqliteFile;
    console.log(`Dashboard benchmark on ${where}`);
    console.log(`  user ${userName}: ${user.storeIds.length} libraries; ${Number(records.n).toLocaleString('en')} counter records; week of ${date}`);
    console.log(`  ${runs} runs per call after ${WARM_UP} warm-up runs\n`);
    console.log(`  ${'call'.padEnd(26)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ${'max'.padStart(9)}`);
    for (const [call, extra] of calls) {
      for (let i = 0; i < WARM_UP; i += 1) await timed(app, url(call, extra), token);
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) times.push(await timed(app, url(call, extra), token));
      times.sort((a, b) => a - b);
      const cell = (ms: number) => `${ms.toFixed(1)} ms`.padStart(9);
      console.log(`  ${call.padEnd(26)} ${cell(percentile(times, 0.5))} ${cell(percentile(times, 0.95))} ${cell(times[times.length - 1])}`);
    }

    // The page: 6 summary calls, 3 selfcheckToday, 5 weekly charts (3 distributions), all at once.
    const page = [
      ...calls.filter(([c]) => !['selfcheckToday', 'selfcheckDistribution'].includes(c)),
      ...['CHECKOUT', 'CHECKIN', 'RENEW'].flatMap((type): Array<[string, string]> => [
        ['selfcheckToday', `type=${type}`],
        ['selfcheckDistribution', `type=${type}&${week}`],
      ]),
    ];
    const pageTimes: number[] = [];
    for (let i = 0; i < Math.max(5, Math.floor(runs / 5)); i += 1) {
      const started = performance.now();
      await Promise.all(page.map(([call, extra]) => timed(app, url(call, extra), token)));
      pageTimes.push(performance.now() - started);
    }
    pageTimes.sort((a, b) => a - b);
    console.log(
      `\n  whole dashboard (${page.length} calls at once): median ${percentile(pageTimes, 0.5).toFixed(1)} ms, p95 ${percentile(pageTimes, 0.95).toFixed(1)} ms`,
    );
    await app.close();
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
