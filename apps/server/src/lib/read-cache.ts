import { changeMarkOf, compactVersionLog, readVersionsOf } from '../db/cache-versions.ts';

export {
  authorScope,
  courseScope,
  enrolmentsScope,
  memberScope,
  progressScope,
  rosterScope,
  sessionsScope,
  submittedScope,
  userScope,
  workScope,
} from '../db/cache-versions.ts';
import type { Db } from '../db/database.ts';
import { collectQueryWords } from '../db/query-tables.ts';
import type { CommitsOnDisk } from '../db/wal-sync.ts';

/**
 * What a kept answer depends on: its versions' names. A table's name (any
 * write to the table changes the answer, but an update of a column kept
 * apart alone: a course's count of students), or a scope — `courseScope(id)`,
 * `userScope(id)`, `memberScope(person, course)`, … (db/cache-versions.ts) —
 * when only writes to one course's or one person's rows of a kind can (the
 * row triggers of db/cache-versions.ts say which tables carry which scopes;
 * migrations 0025, 0027 and 0028 installed them).
 */
export interface Depends<T> {
  /** Known from the request before the load: the asker, the course in the URL, tables. */
  readonly before: readonly string[];
  /** Found in the loaded value: the courses a list shows, the person a session belongs to. */
  readonly after?: (value: T) => readonly string[];
}

interface Entry {
  value: unknown;
  /** Every name it depends on, sorted. */
  names: readonly string[];
  /** Their versions read before its load began (NaN: not read then, so never fresh yet). */
  stamp: readonly number[];
  bytes: number;
  /** How many commits this process had made when it was kept (CommitsOnDisk.made): what it can show. */
  commits: number;
  /**
   * The oldest of the versions reads that last found it fresh (#check), 0 before any: a
   * request that began before that read started may take it as it is, with no check of its own.
   */
  verified: number;
  /** The versions read its names were last added to (#readFor): the requests waiting on it share it. */
  waitingOn: VersionsRead | undefined;
}

interface VersionsRead {
  started: boolean;
  names: Set<string>;
  promise: Promise<void>;
}

/**
 * One request's use of the cache (cacheUseOf). `since`: the moment its checks
 * read versions after. `shows`: the newest of this process's commits that what
 * it was handed could show (CommitsOnDisk.made's count when each value was
 * loaded), which a reply answered from the cache waits for instead of every
 * commit made so far (commitsShownBy).
 */
export class CacheUse {
  shows = 0;
  /** Answered by answerFromCache (lib/cached-json.ts) before any handler ran. */
  answered = false;
  /** Wrote itself (readAfterOwnWrite): its reply waits for every commit. */
  wrote = false;

  constructor(public since: number) {}

  /** A value loaded when `commits` commits had been made was handed to this request. */
  saw(commits: number): void {
    if (commits > this.shows) this.shows = commits;
  }
}

/**
 * Each request's use, made at its first use of the cache, kept on the request
 * itself: a WeakMap of them cost 1.5% of a kept catalog read's CPU.
 */
const USE = Symbol('cacheUse');
type UsingRequest = object & { [USE]?: CacheUse };

/**
 * A request's use of the cache. Its mark is its first use of the cache, which
 * is after it arrived, so after every write answered before it: its session
 * check and its answer's check then share the versions read since, by this
 * request or by any other.
 */
export function cacheUseOf(request: object, cache: ReadCache): CacheUse {
  return ((request as UsingRequest)[USE] ??= new CacheUse(cache.mark()));
}

/**
 * After a request's own write (a commit it waited for), its later checks read
 * versions after that write: versions read since the request began may be
 * older than it, and its reply waits for every commit (commitsShownBy). The
 * gradebook closes past-deadline quiz attempts before its check, which must
 * see them closed.
 */
export function readAfterOwnWrite(request: object, cache: ReadCache): void {
  const use = cacheUseOf(request, cache);
  use.since = cache.mark();
  use.wrote = true;
}

/**
 * The newest of this process's commits that a request's reply can show, when
 * the reply is a kept answer sent before any handler ran: the commits its
 * answer and its session were loaded after, and none made since, which it
 * cannot show (the versions read before it only decide whether it is still
 * fresh). Undefined for any other reply, which may show every commit made
 * until it leaves. SQLite's replies wait for these commits to be on disk
 * (app.ts, docs/decisions.md "SQLite's commits").
 */
export function commitsShownBy(request: object): number | undefined {
  const use = (request as UsingRequest)[USE];
  return use?.answered && !use.wrote ? use.shows : undefined;
}

interface Flight {
  promise: Promise<unknown>;
  /** The versions read before the load: another request may share it only under the same. */
  stamp: string;
}

/** A load's SQL (the tables it read) and what it declared: the structural test's record. */
export type CacheAudit = (record: {
  key: string;
  declared: readonly string[];
  words: ReadonlySet<string>;
}) => void;

export interface ReadCacheOptions {
  /** Budget of cached values, by their estimated size; 0 turns the cache off. */
  maxBytes: number;
  /** The database whose `cache_versions` (db/cache-versions.ts) say what is still fresh. */
  db: Db;
  /**
   * How many names' last read versions to remember (every course and person a busy process
   * checked lately; then it starts afresh). 100,000 unless a test asks for fewer.
   */
  rememberedNames?: number;
  /** SQLite's commits synced off the event loop: each kept value notes how many were made before it. */
  commits?: CommitsOnDisk;
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

function sortedUnion(...lists: (readonly string[] | undefined)[]): string[] {
  const all = new Set<string>();
  for (const list of lists) if (list) for (const name of list) all.add(name);
  return [...all].sort();
}

/**
 * Hot reads (the catalog, a course's page, a teacher's courses, a student's
 * courses, the submissions view, the gradebook, a lesson and a course's
 * outline as each user sees them, the session behind a token) kept in
 * memory, each under the versions of what it declares it depends on: tables,
 * courses, people. The database's triggers raise those versions at every
 * commit, whichever process made it, and every use reads the versions it
 * needs first, so a request that starts after a write was answered sees it;
 * what the cache saves is the read itself, the JSON and its compression
 * (docs/decisions.md, "Caches across processes"). Bounded by size, least
 * recently used dropped first.
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  readonly #flights = new Map<string, Flight>();
  readonly #maxBytes: number;
  readonly #db: Db;
  readonly #rememberedNames: number;
  readonly #commits: CommitsOnDisk | undefined;
  #bytes = 0;
  #compacting: Promise<void> | undefined;
  /** The next versions read: the names asked for before it starts, read together. */
  #nextRead: VersionsRead | undefined;
  /** How many versions reads have started: the number of the latest (mark()). */
  #readsStarted = 0;
  /**
   * Each name's version as the latest read that returned it found it, that
   * read's number, and the database's change mark taken just before it.
   */
  readonly #latest = new Map<string, { version: number; read: number; mark: string | undefined }>();
  /** SQLite's change mark (db/cache-versions.ts changeMarkOf); none on PostgreSQL. */
  readonly #changeMark: (() => string | undefined) | undefined;
  readonly enabled: boolean;
  /** Uses answered from memory and uses that loaded: the hit ratio a benchmark reports. */
  readonly stats = { hits: 0, misses: 0 };
  /** Set by the structural test: every load then runs under the SQL recorder. */
  audit: CacheAudit | undefined;

  constructor(options: ReadCacheOptions) {
    this.#maxBytes = options.maxBytes;
    this.#db = options.db;
    this.#rememberedNames = options.rememberedNames ?? 100_000;
    this.#changeMark = changeMarkOf(options.db);
    this.#commits = options.commits;
    this.enabled = options.maxBytes > 0;
  }

  /**
   * A moment to read versions after: the number of versions reads started so
   * far. A read numbered above it started after this call, so it saw every
   * write committed before (cacheUseOf keeps one per request).
   */
  mark(): number {
    return this.#readsStarted;
  }

  /**
   * The versions of `names` as of a moment after `since` (mark()): a name some
   * read that started after `since` returned is answered from that read, with
   * no query and no wait; the rest go to the next read. The requests that
   * arrive while a read is waiting to start add their names to it and share it
   * (it starts after all of them, so it is as new as each needs); one that
   * arrives after it started waits for the next. Names read at different
   * moments are each as of a moment after `since`, which is all a check needs:
   * a version equal to an answer's stamp then means nothing it depends on was
   * written from its load to that moment.
   */
  versions(
    names: readonly string[],
    since: number = this.mark(),
  ): Map<string, number> | Promise<Map<string, number>> {
    const missing = this.#notReadSince(names, since);
    if (missing === undefined) return this.#latestOf(names);
    return this.#readUntilKnown(names, missing, since);
  }

  #notReadSince(names: readonly string[], since: number): string[] | undefined {
    let missing: string[] | undefined;
    for (const name of names) {
      const known = this.#latest.get(name);
      if (known === undefined || known.read <= since) (missing ??= []).push(name);
    }
    return missing;
  }

  /** Reads the missing names, again if a read that made room for new names dropped some meanwhile. */
  async #readUntilKnown(
    names: readonly string[],
    missing: string[],
    since: number,
  ): Promise<Map<string, number>> {
    for (let next: string[] | undefined = missing; next !== undefined;) {
      await this.#read(next);
      next = this.#notReadSince(names, since);
    }
    return this.#latestOf(names);
  }

  #latestOf(names: readonly string[]): Map<string, number> {
    const versions = new Map<string, number>();
    for (const name of names) versions.set(name, this.#latest.get(name)!.version);
    return versions;
  }

  /** Reads `names` in the next versions read, and keeps what it returned in #latest. */
  #read(names: readonly string[]): Promise<void> {
    const waiting = this.#nextRead;
    if (waiting !== undefined && !waiting.started) {
      for (const name of names) waiting.names.add(name);
      return waiting.promise;
    }
    const next: VersionsRead = {
      started: false,
      names: new Set(names),
      promise: new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        next.started = true;
        if (this.#nextRead === next) this.#nextRead = undefined;
        this.#readsStarted += 1;
        const read = this.#readsStarted;
        // On SQLite, names last read under the database's change mark of now need no query:
        // nothing has been committed since, by any connection, so their versions stand. The
        // read still waits its turn of the event loop like one that queries: answering at once
        // cost more CPU a request, not less (the replies no longer went out together; the
        // catalog at 50 connections: 37 µs a request → 60; bench/README.md).
        // The mark is taken before the query: a commit between the two makes the versions newer
        // than the mark, so a later equal mark can only be told too little, never too much.
        const mark = this.#changeMark?.();
        if (mark !== undefined && this.#unchangedSince(next.names, mark, read)) return;
        return readVersionsOf(this.#db, [...next.names]).then(({ versions, logLines }) => {
          if (logLines > COMPACT_FROM_LINES) this.#compact();
          if (this.#latest.size + versions.size > this.#rememberedNames) this.#latest.clear();
          for (const [name, version] of versions) {
            const known = this.#latest.get(name);
            // Reads may finish out of order: a later read's version is never replaced by an
            // earlier one's.
            if (known === undefined || known.read < read)
              this.#latest.set(name, { version, read, mark });
          }
        });
      }),
    };
    this.#nextRead = next;
    return next.promise;
  }

  /** Whether every name was last read under `mark`; if so, each counts as read by `read`. */
  #unchangedSince(names: ReadonlySet<string>, mark: string, read: number): boolean {
    for (const name of names) if (this.#latest.get(name)?.mark !== mark) return false;
    for (const name of names) {
      const known = this.#latest.get(name)!;
      known.read = Math.max(known.read, read);
    }
    return true;
  }

  /**
   * The value of `key`, loaded by `load` unless a fresh one is kept.
   * `depends`: what the value depends on (a key names one request's answer, so
   * its `before` names are always the same). `keep`: whether a loaded value is
   * worth keeping (not a miss that any made-up key could fill the cache with).
   * `use`: the asking request's (cacheUseOf).
   */
  async get<T>(
    key: string,
    depends: Depends<T>,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
    use?: CacheUse,
  ): Promise<T> {
    const since = use?.since ?? this.mark();
    if (!this.enabled) return this.#handOver(use, await this.#load(key, depends, load));
    const known = this.#entries.get(key);
    // Fresh already, without waiting for a read: its names include `before` (a key's `before`
    // names are always the same).
    if (known !== undefined && this.#check(known, since) === true)
      return this.#hit<T>(key, known, use);
    // The kept entry's names too, even when stale: a value's `after` names (its courses) are
    // then read before the next load, and the value it loads can be kept.
    const names = sortedUnion(depends.before, known?.names);
    const versions = await this.versions(names, since);
    const entry = this.#entries.get(key);
    // A name the read did not cover (the entry changed meanwhile) counts as changed.
    if (entry !== undefined && this.#check(entry, since) === true)
      return this.#hit<T>(key, entry, use);
    const stamp = names.map((name) => versions.get(name)).join('.');
    const flight = this.#flights.get(key);
    if (flight !== undefined && flight.stamp === stamp)
      return this.#handOver(use, (await flight.promise) as T);
    this.stats.misses += 1;
    const result = this.#loadStamped(key, depends, load, versions);
    const value = result.then((loaded) => loaded.value);
    // A failure reaches this caller through `value`, and sharers through their own await.
    value.catch(() => {});
    const mine: Flight = { promise: value, stamp };
    this.#flights.set(key, mine);
    try {
      const loaded = await result;
      if (keep(loaded.value)) this.#store(key, loaded.value, loaded.names, loaded.stamp);
      return this.#handOver(use, loaded.value);
    } finally {
      if (this.#flights.get(key) === mine) this.#flights.delete(key);
    }
  }

  /**
   * Loads the value and stamps it with the versions of every name it depends
   * on as read before the load: a commit during the load makes the entry look
   * stale at the next use (a needless reload), never fresh when it is not. A
   * value that names what was not read before it (a course first seen in a
   * list) is loaded once more after those versions are read; a second such
   * value is stamped NaN for the new names (fresh only after the next load).
   */
  async #loadStamped<T>(
    key: string,
    depends: Depends<T>,
    load: () => Promise<T>,
    before: Map<string, number>,
  ): Promise<{ value: T; names: string[]; stamp: number[] }> {
    let versions = before;
    for (let round = 1; ; round += 1) {
      const value = await this.#load(key, depends, load);
      const names = sortedUnion(depends.before, depends.after?.(value));
      if (round === 2 || names.every((name) => versions.has(name))) {
        return { value, names, stamp: names.map((name) => versions.get(name) ?? Number.NaN) };
      }
      versions = await this.versions(names);
    }
  }

  /**
   * The kept value of `key` if it is still fresh, without loading anything.
   * The requests that ask for one entry in one turn of the event loop wait on
   * one versions read, and the first to find the entry fresh after it answers
   * for the rest (`verified`): the checks of a kept answer's names (a list's
   * every course) cost each batch once, not each request.
   */
  async peek<T>(key: string, use?: CacheUse): Promise<T | undefined> {
    if (!this.enabled) return undefined;
    const since = use?.since ?? this.mark();
    for (;;) {
      const entry = this.#entries.get(key);
      if (entry === undefined) return undefined;
      const fresh = this.#check(entry, since);
      if (fresh !== undefined) return fresh ? this.#hit<T>(key, entry, use) : undefined;
      await this.#readFor(entry);
    }
  }

  /**
   * Whether `entry` is fresh as of versions reads that started after `since`:
   * at once when a read that started since found it so (`verified`); else
   * undefined while one of its names has not been read since, false once one's
   * version differs from its stamp. When fresh, `verified` notes the oldest of
   * those reads. The versions and their reads' numbers are taken together,
   * from one moment of #latest.
   */
  #check(entry: Entry, since: number): boolean | undefined {
    if (entry.verified > since) return true;
    let oldest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < entry.names.length; i += 1) {
      const known = this.#latest.get(entry.names[i]!);
      if (known === undefined || known.read <= since) return undefined;
      if (known.version !== entry.stamp[i]) return false;
      if (known.read < oldest) oldest = known.read;
    }
    if (oldest > entry.verified) entry.verified = oldest;
    return true;
  }

  /** The entry's names in the next versions read, added once for every request waiting on it. */
  #readFor(entry: Entry): Promise<void> {
    const next = this.#nextRead;
    if (next !== undefined && !next.started && entry.waitingOn === next) return next.promise;
    const read = this.#read(entry.names);
    entry.waitingOn = this.#nextRead;
    return read;
  }

  /** How many commits this process has made so far (0 without SQLite's count). */
  #made(): number {
    return this.#commits?.made() ?? 0;
  }

  /** A value just loaded (by this request or one it shared the load of) goes to `use`. */
  #handOver<T>(use: CacheUse | undefined, value: T): T {
    use?.saw(this.#made());
    return value;
  }

  /** `load`, under the SQL recorder when a structural test audits the declarations. */
  async #load<T>(key: string, depends: Depends<T>, load: () => Promise<T>): Promise<T> {
    const audit = this.audit;
    if (audit === undefined) return load();
    const { value, words } = await collectQueryWords(load);
    audit({ key, declared: sortedUnion(depends.before, depends.after?.(value)), words });
    return value;
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

  /** A fresh entry handed to `use`, and now the most recently used. */
  #hit<T>(key: string, entry: Entry, use: CacheUse | undefined): T {
    this.stats.hits += 1;
    use?.saw(entry.commits);
    // Most recently used last: a Map iterates in insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value as T;
  }

  #store(key: string, value: unknown, names: readonly string[], stamp: readonly number[]): void {
    const bytes = sizeOf(value);
    // One answer may not crowd out the rest: at the default 64 MB, up to 16 MB (the 1,000-student
    // course's gradebook counts 3.6 MB and its submissions view 10 MB; under the earlier eighth
    // of 32 MB neither was ever kept).
    if (bytes > this.#maxBytes / 4) return;
    const old = this.#entries.get(key);
    if (old !== undefined) this.#drop(key, old);
    this.#entries.set(key, {
      value,
      names,
      stamp,
      bytes,
      commits: this.#made(),
      verified: 0,
      waitingOn: undefined,
    });
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
