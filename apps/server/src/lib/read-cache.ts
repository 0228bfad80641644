import { compactVersionLog, readVersions } from '../db/cache-versions.ts';
import type { Db } from '../db/database.ts';
import { collectQueryWords } from '../db/query-tables.ts';

interface Entry {
  value: unknown;
  /** The tables its load read (from the SQL it ran). */
  tables: readonly string[];
  /** Those tables' versions when its load began: valid while they are the versions now. */
  stamp: string;
  bytes: number;
}

interface Flight {
  promise: Promise<unknown>;
  /** Every table's versions when the load began: another request may share it only under the same. */
  stamp: string;
}

export interface ReadCacheOptions {
  /** Budget of cached values, by their estimated size; 0 turns the cache off. */
  maxBytes: number;
  /** The database whose `cache_versions` (db/cache-versions.ts) say what is still fresh. */
  db: Db;
}

/** A rough size of a cached value: bytes (anything with a byteLength) and strings by their length, else a flat guess. */
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return 64 + value.length * 2;
  const bytes = (value as { byteLength?: unknown } | null)?.byteLength;
  return typeof bytes === 'number' ? 64 + bytes : 1024;
}

/**
 * PostgreSQL's version log (db/cache-versions.ts) is folded into its counters
 * once it holds this many lines: reading it costs a little per line.
 */
const COMPACT_FROM_LINES = 200;

function stampOf(tables: Iterable<string>, versions: ReadonlyMap<string, number>): string {
  let stamp = '';
  for (const table of tables) stamp += `${versions.get(table) ?? -1}.`;
  return stamp;
}

/**
 * Hot reads (the catalog, a teacher's courses, a student's courses, the
 * submissions view, the gradebook, a lesson and a course's outline as each
 * user sees them) kept in memory, each under the versions of the tables
 * its SQL read. Every use first reads the versions from the database —
 * which triggers raise at every commit, whichever process made it — so a
 * request that starts after any write was answered sees it; what the cache
 * saves is the read itself, the JSON and its compression
 * (docs/decisions.md, "Caches across processes"). Bounded by size, least
 * recently used dropped first.
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  readonly #flights = new Map<string, Flight>();
  readonly #maxBytes: number;
  readonly #db: Db;
  #bytes = 0;
  #compacting: Promise<void> | undefined;
  /** The next versions read, shared by the requests that arrive before it starts. */
  #nextRead: { started: boolean; promise: Promise<Map<string, number>> } | undefined;
  readonly enabled: boolean;
  /** Uses answered from memory and uses that loaded: the hit ratio a benchmark reports. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(options: ReadCacheOptions) {
    this.#maxBytes = options.maxBytes;
    this.#db = options.db;
    this.enabled = options.maxBytes > 0;
  }

  /**
   * Every table's version as of a moment after this call: requests that
   * arrive while a read is waiting to start share it (it starts after all of
   * them, so it is as new as each needs); one that arrives after it started
   * waits for the next.
   */
  versions(): Promise<Map<string, number>> {
    const waiting = this.#nextRead;
    if (waiting !== undefined && !waiting.started) return waiting.promise;
    const next = {
      started: false,
      promise: new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        next.started = true;
        if (this.#nextRead === next) this.#nextRead = undefined;
        return readVersions(this.#db).then(({ versions, logLines }) => {
          if (logLines > COMPACT_FROM_LINES) this.#compact();
          return versions;
        });
      }),
    };
    this.#nextRead = next;
    return next.promise;
  }

  /**
   * The value of `key`, loaded by `load` unless a fresh one is kept.
   * `keep`: whether a loaded value is worth keeping (not a miss that any
   * made-up key could fill the cache with).
   */
  async get<T>(
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    if (!this.enabled) return load();
    const versions = await this.versions();
    const kept = this.#fresh<T>(key, versions);
    if (kept !== undefined) return kept;
    const stamp = stampOf([...versions.keys()].sort(), versions);
    const flight = this.#flights.get(key);
    if (flight !== undefined && flight.stamp === stamp) return flight.promise as Promise<T>;
    this.stats.misses += 1;
    const promise = collectQueryWords(load);
    const value = promise.then((result) => result.value);
    // A failure reaches this caller through `promise`, and sharers through their own await.
    value.catch(() => {});
    const mine: Flight = { promise: value, stamp };
    this.#flights.set(key, mine);
    try {
      const { value: loaded, words } = await promise;
      // Stored under the versions read before the load: a commit during it makes the entry
      // look stale at the next use (a needless reload), never fresh when it is not.
      const tables = [...words].filter((word) => versions.has(word)).sort();
      if (keep(loaded)) this.#store(key, loaded, tables, stampOf(tables, versions));
      return loaded;
    } finally {
      if (this.#flights.get(key) === mine) this.#flights.delete(key);
    }
  }

  /** The kept value of `key` if it is still fresh, without loading anything. */
  async peek<T>(key: string): Promise<T | undefined> {
    if (!this.enabled || !this.#entries.has(key)) return undefined;
    return this.#fresh<T>(key, await this.versions());
  }

  /** Folds PostgreSQL's version log into its counters, once at a time, beside the reads. */
  #compact(): void {
    if (this.#compacting) return;
    this.#compacting = compactVersionLog(this.#db)
      .catch(() => {}) // the next read that sees a long log tries again
      .finally(() => (this.#compacting = undefined));
  }

  get size(): number {
    return this.#entries.size;
  }

  #fresh<T>(key: string, versions: ReadonlyMap<string, number>): T | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (stampOf(entry.tables, versions) !== entry.stamp) {
      this.#drop(key, entry);
      return undefined;
    }
    this.stats.hits += 1;
    // Most recently used last: a Map iterates in insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value as T;
  }

  #store(key: string, value: unknown, tables: readonly string[], stamp: string): void {
    const bytes = sizeOf(value);
    if (bytes > this.#maxBytes / 8) return; // one answer may not crowd out the rest
    const old = this.#entries.get(key);
    if (old !== undefined) this.#drop(key, old);
    this.#entries.set(key, { value, tables, stamp, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#drop(oldest, entry);
    }
  }

  #drop(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
