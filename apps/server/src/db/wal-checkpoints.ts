import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** SQLite's own threshold for its automatic checkpoint, in pages of the log. */
const AUTOMATIC_CHECKPOINT_PAGES = 1000;

/** What one checkpoint did: the log's pages, those copied into the database file, and its time. */
export interface Checkpoint {
  busy: number;
  log: number;
  checkpointed: number;
  ms: number;
}

export interface WalCheckpointOptions {
  /** The database file (better-sqlite3's `name` of the connection by default). */
  file?: string;
  /** How often the thread checkpoints (default one second). */
  intervalMs?: number;
  /** The connection's `synchronous` setting, which the checkpoint's own syncs follow. */
  synchronous: 'FULL' | 'NORMAL';
  /** Each checkpoint that copied pages. */
  onCheckpoint?: (checkpoint: Checkpoint) => void;
  /** A round that failed (the next tries again), or the thread lost (the connection checkpoints again). */
  onError: (error: Error) => void;
}

export interface WalCheckpoints {
  /** Stops the thread; the serving connection, closed last, then checkpoints as it closes. */
  close(): Promise<void>;
}

/**
 * Moves the checkpoints of a SQLite database in WAL mode off the event loop
 * (docs/decisions.md, "SQLite's commits"). SQLite runs its automatic
 * checkpoint inside the commit that makes the log reach 1,000 pages: on the
 * serving thread, which then copies those pages into the database file and
 * syncs it before any other request runs — single commits of 70–385 ms in
 * `bench:term` (bench/README.md). Here the serving connection's
 * automatic checkpoint is turned off and a worker thread with a connection of
 * its own runs a PASSIVE checkpoint every second, which neither waits for nor
 * blocks readers and writers. Durability is unchanged: each commit still syncs
 * the log at `synchronous = FULL` before it is acknowledged; the checkpoint
 * only moves committed pages. Should the thread fail, the connection's
 * automatic checkpoint is turned back on, so the log never grows unbounded.
 */
export function checkpointOffTheLoop(
  sqlite: SQLite.Database,
  options: WalCheckpointOptions,
): WalCheckpoints {
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(new URL('./wal-checkpoint-worker.cjs', import.meta.url), {
    workerData: {
      file: options.file ?? sqlite.name,
      intervalMs: options.intervalMs ?? 1000,
      synchronous: options.synchronous,
    },
  });
  // The thread never holds the process open: a process that ends stops it.
  worker.unref();
  let closing = false;
  let lost = false;
  const fallBack = (error: Error) => {
    if (closing || lost) return;
    lost = true;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOMATIC_CHECKPOINT_PAGES}`);
    options.onError(error);
  };
  worker.on('message', (message: Checkpoint | { failed: string }) => {
    if ('failed' in message) options.onError(new Error(`WAL checkpoint failed: ${message.failed}`));
    else options.onCheckpoint?.(message);
  });
  worker.on('error', fallBack);
  worker.on('exit', (code) => fallBack(new Error(`the WAL checkpoint thread exited (${code})`)));
  return {
    async close() {
      if (closing || lost) return;
      closing = true;
      // Held open until the thread has closed its connection, even by a process with nothing else to do.
      worker.ref();
      const exited = once(worker, 'exit');
      worker.postMessage('close');
      await exited;
    },
  };
}
