// @ts-check
/**
 * Worker thread of ./searchWorker: runs the SQLite queries of regular-expression searches on read-only
 * connections, so a long search never blocks the server's event loop. Plain JavaScript (a worker does not
 * go through the TypeScript loader). The patterns arrive already checked and folded by the engine
 * (compileLinear); they are checked again against V8's linear engine and run with its fallback, as in
 * ./linearRegex. Each query has its own time budget. Type-checked by the server's tsconfig (@ts-check) through the
 * JSDoc types below; the messages are ./searchWorker's Request and Reply.
 */
const { parentPort, workerData: data } = require('node:worker_threads');
const v8 = require('node:v8');
const SQLite = require('better-sqlite3');

/** @typedef {import('./searchWorker').Request & { id: number }} Message */
/** @typedef {import('./searchWorker').Reply} Reply */
/** @typedef {import('better-sqlite3').Database} Database */

if (!parentPort) throw new Error('sqliteSearchWorker.js runs as a worker thread');
const port = parentPort;
/**
 * From ./searchWorker: the shared ring of cancelled ids and its size, ./regexWiden's unsafe units, ./regexFold's table.
 * @type {{ cancelled?: SharedArrayBuffer, slots?: number, unsafe?: string, foldTable?: ArrayBuffer } | null}
 */
const workerData = data;

v8.setFlagsFromString('--enable-experimental-regexp-engine');
v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
// V8 flags are process-wide: ./linearRegex has set them already (REGEX_BACKTRACK_LIMIT); set again in case.
v8.setFlagsFromString('--regexp-backtracks-before-fallback=10000');

const VALUE_MAX = 1000;
const ASCII = /^[\x00-\x7f]*$/;
/** foldText of @portal/contract: lower case, accents removed. */
const foldText = (/** @type {string} */ text) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
/** ./regexFold's table from the main thread: unit → folded unit (0: none), and the units as strings. */
const FOLD = workerData && workerData.foldTable ? new Uint16Array(workerData.foldTable) : null;
const FOLD_UNITS = FOLD === null ? [] : Array.from(FOLD, (u) => String.fromCharCode(u));
/**
 * foldText, by ./regexFold's table where it can (tableFold there; regexFold.test.ts holds both equal).
 * @param {string} text
 */
function fold(text) {
  if (ASCII.test(text)) return text.toLowerCase();
  if (FOLD === null) return foldText(text);
  const lower = text.toLowerCase();
  let out = '';
  let start = 0;
  for (let i = 0; i < lower.length; i += 1) {
    const u = lower.charCodeAt(i);
    if (u < 0x80) continue;
    if (FOLD[u] === 0) return foldText(text);
    out += lower.slice(start, i) + FOLD_UNITS[u];
    start = i + 1;
  }
  return start === 0 ? lower : out + lower.slice(start);
}

/** @type {Map<string, RegExp>} */
const compiled = new Map();
/** @param {string} pattern */
function compile(pattern) {
  let re = compiled.get(pattern);
  if (!re) {
    new RegExp(pattern, 'l'); // throws unless the linear engine can run it
    re = new RegExp(pattern);
    if (compiled.size >= 200) compiled.delete(/** @type {string} */ (compiled.keys().next().value));
    compiled.set(pattern, re);
  }
  return re;
}

/**
 * Widened patterns (null: the linear engine cannot run one, so it is not used).
 * @type {Map<string, RegExp | null>}
 */
const widened = new Map();
/**
 * @param {string} pattern
 * @returns {RegExp | null}
 */
function compileWide(pattern) {
  const known = widened.get(pattern);
  if (known !== undefined) return known;
  /** @type {RegExp | null} */
  let re;
  try {
    new RegExp(pattern, 'l');
    re = new RegExp(pattern);
  } catch {
    re = null;
  }
  if (widened.size >= 200) widened.delete(/** @type {string} */ (widened.keys().next().value));
  widened.set(pattern, re);
  return re;
}

/** Units whose character does not fold to exactly one unit (./regexWiden unsafeSourceJs), from the main thread. */
const unsafe = workerData && typeof workerData.unsafe === 'string' ? new RegExp(workerData.unsafe) : null;

/** regexp() checks cancellation and its time budget after this many characters tested (plus 16 a row). */
const CHECK_UNITS = 16_384;
let units = 0;
// The patterns of regexp()'s previous call, compiled.
/** @type {string | null} */
let lastPattern = null;
/** @type {RegExp | null} */
let lastRe = null;
/** @type {string | null} */
let lastWide = null;
/** @type {RegExp | null} */
let lastWideRe = null;

class Timeout extends Error {}
class Cancelled extends Error {}
let deadline = Infinity;

/** Ids of cancelled queries (./searchWorker: slot id % slots holds the id), shared with the main thread. */
const cancelled = workerData && workerData.cancelled ? new Int32Array(workerData.cancelled) : null;
const slots = (workerData && workerData.slots) || 1;
let current = -1;
const isCancelled = () => cancelled !== null && Atomics.load(cancelled, current % slots) === current;
function check() {
  if (isCancelled()) throw new Cancelled('Cancelled');
}

/**
 * A read-only connection on `file` with the list functions (one per file for queries, one per stream).
 * @param {string} file
 * @returns {Database}
 */
function open(file) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.function('portal_fold', { deterministic: true }, (value) => {
    check();
    return value === null || value === undefined ? null : fold(String(value));
  });
  // Called once per row by counts (the engine adds it), so a cancelled count stops even where no value needs folding.
  db.function('portal_alive', () => {
    check();
    return 1;
  });
  // regexp(pattern, value[, budget, wide]): wide is ./regexWiden's pattern, tried first on non-ASCII values.
  // Called once per row of a whole-list scan: the cancellation and time checks run once per CHECK_UNITS
  // characters tested (a million titles: ~3,500 checks instead of a million), the compiled patterns of the
  // previous call are kept (no map lookup), the lower case is made once.
  db.function('regexp', { varargs: true }, (pattern, value, _budget, wide) => {
    units += typeof value === 'string' ? value.length + 16 : 16;
    if (units > CHECK_UNITS) {
      units = 0;
      check();
      if (performance.now() > deadline) throw new Timeout('Regular expression search took too long');
    }
    if (value === null || value === undefined || typeof pattern !== 'string') return 0;
    if (pattern !== lastPattern) {
      lastRe = compile(pattern);
      lastPattern = pattern;
    }
    const re = /** @type {RegExp} */ (lastRe);
    const stored = typeof value === 'string' ? value : String(value);
    const text = stored.length > VALUE_MAX ? stored.slice(0, VALUE_MAX) : stored;
    const lower = text.toLowerCase();
    if (ASCII.test(text)) return re.test(lower) ? 1 : 0;
    // Refused by the widened pattern and no character folding to other than one: cannot match.
    if (typeof wide === 'string' && unsafe !== null) {
      if (wide !== lastWide) {
        lastWideRe = compileWide(wide);
        lastWide = wide;
      }
      if (lastWideRe !== null && !lastWideRe.test(lower) && !unsafe.test(text)) return 0;
    }
    return re.test(fold(text)) ? 1 : 0;
  });
  return db;
}

/** @type {Map<string, Database>} */
const connections = new Map();
/** @param {string} file */
function connection(file) {
  let db = connections.get(file);
  if (!db) {
    db = open(file);
    connections.set(file, db);
  }
  return db;
}

/**
 * Open streams (exports): their own connection (an iterating statement keeps its connection busy).
 * @type {Map<number, { db: Database, iterator: IterableIterator<unknown> }>}
 */
const streams = new Map();

/**
 * @param {Message} message
 * @returns {Omit<Reply, 'id'>}
 */
function run(message) {
  if (message.op === 'query') {
    const statement = connection(message.file).prepare(message.sql);
    return { rows: statement.reader ? statement.all(...message.parameters) : [] };
  }
  if (message.op === 'ids') {
    // The ids the query selects (its first column), in any order: their number, and the `keep` smallest in
    // ascending order (./regexPage: a scan of the whole list).
    const ids = /** @type {number[]} */ (
      connection(message.file)
        .prepare(message.sql)
        .pluck()
        .all(...message.parameters)
    );
    const found = Float64Array.from(ids).sort();
    return { rows: Array.from(found.subarray(0, message.keep)), total: found.length };
  }
  if (message.op === 'open') {
    const db = open(message.file);
    try {
      streams.set(message.streamId, { db, iterator: db.prepare(message.sql).iterate(...message.parameters) });
    } catch (e) {
      db.close();
      throw e;
    }
    return { rows: [] };
  }
  const stream = streams.get(message.streamId);
  if (message.op === 'close' || !stream) {
    if (stream) {
      stream.iterator.return?.();
      stream.db.close();
      streams.delete(message.streamId);
    }
    return { rows: [], done: true };
  }
  const rows = [];
  while (rows.length < message.size) {
    const next = stream.iterator.next();
    if (next.done) return { rows, done: true };
    rows.push(next.value);
  }
  return { rows, done: false };
}

port.on('message', (/** @type {Message} */ message) => {
  deadline = performance.now() + ('budgetMs' in message ? message.budgetMs : Infinity);
  units = CHECK_UNITS; // the first row checks at once
  current = message.id;
  try {
    if (message.op !== 'close') check();
    port.postMessage({ id: message.id, ...run(message) });
  } catch (e) {
    port.postMessage({ id: message.id, error: e instanceof Error ? e.message : String(e), timeout: e instanceof Timeout, cancelled: e instanceof Cancelled });
  } finally {
    deadline = Infinity;
    current = -1;
  }
});
