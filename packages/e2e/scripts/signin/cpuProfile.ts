/**
 * Summarises a V8 CPU profile (DevTools Profiler.stop) of the renderer by self time: per package (the shared
 * libraries' and exposes' chunks named by each build's mf-stats.json) and per function, so a sign-in's cost can be
 * read as "antd 180 ms, highcharts 320 ms, …" without source maps.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface StatsFile {
  name: string;
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  exposes: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

/** Chunk file name → what it holds ("antd", "mf-dashboard ./lifecycles"), from every built app's mf-stats.json. */
export function chunkNames(root: string): Map<string, string> {
  const names = new Map<string, string>();
  const apps = readdirSync(root).filter((dir) => dir === 'shell' || dir.startsWith('mf-'));
  for (const app of apps) {
    // The shell's build, and each remote's releases (dist/<version>, what the registry serves).
    const dist = path.join(root, app, 'dist');
    const folders = [
      dist,
      ...(existsSync(dist)
        ? readdirSync(dist)
            .filter((dir) => /^\d+\.\d+\.\d+/.test(dir))
            .map((dir) => path.join(dist, dir))
        : []),
    ];
    for (const folder of folders) addStats(names, app, path.join(folder, 'mf-stats.json'));
  }
  return names;
}

function addStats(names: Map<string, string>, app: string, stats: string): void {
  if (!existsSync(stats)) return;
  const parsed = JSON.parse(readFileSync(stats, 'utf8')) as StatsFile;
  for (const shared of parsed.shared) for (const file of shared.assets.js.sync) names.set(file, shared.name);
  for (const expose of parsed.exposes) {
    for (const file of [...expose.assets.js.sync, ...expose.assets.js.async]) {
      if (!names.has(file)) names.set(file, `${app} ${expose.name} (${file})`);
    }
  }
}

/** Where a sampled frame's code lives: a package, an app's chunk, or a V8 category like (garbage collector). */
function placeOf(url: string, names: Map<string, string>): string {
  if (!url) return 'native/V8';
  const file = url.split('?')[0].split('/').pop() ?? url;
  const named = names.get(file);
  if (named) return named;
  if (/^main\.|^signed-in\./.test(file)) return `shell ${file.split('.')[0]}`;
  return file;
}

export interface ProfileSummary {
  byPlace: Map<string, number>;
  /** Self time per phase (named by the page mark that ends it) and place. */
  byPhase: Map<string, Map<string, number>>;
  byFunction: Map<string, number>;
  /** Total time: a sample counts once for every function on its stack (a function's own work and its callees'). */
  inclusive: Map<string, number>;
  totalMs: number;
}

/** Self time (ms) per place and per function of one profile, added into `into` (to sum several runs). */
export function summarise(
  profile: CpuProfile,
  names: Map<string, string>,
  into?: ProfileSummary,
  /** Phase ends in ms from the profile's start (≈ pressing Login), by name, in order. */
  phases: { name: string; at: number }[] = [],
): ProfileSummary {
  const summary = into ?? { byPlace: new Map(), byPhase: new Map(), byFunction: new Map(), inclusive: new Map(), totalMs: 0 };
  let clock = 0;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const place = functionName.startsWith('(') && !url ? functionName : placeOf(url, names);
    return `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}:${columnNumber + 1}`;
  };
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  profile.samples.forEach((id, index) => {
    clock += (profile.timeDeltas[index] ?? 0) / 1000;
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url } = node.callFrame;
    if (functionName === '(idle)') return;
    const place = functionName.startsWith('(') && !url ? functionName : placeOf(url, names);
    add(summary.byPlace, place, ms);
    const phase = phases.find((end) => clock <= end.at)?.name ?? 'after';
    if (!summary.byPhase.has(phase)) summary.byPhase.set(phase, new Map());
    add(summary.byPhase.get(phase) as Map<string, number>, place, ms);
    add(summary.byFunction, keyOf(node), ms);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at);
      if (frame && frame.callFrame.functionName !== '(root)') onStack.add(keyOf(frame));
    }
    for (const key of onStack) add(summary.inclusive, key, ms);
    summary.totalMs += ms;
  });
  return summary;
}

/** The largest entries of a summary map, divided by `runs` (a mean per sign-in). */
export function top(map: Map<string, number>, count: number, runs: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${String(Math.round(ms / runs)).padStart(6)} ms  ${key}`);
}
