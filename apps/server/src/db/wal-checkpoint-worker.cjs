'use strict';
// The thread that checkpoints a SQLite database's write-ahead log (started by
// db/wal-checkpoints.ts; CommonJS so that it runs as it is, wherever the
// server's TypeScript is loaded from). Every `intervalMs` it copies the
// committed pages from the log into the database file with a PASSIVE
// checkpoint, which never waits for a reader or a writer and never makes them
// wait: the copy and the database file's fsync happen here, not on the
// serving thread. It posts what each checkpoint that copied pages did.
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require('better-sqlite3');

const { file, intervalMs, synchronous } = workerData;
const db = new SQLite(file, { fileMustExist: true });
// A checkpoint syncs the log before and the database file after copying only at NORMAL or FULL.
db.pragma(`synchronous = ${synchronous}`);

function checkpoint() {
  const started = performance.now();
  try {
    const [{ busy, log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    if (checkpointed > 0)
      parentPort.postMessage({ busy, log, checkpointed, ms: performance.now() - started });
  } catch (error) {
    // SQLITE_BUSY and the like: the next round tries again.
    parentPort.postMessage({ failed: String(error && error.message) });
  }
}

const timer = setInterval(checkpoint, intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
