/**
 * ID modification scripts (data-areas §3, §8) run in a real sandbox: a QuickJS interpreter compiled to
 * WebAssembly (quickjs-emscripten), in a worker thread of its own. The script is the body of
 * `function (id) { … }`; it sees only the language (no process, require, file system, network or host
 * objects). Each run is interrupted after SCRIPT_LIMITS.timeMs, the interpreter's heap is capped at
 * SCRIPT_LIMITS.memoryBytes, and the worker is terminated when a batch makes no progress for
 * SCRIPT_LIMITS.stallMs (a native call that never reaches an interrupt check), so the event loop keeps
 * answering. A run answers the new id (an empty script keeps the id) or the script's own error.
 *
 * Both limits count the time the script could have run: past its wall-time limit a run is stopped once the
 * process has used that much CPU since it began, or at the latest SCRIPT_LIMITS.loadGraceMs later. On an idle
 * machine an endless loop stops at timeMs; on a loaded one a one-line script that the scheduler left waiting
 * is not refused as too long.
 *
 * A worker that answered its job itself (results, or the script's compile error) is kept warm for the next
 * job, up to WARM_WORKERS.keep of them for WARM_WORKERS.idleMs: loading QuickJS cost ~0.4 s of CPU per worker,
 * which a 100,000-row import paid 20 times (one run per 5,000 ids). A worker stopped by a watchdog, or that
 * failed, is terminated and never used again.
 *
 * The workers are a fixed pool (SCRIPT_POOL.size): a run takes a slot of `scriptSlots` (../lists/fairGate) first,
 * each user running SCRIPT_POOL.perUser at once and keeping a few waiting, beyond which a run is refused with
 * 429 TOO_MANY_CONCURRENT; 50 parallel endless scripts used to start 50 threads. An import gives its runs one
 * ScriptBudget (SCRIPT_LIMITS.importBudgetMs of script time in all, ids past it refused with the script error
 * BUDGET_ERROR), and its signal: a run whose import is cancelled or whose request closed ends its worker at once.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FairGate, type Owner } from '../lists/fairGate';
import { countSignal, requestOwner } from '../lists/countCancel';

export const SCRIPT_LIMITS = {
  /** Time of one run (interrupt handler inside the interpreter). */
  timeMs: 500,
  /** Wall time without a finished run after which the worker is terminated. */
  stallMs: 1000,
  /**
   * Wall time a new worker may take to load the interpreter and compile the script before its first run
   * (no script code runs then beyond the compile, itself under the interrupt of timeMs); a loaded machine
   * takes over a second here, which must not count as the script's time.
   */
  startMs: 15_000,
  /**
   * How much longer than its limit (wall time) a run, or a batch without progress, may wait for the CPU time
   * it is allowed when the machine is loaded; past this it is stopped whatever the CPU figures say.
   */
  loadGraceMs: 2000,
  /** The interpreter's heap. */
  memoryBytes: 16 * 1024 * 1024,
  /** Its stack. */
  stackBytes: 512 * 1024,
  /** Longest script accepted (characters). */
  maxScriptLength: 20_000,
  /** Longest id a script may answer. */
  maxResultLength: 1_000,
  /** Script time one import (or sync, Add Items To) may use, all its batches together. */
  importBudgetMs: 30_000,
};

/** The fixed pool of sandbox workers and each user's share of it. */
export const SCRIPT_POOL = { size: 2, perUser: 1, perUserQueued: 4, queued: 32 };

/** The pool's slots (tests and benchmarks read its stats). */
export const scriptSlots = new FairGate('script run', () => ({
  slots: SCRIPT_POOL.size,
  perUser: SCRIPT_POOL.perUser,
  perUserQueued: SCRIPT_POOL.perUserQueued,
  queued: SCRIPT_POOL.queued,
}));

/** The script time left to one import; each run takes off what it used. */
export interface ScriptBudget {
  leftMs: number;
}

export const newScriptBudget = (): ScriptBudget => ({ leftMs: SCRIPT_LIMITS.importBudgetMs });

/** The error of each id past an import's script budget. */
export const BUDGET_ERROR = () => `The script ran for ${SCRIPT_LIMITS.importBudgetMs / 1000} s in this import, its limit; the remaining ids were not run`;

export interface RunOptions {
  /** Whose run it is (its share of the pool); the request's user by default. */
  owner?: Owner;
  /** Ends the run (its worker terminated) when it aborts; the request's by default (a closed request). */
  signal?: AbortSignal;
  /** The import's script time left, shared by its runs. */
  budget?: ScriptBudget;
}

/** The example id of the Test box and of the test-run before saving. */
export const EXAMPLE_ID = '1234';

export type ScriptResult = { result: string } | { error: string };

/** CPU time used by this process (every thread), in ms: the most a script's thread can have used. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { processCpuMs } = require('./runClock.js') as { processCpuMs: () => number };

const isBlank = (script: string) => script.trim() === '';

/** A worker that answered its last job normally: kept for the next one (./idScriptWorker.js loads QuickJS once). */
const idle: Worker[] = [];
const idleTimers = new Map<Worker, NodeJS.Timeout>();
let jobs = 0;
let unowned = 0;

/** Workers kept warm between jobs (the pool's size), and how long an unused one is kept before it ends. */
export const WARM_WORKERS = { keep: SCRIPT_POOL.size, idleMs: 30_000 };

/** Statistics for tests and benchmarks: workers started, alive now and at most at once, runs cancelled. */
export const sandboxStats = { started: 0, live: 0, peakLive: 0, cancelled: 0 };

/** Workers running a job (taken, not yet given back or terminated). */
let busy = 0;

function takeWorker(): Worker {
  busy += 1;
  const warm = idle.pop();
  if (warm) {
    forget(warm);
    warm.ref();
    return warm;
  }
  return newWorker();
}

function newWorker(): Worker {
  sandboxStats.started += 1;
  sandboxStats.live += 1;
  sandboxStats.peakLive = Math.max(sandboxStats.peakLive, sandboxStats.live);
  const worker = new Worker(path.join(__dirname, 'idScriptWorker.js'), { workerData: { limits: SCRIPT_LIMITS } });
  worker.once('exit', () => {
    sandboxStats.live -= 1;
  });
  // While idle nobody else listens: an ended worker leaves the idle ones, an error is its job's (or nobody's).
  worker.on('error', () => undefined);
  worker.on('exit', () => forget(worker));
  return worker;
}

function forget(worker: Worker): void {
  clearTimeout(idleTimers.get(worker));
  idleTimers.delete(worker);
  const i = idle.indexOf(worker);
  if (i >= 0) idle.splice(i, 1);
}

/** A worker whose job ended normally goes back to the idle ones (unreferenced: it keeps no process alive). */
function giveBack(worker: Worker): void {
  if (idle.length >= WARM_WORKERS.keep) {
    void worker.terminate();
    return;
  }
  worker.unref();
  idle.push(worker);
  const timer = setTimeout(() => {
    forget(worker);
    void worker.terminate();
  }, WARM_WORKERS.idleMs);
  timer.unref();
  idleTimers.set(worker, timer);
}

/**
 * Starts workers until `count` (at most WARM_WORKERS.keep) are idle, the busy ones included never more than the
 * pool, so the next jobs find QuickJS loaded or loading: a new worker loads it at once (a noticeable start-up, longer on a busy machine), and
 * a 100,000-row import waited that long for its first batch before reading on. A job given a worker
 * still loading waits for it in the worker (its startMs watchdog). Idle workers end after WARM_WORKERS.idleMs.
 */
export function warmScriptWorkers(count: number = WARM_WORKERS.keep): void {
  while (idle.length < Math.min(count, WARM_WORKERS.keep) && idle.length + busy < SCRIPT_POOL.size) giveBack(newWorker());
}

/** Ends the idle workers (tests; idle workers are unreferenced and keep no process alive). */
export async function endIdleScriptWorkers(): Promise<void> {
  const all = [...idle];
  all.forEach(forget);
  await Promise.all(all.map((worker) => worker.terminate()));
}

interface WorkerMessage {
  job: number;
  ready?: boolean;
  progress?: number;
  results?: ScriptResult[];
  compileError?: string;
  broken?: boolean;
  /** Script time the job used (charged to its budget). */
  usedMs?: number;
}

/**
 * Runs a script on each id in one sandboxed worker of the pool (a warm one when there is one), once a slot
 * is free; one answer per id, in order. A script that does not compile, or a worker stopped for overrunning,
 * gives every remaining id that error; a stopped worker is never used again. Rejects with 429 when the owner's
 * or the pool's queue is full, and with the signal's reason when it aborts (waiting or running).
 */
export async function runIdScript(script: string, ids: readonly string[], options: RunOptions = {}): Promise<ScriptResult[]> {
  if (script.length > SCRIPT_LIMITS.maxScriptLength) {
    return ids.map(() => ({ error: `The script is longer than ${SCRIPT_LIMITS.maxScriptLength} characters` }));
  }
  if (isBlank(script) || !ids.length) return ids.map((id) => ({ result: id }));
  const { budget } = options;
  if (budget && budget.leftMs <= 0) return ids.map(() => ({ error: BUDGET_ERROR() }));
  const signal = options.signal ?? countSignal();
  // Outside a request (scheduled syncs, scripts) each run is its own owner: only the pool's size bounds them.
  const release = await scriptSlots.acquire(options.owner ?? requestOwner() ?? `unowned ${++unowned}`, signal);
  const started = Date.now();
  let usedMs: number | undefined;
  try {
    return await runInWorker(script, ids, budget ? budget.leftMs : Infinity, signal, (ms) => {
      usedMs = ms;
    });
  } finally {
    release();
    if (budget) budget.leftMs -= usedMs ?? Date.now() - started;
  }
}

function runInWorker(
  script: string,
  ids: readonly string[],
  budgetMs: number,
  signal: AbortSignal | undefined,
  used: (ms: number) => void,
): Promise<ScriptResult[]> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const worker = takeWorker();
    const job = ++jobs;
    let done = 0;
    let settled = false;
    /** `healthy`: the worker answered the job itself, and takes the next one. */
    const finish = (answer: ScriptResult[] | Error, healthy = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(watchdog);
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      busy -= 1;
      if (healthy) giveBack(worker);
      else void worker.terminate();
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    };
    // Nobody waits for the answer any more (the request closed, the import was cancelled): the worker ends now.
    const onAbort = () => {
      sandboxStats.cancelled += 1;
      finish(signal!.reason instanceof Error ? signal!.reason : new Error('The script run was cancelled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    // Kept the thread busy without finishing a run: the id being run and the rest fail. Checked against the
    // CPU the process used meanwhile, so a worker the scheduler left waiting on a loaded machine is not stopped.
    const stall = () => {
      const armed = Date.now();
      const cpuAtArm = processCpuMs();
      const limit = SCRIPT_LIMITS.stallMs + SCRIPT_LIMITS.timeMs;
      const check = (): NodeJS.Timeout =>
        setTimeout(
          () => {
            if (processCpuMs() - cpuAtArm < limit && Date.now() - armed < limit + SCRIPT_LIMITS.loadGraceMs) {
              watchdog = check();
              return;
            }
            const error = `The script took longer than ${SCRIPT_LIMITS.timeMs} ms`;
            finish(ids.map(() => ({ error })));
          },
          Math.max(50, limit - (Date.now() - armed)),
        );
      return check();
    };
    let watchdog = setTimeout(() => finish(new Error('The script worker did not start')), SCRIPT_LIMITS.startMs);
    const onMessage = (message: WorkerMessage) => {
      if (message.job !== job) return;
      if (message.compileError !== undefined)
        finish(
          ids.map(() => ({ error: message.compileError! })),
          !message.broken,
        );
      else if (message.results) {
        if (message.usedMs !== undefined) used(message.usedMs);
        finish(message.results, true);
      } else if (message.ready) {
        clearTimeout(watchdog);
        watchdog = stall();
      } else if (message.progress !== undefined && message.progress > done) {
        done = message.progress;
        clearTimeout(watchdog);
        watchdog = stall();
      }
    };
    const onError = (error: Error) => finish(error);
    const onExit = () => finish(new Error('The script worker stopped'));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage({ job, script, ids, budgetMs, budgetError: BUDGET_ERROR() });
  });
}

/** Runs a script once on `id` (the Test box; saving test-runs both scripts on EXAMPLE_ID). */
export async function testIdScript(script: string, id: string = EXAMPLE_ID, options: RunOptions = {}): Promise<ScriptResult> {
  const [answer] = await runIdScript(script, [id], options);
  return answer;
}
