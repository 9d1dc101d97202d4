// @ts-check
/**
 * Worker thread of ./idScript: runs ID modification scripts on lists of ids inside QuickJS (WebAssembly), with
 * the time limit per run (interrupt handler) and the heap limit given by the parent. It loads the interpreter's
 * module once and then takes one job at a time (`{ job, script, ids }` messages), so a large import's batches
 * do not each pay a new thread and a new WebAssembly module; every job gets a fresh interpreter (runtime and
 * context), so nothing one script leaves behind is seen by the next. Plain JavaScript (a worker does not go
 * through the TypeScript loader). The parent terminates this thread when it overruns its wall-time budget
 * (e.g. a native call that never reaches an interrupt check), so nothing a script does can hold the server's
 * event loop; a terminated worker is never used again. Type-checked (@ts-check, the server's tsconfig) through
 * the JSDoc types below.
 */
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const { newQuickJSWASMModuleFromVariant, RELEASE_SYNC } = require('quickjs-emscripten');
const { createRunClock, processCpuMs } = require('./runClock.js');
const { capMessage } = require('./capMessage.js');

/** @typedef {import('quickjs-emscripten').QuickJSWASMModule} QuickJSWASMModule */
/** @typedef {import('quickjs-emscripten').QuickJSRuntime} QuickJSRuntime */
/** @typedef {import('quickjs-emscripten').QuickJSContext} QuickJSContext */
/** @typedef {import('quickjs-emscripten').QuickJSHandle} QuickJSHandle */
/** @typedef {typeof import('./idScript').SCRIPT_LIMITS} Limits */
/** @typedef {{ job: number, script: string, ids: string[], budgetMs?: number, budgetError?: string }} Job */
/** @typedef {{ result: string } | { error: string }} RunResult */

if (!parentPort) throw new Error('idScriptWorker.js runs as a worker thread');
const port = parentPort;
const { limits } = /** @type {{ limits: Limits }} */ (workerData);

// The release build, its module loaded with require (the package's own loader uses import()).
const fromQuickJs = createRequire(require.resolve('quickjs-emscripten'));
const VARIANT = {
  ...RELEASE_SYNC,
  importModuleLoader: async () => {
    const loaded = fromQuickJs('@jitl/quickjs-wasmfile-release-sync/emscripten-module');
    return loaded.default ?? loaded;
  },
};

// Progress keeps the parent's stall watchdog quiet: told at most every PROGRESS_MS (a message per id costs
// more than the run of a short script), always after a run that took long.
const PROGRESS_MS = 100;

/**
 * The script's error as text, cut to the shared message cap: a 2 MB message never leaves this thread.
 * @param {QuickJSContext} vm
 * @param {QuickJSHandle} handle
 */
function errorText(vm, handle) {
  const dumped = vm.dump(handle);
  handle.dispose();
  if (dumped && typeof dumped === 'object' && typeof dumped.message === 'string') {
    const name = typeof dumped.name === 'string' && dumped.name !== 'Error' ? `${capMessage(dumped.name)}: ` : '';
    return capMessage(`${name}${capMessage(dumped.message)}`);
  }
  return capMessage(dumped);
}

/**
 * Runs one job: `script` on each of `ids`, answered to the parent tagged with `job`, with the script time used
 * (`usedMs`: the wall time, or the process's CPU time when lower). Once that reaches `budgetMs` (what is left of
 * an import's budget) the remaining ids get `budgetError` without running.
 * @param {QuickJSWASMModule} quickjs
 * @param {Job} job
 */
function runJob(quickjs, { job, script, ids, budgetMs = Infinity, budgetError = '' }) {
  const tooLong = `The script took longer than ${limits.timeMs} ms`;
  /** @type {QuickJSRuntime | null} */
  let runtime = null;
  /** @type {QuickJSContext | null} */
  let vm = null;
  /** @type {QuickJSHandle | null} */
  let fn = null;
  const clock = createRunClock(limits);
  const close = () => {
    if (fn) fn.dispose();
    if (vm) vm.dispose();
    if (runtime) runtime.dispose();
    fn = null;
    vm = null;
    runtime = null;
  };
  /**
   * The interpreter and the compiled script: a fresh one after a run that ran out of time or memory, which may
   * leave it unusable.
   * @returns {{ vm: QuickJSContext, fn: QuickJSHandle }}
   */
  const open = () => {
    if (vm && fn) return { vm, fn };
    const fresh = quickjs.newRuntime();
    runtime = fresh;
    fresh.setMemoryLimit(limits.memoryBytes);
    fresh.setMaxStackSize(limits.stackBytes);
    // One handler per interpreter, reading the current run's clock (started before the compile and each run).
    clock.start();
    fresh.setInterruptHandler(clock.overrun);
    const context = fresh.newContext();
    vm = context;
    const compiled = context.evalCode(`"use strict";\n(function (id) {\n${script}\n})`, 'idModification.js');
    if (compiled.error) {
      const message = errorText(context, compiled.error);
      close();
      throw new Error(message === 'InternalError: interrupted' ? tooLong : message);
    }
    fn = compiled.value;
    return { vm: context, fn: compiled.value };
  };
  /**
   * @param {string} id
   * @returns {RunResult}
   */
  const run = (id) => {
    const { vm, fn } = open();
    clock.start();
    const arg = vm.newString(id);
    const result = vm.callFunction(fn, vm.undefined, arg);
    arg.dispose();
    if (result.error) {
      const message = errorText(vm, result.error);
      close();
      return { error: message === 'InternalError: interrupted' ? tooLong : message };
    }
    const value = vm.dump(result.value);
    result.value.dispose();
    if (typeof value === 'number' && Number.isFinite(value)) return { result: String(value) };
    if (typeof value !== 'string') return { error: 'The script must return the new id as text' };
    if (value.length > limits.maxResultLength) return { error: `The new id is longer than ${limits.maxResultLength} characters` };
    return { result: value };
  };
  try {
    open(); // a syntax error fails every id at once
  } catch (error) {
    port.postMessage({ job, compileError: error instanceof Error ? error.message : String(error) });
    return;
  }
  // Compiled: from here the parent's stall watchdog runs.
  port.postMessage({ job, ready: true });
  const results = [];
  const wallAtStart = Date.now();
  const cpuAtStart = processCpuMs();
  const usedMs = (/** @type {number} */ now) => Math.min(now - wallAtStart, processCpuMs() - cpuAtStart);
  let told = wallAtStart;
  for (const id of ids) {
    results.push(run(id));
    const now = Date.now();
    // The CPU is read only once the wall time alone reaches the budget (it is never lower).
    if (now - wallAtStart >= budgetMs && usedMs(now) >= budgetMs) {
      while (results.length < ids.length) results.push({ error: budgetError });
      break;
    }
    if (now - told >= PROGRESS_MS) {
      told = now;
      port.postMessage({ job, progress: results.length });
    }
  }
  close();
  port.postMessage({ job, results, usedMs: usedMs(Date.now()) });
}

// Jobs that arrive while the module loads wait for it, in order.
const loading = newQuickJSWASMModuleFromVariant(VARIANT);
let queue = Promise.resolve();
port.on('message', (/** @type {Job} */ message) => {
  queue = queue.then(async () => {
    try {
      runJob(await loading, message);
    } catch (error) {
      // The interpreter itself failed (its module did not load): this worker is not used again.
      port.postMessage({ job: message.job, compileError: capMessage(error instanceof Error && error.message ? error.message : error), broken: true });
    }
  });
});
