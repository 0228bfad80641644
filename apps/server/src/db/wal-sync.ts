import fs from 'node:fs';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Flushes a file to disk (fs.fsync on the threadpool unless a test gives its own). */
export type FsyncFile = (fd: number) => Promise<void>;

/**
 * This connection's commits, counted, and when they are on disk (WalSync):
 * what the server's replies and the notification bus wait for.
 */
export interface CommitsOnDisk {
  /** How many commits have been made so far: a moment a wait can name. */
  made(): number;
  /**
   * Settles once the first `upTo` commits (every one made so far when absent)
   * are on disk; undefined when they already are.
   */
  onDisk(upTo?: number): Promise<void> | undefined;
}

const fsyncOnThreadpool: FsyncFile = (fd) =>
  new Promise((resolve, reject) => fs.fsync(fd, (error) => (error ? reject(error) : resolve())));

/**
 * SQLite's log synced off the event loop (docs/decisions.md, "SQLite's
 * commits"). The connection commits at `synchronous = NORMAL`, which writes a
 * commit into the log without waiting for the disk; this fsyncs the log on
 * the threadpool after each commit, and `onDisk(upTo)` tells when the commits
 * a reply could show have been synced. The server holds every reply until
 * then, so nothing it answers — a write's acknowledgement or a read that shows
 * it — is lost in a power cut: what `synchronous = FULL` gave, without holding
 * the event loop for the disk (better-sqlite3 runs the commit's own fsync on
 * the calling thread). One fsync at a time; the commits noted while it runs
 * share the next one.
 */
export class WalSync implements CommitsOnDisk {
  readonly #walPath: string;
  readonly #fsync: FsyncFile;
  #fd: number | undefined;
  /** Commits noted, and how many of them an fsync has covered. */
  #noted = 0;
  #synced = 0;
  #syncing = false;
  readonly #waiting: { upTo: number; resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor(walPath: string, fsync: FsyncFile = fsyncOnThreadpool) {
    this.#walPath = walPath;
    this.#fsync = fsync;
  }

  /** A commit was written to the log: an fsync follows (at once, or after the running one). */
  noteCommit(): void {
    this.#noted += 1;
    this.#start();
  }

  made(): number {
    return this.#noted;
  }

  /**
   * Settles once the first `upTo` commits noted (all of them when absent) are
   * on disk, or fails if the fsync that was to cover them failed. Undefined
   * when they already are: most replies then go out without a wait. After a
   * failed fsync nothing runs until the next commit or this wait starts one.
   */
  onDisk(upTo: number = this.#noted): Promise<void> | undefined {
    const through = Math.min(upTo, this.#noted);
    if (this.#synced >= through) return undefined;
    const promise = new Promise<void>((resolve, reject) =>
      this.#waiting.push({ upTo: through, resolve, reject }),
    );
    this.#start();
    return promise;
  }

  /** Closes the log's descriptor (the connection is closing). */
  close(): void {
    const fd = this.#fd;
    this.#fd = undefined;
    if (fd === undefined) return;
    try {
      fs.closeSync(fd);
    } catch {
      // Already unusable: nothing to release.
    }
  }

  #start(): void {
    if (!this.#syncing) void this.#syncAll();
  }

  async #syncAll(): Promise<void> {
    this.#syncing = true;
    try {
      while (this.#synced < this.#noted) {
        const upTo = this.#noted;
        try {
          // Opened at the first commit, when the log surely exists. SQLite removes it only when
          // the last connection to the file closes, and this process's stays open, so the
          // descriptor names the log for as long as the connection lives.
          this.#fd ??= fs.openSync(this.#walPath, 'r');
          await this.#fsync(this.#fd);
        } catch (error) {
          // Not known to be on disk: every reply waiting fails (as a 500), and the next commit or
          // wait tries again, on the log opened afresh.
          this.close();
          this.#settle(Number.POSITIVE_INFINITY, error as Error);
          return;
        }
        this.#synced = upTo;
        this.#settle(upTo);
      }
    } finally {
      this.#syncing = false;
    }
  }

  #settle(upTo: number, error?: Error): void {
    let kept = 0;
    for (const waiter of this.#waiting) {
      if (waiter.upTo > upTo) this.#waiting[kept++] = waiter;
      else if (error) waiter.reject(error);
      else waiter.resolve();
    }
    this.#waiting.length = kept;
  }
}

/**
 * The connection as Kysely's SQLite driver sees it, telling `sync` after each
 * statement that committed: one that ended a transaction (`commit`) or wrote
 * outside one. Reads, `begin` and the statements inside a transaction pass
 * through as they are. Closing the connection closes `sync`'s descriptor.
 */
export function noteCommits(
  database: SqliteDatabase,
  inTransaction: () => boolean,
  sync: WalSync,
): SqliteDatabase {
  const wrapped = new WeakMap<SqliteStatement, SqliteStatement>();
  const afterRun = () => {
    if (!inTransaction()) sync.noteCommit();
  };
  return {
    close: () => {
      database.close();
      sync.close();
    },
    prepare(sql: string) {
      const statement = database.prepare(sql);
      // SQLite counts `begin`, `commit` and `rollback` as read-only statements.
      if ((statement as { readonly?: boolean }).readonly !== false && sql !== 'commit')
        return statement;
      let committing = wrapped.get(statement);
      if (committing === undefined) {
        committing = {
          reader: statement.reader,
          all(parameters) {
            const rows = statement.all(parameters);
            afterRun();
            return rows;
          },
          run(parameters) {
            const result = statement.run(parameters);
            afterRun();
            return result;
          },
          iterate: (parameters) => statement.iterate(parameters),
        };
        wrapped.set(statement, committing);
      }
      return committing;
    },
  };
}
