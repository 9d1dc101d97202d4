// @ts-check
/**
 * Worker thread of ./sqliteLines: reads the rows of one csv/txt export on its own read-only connection while
 * the main thread writes the previous batch (reading and writing a million rows on one thread took
 * twice the database's own csv writer). Each row is one text from SQLite (`id␟field␀field…`); a batch goes
 * over as the array of those texts (structured clone copies each string once; joining them here and cutting
 * them there again cost ~0.5 s of this thread per million rows, and it was the slower one). A row whose text
 * does not hold exactly one field per column (a value held the field separator) is read again by id as an
 * array, on this connection and snapshot, and sent along in `odd`. Plain JavaScript (a worker does not go through the TypeScript loader).
 *
 * Messages in: 'more' (send the next batch), 'close'. Out: { texts, odd, done } or { error }.
 * Type-checked by the server's tsconfig (@ts-check) through the JSDoc types below.
 */
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require('better-sqlite3');

/**
 * @typedef {object} LineWorkerData
 * @property {string} file the SQLite file
 * @property {string} sql the export's query: one text per row
 * @property {unknown[]} parameters its parameters
 * @property {string} byIdSql one row by id, as an array of fields
 * @property {number} count fields per row
 * @property {number} size rows per batch
 * @property {string} idEnd the character after a row's id
 * @property {string} fieldEnd the character between fields
 */

if (!parentPort) throw new Error('lineWorker.js runs as a worker thread');
const port = parentPort;
const { file, sql, parameters, byIdSql, count, size, idEnd, fieldEnd } = /** @type {LineWorkerData} */ (workerData);

/** @type {import('better-sqlite3').Database | null} */
let db = null;
/** @type {IterableIterator<string> | null} */
let iterator = null;
/** @type {import('better-sqlite3').Statement<unknown[]> | null} */
let again = null;
let finished = false;

function close() {
  finished = true;
  try {
    iterator?.return?.();
    db?.close();
  } catch {
    // closing is best effort: the thread ends next
  }
  iterator = null;
  db = null;
}

/** @param {string} text */
function fields(text) {
  let n = 1;
  for (let i = text.indexOf(fieldEnd); i !== -1; i = text.indexOf(fieldEnd, i + 1)) n += 1;
  return n;
}

function batch() {
  if (!iterator) {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    iterator = /** @type {IterableIterator<string>} */ (
      db
        .prepare(sql)
        .pluck(true)
        .iterate(...parameters)
    );
    again = db.prepare(byIdSql).raw(true);
  }
  const reader = iterator;
  const byId = /** @type {import('better-sqlite3').Statement<unknown[]>} */ (again);
  /** @type {string[]} */
  const texts = [];
  /** @type {[number, unknown][]} */
  const odd = [];
  let done = false;
  while (texts.length < size) {
    const next = reader.next();
    if (next.done) {
      done = true;
      break;
    }
    const text = next.value;
    if (fields(text) !== count) odd.push([texts.length, byId.get(Number(text.slice(0, text.indexOf(idEnd))))]);
    texts.push(text);
  }
  port.postMessage({ texts, odd, done });
  if (done) close();
}

port.on('message', (/** @type {'more' | 'close'} */ message) => {
  if (message === 'close') {
    close();
    port.close();
    return;
  }
  if (finished) return;
  try {
    batch();
  } catch (e) {
    close();
    port.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
});
