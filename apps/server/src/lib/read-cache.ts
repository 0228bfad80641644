import { ALL_TABLES, type WriteLog, type WrittenTables } from '../db/write-tracking.ts';
import type { Database } from '../db/database.ts';

export type TableName = keyof Database & string;

interface Entry {
  value: unknown;
  tables: readonly TableName[];
  /** The clock when its load began: valid while none of its tables was written since. */
  loadedAt: number;
  expiresAt: number;
  bytes: number;
}

interface Flight {
  promise: Promise<unknown>;
  tables: readonly TableName[];
  startedAt: number;
}

export interface ReadCacheOptions {
  /** Budget of cached values, by their estimated size; 0 turns the cache off. */
  maxBytes: number;
  /** Where writes are announced; without one nothing is cached. */
  writes: WriteLog | undefined;
  /**
   * How long an entry may live (ms). Other processes' writes reach this one
   * only through `writes.externalVersion` (SQLite); where there is none
   * (PostgreSQL), this bounds how stale their changes can be seen.
   */
  ttlMs?: number;
}

/** A rough size of a cached value: bytes (anything with a byteLength) and strings by their length, else a flat guess. */
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return 64 + value.length * 2;
  const bytes = (value as { byteLength?: unknown } | null)?.byteLength;
  return typeof bytes === 'number' ? 64 + bytes : 1024;
}

/** How often another process's commits are looked for (SQLite's data_version costs a read transaction). */
const EXTERNAL_CHECK_MS = 100;

/**
 * Results of hot reads (the catalog, a session, a user's course lists) kept
 * in memory until one of the tables they came from is written. Every write
 * through the app's Kysely instance is seen (db/write-tracking.ts), so a
 * reader never gets an answer older than a write that had finished before
 * its request: a load that overlaps a write is returned but not kept.
 * Another process's commits (the admin CLI) are seen within 0.1 s on SQLite
 * (its data_version) and within the TTL on PostgreSQL. Bounded by size,
 * least recently used dropped first.
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  readonly #flights = new Map<string, Flight>();
  /** Per table, the clock of its last write; ALL_TABLES stands for a write to every table. */
  readonly #writtenAt = new Map<string, number>();
  #clock = 0;
  #bytes = 0;
  #externalVersion: number | undefined;
  #externalCheckedAt = 0;
  readonly #maxBytes: number;
  readonly #ttlMs: number;
  readonly #writes: WriteLog | undefined;
  readonly enabled: boolean;

  constructor(options: ReadCacheOptions) {
    this.#maxBytes = options.maxBytes;
    this.#ttlMs = options.ttlMs ?? Number.POSITIVE_INFINITY;
    this.#writes = options.writes;
    this.enabled = options.maxBytes > 0 && options.writes !== undefined;
    options.writes?.subscribe((tables) => this.invalidate(tables));
    this.#externalVersion = options.writes?.externalVersion?.();
  }

  /** Marks `tables` written now: entries that read them are stale. */
  invalidate(tables: WrittenTables): void {
    this.#clock += 1;
    if (tables === ALL_TABLES) {
      this.#writtenAt.set(ALL_TABLES, this.#clock);
      this.#entries.clear();
      this.#bytes = 0;
    } else {
      for (const table of tables) this.#writtenAt.set(table, this.#clock);
    }
  }

  /**
   * The value of `key`, loaded by `load` unless a fresh one is kept.
   * `tables`: everything `load` reads. `keep`: whether a loaded value is
   * worth keeping (not a miss that any made-up key could fill the cache with).
   */
  async get<T>(
    key: string,
    tables: readonly TableName[],
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    if (!this.enabled) return load();
    const now = Date.now();
    const kept = this.peek<T>(key);
    if (kept !== undefined) return kept;
    // Share a load in flight when nothing it reads was written since it began.
    const flight = this.#flights.get(key);
    if (flight !== undefined && this.#unwrittenSince(flight.tables, flight.startedAt)) {
      return flight.promise as Promise<T>;
    }
    const startedAt = this.#clock;
    const promise = load();
    const mine: Flight = { promise, tables, startedAt };
    this.#flights.set(key, mine);
    try {
      const value = await promise;
      if (keep(value) && this.#unwrittenSince(tables, startedAt))
        this.#store(key, value, tables, startedAt, now);
      return value;
    } finally {
      if (this.#flights.get(key) === mine) this.#flights.delete(key);
    }
  }

  /** The kept value of `key` if it is still fresh, without loading anything. */
  peek<T>(key: string): T | undefined {
    if (!this.enabled) return undefined;
    const now = Date.now();
    this.#checkExternalWrites(now);
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now && this.#unwrittenSince(entry.tables, entry.loadedAt)) {
      // Most recently used last: a Map iterates in insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.value as T;
    }
    this.#drop(key, entry);
    return undefined;
  }

  get size(): number {
    return this.#entries.size;
  }

  #unwrittenSince(tables: readonly TableName[], clock: number): boolean {
    if ((this.#writtenAt.get(ALL_TABLES) ?? 0) > clock) return false;
    for (const table of tables) if ((this.#writtenAt.get(table) ?? 0) > clock) return false;
    return true;
  }

  #checkExternalWrites(now: number): void {
    const read = this.#writes?.externalVersion;
    if (read === undefined || now - this.#externalCheckedAt < EXTERNAL_CHECK_MS) return;
    this.#externalCheckedAt = now;
    const version = read();
    if (version !== this.#externalVersion) {
      this.#externalVersion = version;
      this.invalidate(ALL_TABLES);
    }
  }

  #store(
    key: string,
    value: unknown,
    tables: readonly TableName[],
    loadedAt: number,
    now: number,
  ): void {
    const bytes = sizeOf(value);
    if (bytes > this.#maxBytes / 8) return; // one answer may not crowd out the rest
    const old = this.#entries.get(key);
    if (old !== undefined) this.#drop(key, old);
    this.#entries.set(key, { value, tables, loadedAt, expiresAt: now + this.#ttlMs, bytes });
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
