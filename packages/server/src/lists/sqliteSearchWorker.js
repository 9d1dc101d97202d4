/**
 * Worker thread of ./searchWorker: runs the SQLite queries of regular-expression searches on read-only
 * connections, so a long search never blocks the server's event loop. Plain JavaScript (a worker does not
 * go through the TypeScript loader). The patterns arrive already checked and folded by the engine
 * (compileLinear); they are checked again against V8's linear engine and run with its fallback, as in
 * ./linearRegex. Each query has its own time budget.
 */
const { parentPort } = require('node:worker_threads');
const v8 = require('node:v8');
const SQLite = require('better-sqlite3');

v8.setFlagsFromString('--enable-experimental-regexp-engine');
v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
// V8 flags are process-wide: ./linearRegex has set them already (REGEX_BACKTRACK_LIMIT); set again in case.
v8.setFlagsFromString('--regexp-backtracks-before-fallback=10000');

const VALUE_MAX = 1000;
const ASCII = /^[\x00-\x7f]*$/;
/** foldText of @portal/contract: lower case, accents removed. */
const fold = (text) => (ASCII.test(text) ? text.toLowerCase() : text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase());

const compiled = new Map();
function compile(pattern) {
  let re = compiled.get(pattern);
  if (!re) {
    new RegExp(pattern, 'l'); // throws unless the linear engine can run it
    re = new RegExp(pattern);
    if (compiled.size >= 200) compiled.delete(compiled.keys().next().value);
    compiled.set(pattern, re);
  }
  return re;
}

class Timeout extends Error {}
let deadline = Infinity;

const connections = new Map();
function connection(file) {
  let db = connections.get(file);
  if (!db) {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    db.function('portal_fold', { deterministic: true }, (value) => (value === null || value === undefined ? null : fold(String(value))));
    db.function('regexp', { varargs: true }, (pattern, value) => {
      if (performance.now() > deadline) throw new Timeout('Regular expression search took too long');
      if (value === null || value === undefined || typeof pattern !== 'string') return 0;
      return compile(pattern).test(fold(String(value).slice(0, VALUE_MAX))) ? 1 : 0;
    });
    connections.set(file, db);
  }
  return db;
}

parentPort.on('message', ({ id, file, sql, parameters, budgetMs }) => {
  deadline = performance.now() + budgetMs;
  try {
    const statement = connection(file).prepare(sql);
    const rows = statement.reader ? statement.all(...parameters) : [];
    parentPort.postMessage({ id, rows });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e), timeout: e instanceof Timeout });
  } finally {
    deadline = Infinity;
  }
});
