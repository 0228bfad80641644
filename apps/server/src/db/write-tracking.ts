import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  Kysely,
  OperationNode,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** The tables one write changed; ALL_TABLES when that cannot be told (raw SQL, schema changes). */
export type WrittenTables = ReadonlySet<string> | typeof ALL_TABLES;
export const ALL_TABLES = 'all';

/**
 * Tells its listeners which tables this process has changed, once the change
 * is visible to other connections: after an autocommitted statement finished,
 * after a transaction's commit (or rollback). Readers of the read cache
 * (lib/read-cache.ts) drop what those tables held.
 *
 * `externalVersion` (SQLite: `PRAGMA data_version`) changes when another
 * process committed to the same database: the admin CLI, a restore.
 */
export class WriteLog {
  readonly #listeners = new Set<(tables: WrittenTables) => void>();

  constructor(readonly externalVersion?: () => number) {}

  subscribe(listener: (tables: WrittenTables) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  notify(tables: WrittenTables): void {
    for (const listener of this.#listeners) listener(tables);
  }
}

/** The tables a statement writes: none for a read, ALL_TABLES when unknown. */
export function writtenTables(query: CompiledQuery): WrittenTables | undefined {
  const node = query.query as OperationNode & Record<string, unknown>;
  // A WITH clause may hide a write (`with gone as (delete … returning …) select …`): assume the worst.
  if (node.with !== undefined) return ALL_TABLES;
  switch (node.kind) {
    case 'SelectQueryNode':
      return undefined;
    case 'InsertQueryNode':
      return tablesOf([node.into]);
    case 'UpdateQueryNode':
      return tablesOf([node.table]);
    case 'DeleteQueryNode':
      return tablesOf((node.from as { froms: unknown[] }).froms);
    case 'RawNode':
      // A hand-written statement: a plain read, or a write of unknown reach.
      return /^\s*(select|explain)\b/i.test(query.sql) ? undefined : ALL_TABLES;
    default:
      // Schema changes, MERGE, anything new: assume it touched everything.
      return ALL_TABLES;
  }
}

/** Names of TableNodes (possibly aliased); ALL_TABLES if one is something else. */
function tablesOf(nodes: unknown[]): WrittenTables {
  const names = new Set<string>();
  for (const item of nodes) {
    let node = item as {
      kind?: string;
      node?: unknown;
      table?: { identifier?: { name?: string } };
    };
    if (node?.kind === 'AliasNode') node = node.node as typeof node;
    const name = node?.kind === 'TableNode' ? node.table?.identifier?.name : undefined;
    if (typeof name !== 'string') return ALL_TABLES;
    names.add(name);
  }
  return names;
}

class TrackedConnection implements DatabaseConnection {
  /** Tables written inside the open transaction, announced at its end. */
  pending: Set<string> | typeof ALL_TABLES | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly log: WriteLog,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const tables = writtenTables(query);
    if (tables === undefined) return this.inner.executeQuery<R>(query);
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      if (this.pending === undefined) this.log.notify(tables);
      else this.pending = merge(this.pending, tables);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  /** The end of a transaction: what it wrote is now committed (or rolled back; announcing it costs nothing). */
  settle(): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending !== undefined && (pending === ALL_TABLES || pending.size > 0)) {
      this.log.notify(pending);
    }
  }
}

function merge(
  a: Set<string> | typeof ALL_TABLES,
  b: WrittenTables,
): Set<string> | typeof ALL_TABLES {
  if (a === ALL_TABLES || b === ALL_TABLES) return ALL_TABLES;
  for (const table of b) a.add(table);
  return a;
}

type Compile = QueryCompiler['compileQuery'];

class TrackingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly log: WriteLog,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TrackedConnection(await this.inner.acquireConnection(), this.log);
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    const tracked = connection as TrackedConnection;
    await this.inner.beginTransaction(tracked.inner, settings);
    tracked.pending = new Set();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const tracked = connection as TrackedConnection;
    try {
      await this.inner.commitTransaction(tracked.inner);
    } finally {
      tracked.settle();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const tracked = connection as TrackedConnection;
    try {
      await this.inner.rollbackTransaction(tracked.inner);
    } finally {
      tracked.settle();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await this.inner.savepoint?.((connection as TrackedConnection).inner, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Compile,
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.((connection as TrackedConnection).inner, name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Compile,
  ): Promise<void> {
    await this.inner.releaseSavepoint?.((connection as TrackedConnection).inner, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const tracked = connection as TrackedConnection;
    // A connection handed back mid-transaction (an error path) still announces its writes.
    tracked.settle();
    await this.inner.releaseConnection(tracked.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` with every write announced on `log`. */
export function trackWrites(dialect: Dialect, log: WriteLog): Dialect {
  return {
    createDriver: () => new TrackingDriver(dialect.createDriver(), log),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
const logs = new WeakMap<Kysely<any>, WriteLog>();

/** Remembers the write log of a database opened by openDatabase. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function attachWriteLog(db: Kysely<any>, log: WriteLog): void {
  logs.set(db, log);
}

/** The write log of `db`, or undefined for a Kysely instance not opened by openDatabase (nothing can be cached then). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function writeLogOf(db: Kysely<any>): WriteLog | undefined {
  return logs.get(db);
}
