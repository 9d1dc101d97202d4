/**
 * Where the renderer's CPU goes from pressing Login to the complete dashboard: N sign-ins with the
 * DevTools CPU profiler on (sampling every 100 µs), summarised by self time per package and per function (mean per
 * sign-in), with the renderer's layout and style work (Performance.getMetrics) and the long tasks of the median run.
 *
 *   pnpm --filter @portal/e2e bench:signin-profile                 # admin, cache warm, 3 runs, its own server
 *   BENCH_RUNS=5 BENCH_USERS=manager BENCH_VISITS=first PORTAL_E2E_URL=http://localhost:8080 …
 *
 * BENCH_LOAD=dashboard profiles instead a signed-in load of /dashboard (a reload, navigation to the complete page)
 * and prints the renderer's main-thread CPU time and react-dom's commits (all roots) of each run.
 */
import { loadavg } from 'node:os';
import type { CDPSession } from 'playwright-core';
import { REPO_ROOT } from '../src';
import { chunkNames, summarise, top, type CpuProfile, type ProfileSummary } from './signin/cpuProfile';
import { median, openDashboardOnce, signInOnce, withBenchServer, type Probe, type Run } from './signin/run';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const USER = process.env.BENCH_USERS ?? 'admin';
const WARM = process.env.BENCH_VISITS !== 'first';
const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration', 'LayoutCount', 'RecalcStyleCount'];

type Metrics = Record<string, number>;

async function metricsOf(cdp: CDPSession): Promise<Metrics> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.filter((metric) => METRICS.includes(metric.name)).map((metric) => [metric.name, metric.value]));
}

/** Profiler and metrics around one sign-in. */
function profiler(): Probe {
  let before: Metrics = {};
  return {
    async start(cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      before = await metricsOf(cdp);
      await cdp.send('Profiler.start');
    },
    async stop(cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const after = await metricsOf(cdp);
      const delta = Object.fromEntries(METRICS.map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]));
      return { profile: profile as unknown as CpuProfile, metrics: delta };
    },
  };
}

const loadAverage = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');

function printMetrics(metrics: Metrics[]): void {
  const mid = (name: string, scale = 1000) => Math.round(median(metrics.map((m) => m[name])) * scale);
  console.log(
    `  renderer medians: tasks ${mid('TaskDuration')} ms, script ${mid('ScriptDuration')} ms, layout ${mid('LayoutDuration')} ms ` +
      `(${mid('LayoutCount', 1)} layouts), style ${mid('RecalcStyleDuration')} ms (${mid('RecalcStyleCount', 1)} recalcs)`,
  );
}

function printFunctions(summary: ProfileSummary, runs: number): void {
  console.log('  by function:');
  for (const line of top(summary.byFunction, Number(process.env.BENCH_TOP ?? 40), runs)) console.log(`    ${line}`);
  console.log('  by function, total time (with its callees):');
  for (const line of top(summary.inclusive, Number(process.env.BENCH_TOP ?? 40), runs)) console.log(`    ${line}`);
}

/** BENCH_LOAD=dashboard: signed-in loads of /dashboard. */
async function dashboardLoads(base: string): Promise<void> {
  const names = chunkNames(REPO_ROOT);
  let summary: ProfileSummary | undefined;
  const metrics: Metrics[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const load = await openDashboardOnce(base, USER, profiler());
    const probed = load.probed as { profile: CpuProfile; metrics: Metrics };
    summary = summarise(probed.profile, names, summary);
    metrics.push(probed.metrics);
    console.log(
      `${USER}, /dashboard load ${i + 1}: main thread CPU ${load.cpu.thread} ms, react commits ${load.commits}, charts drawn ${load.charts}, wall ${load.ms} ms (load average ${loadAverage()})`,
    );
  }
  printMetrics(metrics);
  if (!summary) return;
  console.log(`  JavaScript self time, mean per load (${Math.round(summary.totalMs / RUNS)} ms sampled), by package:`);
  for (const line of top(summary.byPlace, 25, RUNS)) console.log(`    ${line}`);
  printFunctions(summary, RUNS);
}

async function main(): Promise<void> {
  await withBenchServer(async (base) => {
    if (process.env.BENCH_LOAD === 'dashboard') {
      await dashboardLoads(base);
      return;
    }
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await signInOnce(base, USER, WARM, profiler()));
    const names = chunkNames(REPO_ROOT);
    let summary: ProfileSummary | undefined;
    const phaseEnds = (run: Run) => {
      const at = (name: string) => run.marks.find((mark) => mark.name === name)?.at ?? Infinity;
      const lastWidget = Math.max(...run.marks.filter((mark) => mark.name.startsWith('widget')).map((mark) => mark.at));
      return [
        { name: 'until the signed-in shell shows', at: at('signed-in shell shown') },
        { name: 'until the dashboard page shows', at: at('dashboard page shown') },
        { name: 'until the last widget is filled', at: lastWidget },
      ];
    };
    for (const run of runs) summary = summarise((run.probed as { profile: CpuProfile }).profile, names, summary, phaseEnds(run));
    console.log(
      `${USER}, ${WARM ? 'cache warm' : 'first visit'}, ${RUNS} profiled sign-ins (load average ${loadAverage()}): ` +
        `wall ${runs.map((run) => run.ms).join(', ')} ms; main thread CPU ${runs.map((run) => run.cpu.thread).join(', ')} ms`,
    );
    printMetrics(runs.map((run) => (run.probed as { metrics: Metrics }).metrics));
    if (!summary) return;
    console.log(`  JavaScript self time, mean per sign-in (${Math.round(summary.totalMs / RUNS)} ms sampled), by package:`);
    for (const line of top(summary.byPlace, 25, RUNS)) console.log(`    ${line}`);
    for (const [phase, places] of summary.byPhase) {
      const total = [...places.values()].reduce((sum, ms) => sum + ms, 0);
      console.log(
        `  ${phase}: ${Math.round(total / RUNS)} ms; ${top(places, 8, RUNS)
          .map((line) => line.trim())
          .join(', ')}`,
      );
    }
    printFunctions(summary, RUNS);
    const typical = runs.find((run) => run.ms === median(runs.map((r) => r.ms))) ?? runs[0];
    console.log(`  long tasks of the median run: ${typical.longTasks.map((task) => `${task.start}+${task.ms}`).join(', ')} ms`);
    console.log(
      `  marks: ${typical.marks
        .filter((mark) => !mark.name.startsWith('widget'))
        .map((mark) => `${mark.name} ${mark.at}`)
        .join(', ')}; ` + `last widget ${Math.max(...typical.marks.filter((mark) => mark.name.startsWith('widget')).map((mark) => mark.at))} ms`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
