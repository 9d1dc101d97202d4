/**
 * Worker thread of ./importCheckpoint.ts: checkpoints a SQLite file's WAL on its own connection (PASSIVE: it
 * never blocks the main connection's writers or readers), again every RETRY_MS while readers of older
 * snapshots keep part of it from being copied, until it is all copied or workerData.deadlineMs is over.
 * Plain JavaScript (a worker does not go through the TypeScript loader).
 *
 * workerData: { file, deadlineMs }. Posts { log, checkpointed, rounds } (frames in the WAL, frames copied) or { error }.
 */
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require('better-sqlite3');

const RETRY_MS = 100;

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

async function main() {
  const db = new SQLite(workerData.file, { fileMustExist: true });
  try {
    // No wait for locks: a PASSIVE checkpoint that finds the checkpoint lock taken is tried again later.
    db.pragma('busy_timeout = 0');
    const until = Date.now() + workerData.deadlineMs;
    let rounds = 0;
    for (;;) {
      rounds += 1;
      let row = null;
      try {
        row = db.pragma('wal_checkpoint(PASSIVE)')[0];
      } catch (e) {
        if (!/busy|locked/i.test(String(e && e.message))) throw e;
      }
      const done = row && row.busy === 0 && row.checkpointed === row.log;
      if (done || Date.now() >= until) {
        parentPort.postMessage({ log: row ? row.log : -1, checkpointed: row ? row.checkpointed : -1, rounds });
        return;
      }
      await sleep(RETRY_MS);
    }
  } finally {
    db.close();
  }
}

main().catch((e) => parentPort.postMessage({ error: String(e && e.message) }));
