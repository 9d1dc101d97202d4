// @ts-check
/**
 * Worker thread of ./importCheckpoint.ts: checkpoints a SQLite file's WAL on its own connection (PASSIVE: it
 * never blocks the main connection's writers or readers), again every RETRY_MS while readers of older
 * snapshots keep part of it from being copied, until it is all copied or workerData.deadlineMs is over.
 * Plain JavaScript (a worker does not go through the TypeScript loader), type-checked by the server's tsconfig
 * (@ts-check) through the JSDoc types below.
 *
 * workerData: { file, deadlineMs }. Posts { log, checkpointed, rounds } (frames in the WAL, frames copied) or { error }.
 */
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require('better-sqlite3');

if (!parentPort) throw new Error('importCheckpointWorker.js runs as a worker thread');
const port = parentPort;
const { file, deadlineMs } = /** @type {{ file: string, deadlineMs: number }} */ (workerData);

const RETRY_MS = 100;

/** @param {number} ms */
const sleep = (ms) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/** @typedef {{ busy: number, log: number, checkpointed: number }} CheckpointRow */

async function main() {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    // No wait for locks: a PASSIVE checkpoint that finds the checkpoint lock taken is tried again later.
    db.pragma('busy_timeout = 0');
    const until = Date.now() + deadlineMs;
    let rounds = 0;
    for (;;) {
      rounds += 1;
      /** @type {CheckpointRow | null} */
      let row = null;
      try {
        row = /** @type {CheckpointRow[]} */ (db.pragma('wal_checkpoint(PASSIVE)'))[0];
      } catch (e) {
        if (!/busy|locked/i.test(String(e instanceof Error && e.message))) throw e;
      }
      const done = row && row.busy === 0 && row.checkpointed === row.log;
      if (done || Date.now() >= until) {
        port.postMessage({ log: row ? row.log : -1, checkpointed: row ? row.checkpointed : -1, rounds });
        return;
      }
      await sleep(RETRY_MS);
    }
  } finally {
    db.close();
  }
}

main().catch((e) => port.postMessage({ error: e instanceof Error ? e.message : String(e) }));
