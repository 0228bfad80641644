import type PG from 'pg';

/** Statements worth naming: reads and writes of rows, not DDL or transaction control. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL's "cached plan must not change result type": a table changed under a named statement. */
const FEATURE_NOT_SUPPORTED = '0A000';
/** "current transaction is aborted": what the unnamed retry meets inside a transaction. */
const IN_FAILED_TRANSACTION = '25P02';

/**
 * node-postgres sends every query unnamed, so PostgreSQL parses, analyses
 * and plans it anew each time, on the same two cores as the server. This
 * returns a pg Client class that gives each distinct data statement a name
 * (the same name on every connection): a connection then parses and
 * analyses it once, and after that binds and executes it; PostgreSQL plans
 * it with each execution's values at first and may then keep a generic plan
 * (plan_cache_mode auto, its default).
 *
 * The first `capacity` distinct texts are named and the rest run unnamed, so
 * the prepared statements a connection holds stay bounded (a name cannot be
 * taken back without deallocating it on every connection). If a table's
 * columns change under a named statement (DDL from another process),
 * PostgreSQL refuses the old plan: that text runs unnamed on that connection
 * from then on (at once, unless the refusal came inside a transaction, which
 * it aborts).
 */
export function namedStatementClient(pg: typeof PG, capacity = 256): typeof PG.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < capacity && DATA_STATEMENT.test(text)) {
      name = `urok_${names.size}`;
      names.set(text, name);
    }
    return name;
  };

  class NamedStatementClient extends pg.Client {
    readonly #stale = new Set<string>();

    // The overloads of pg's query() are many; Kysely calls query(text, values) and
    // query(cursor), so only query(text[, values]) is rewritten (no callback, no config object)
    // and everything else passes through.
    override query(...args: unknown[]): never {
      const [text, values] = args;
      const name =
        typeof text === 'string' &&
        args.length <= 2 &&
        (values === undefined || Array.isArray(values)) &&
        !this.#stale.has(text)
          ? nameOf(text)
          : undefined;
      const query = super.query.bind(this) as (...rest: unknown[]) => unknown;
      if (name === undefined) return query(...args) as never;
      return (query({ name, text, values }) as Promise<PG.QueryResult>).catch((error: unknown) => {
        if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED) throw error;
        this.#stale.add(text as string);
        // Inside a transaction the refusal has already aborted it, so the retry can only fail;
        // the caller then hears the refusal itself, not "current transaction is aborted".
        return (query(text, values) as Promise<PG.QueryResult>).catch((retryError: unknown) => {
          throw (retryError as { code?: string }).code === IN_FAILED_TRANSACTION
            ? error
            : retryError;
        });
      }) as never;
    }
  }
  return NamedStatementClient;
}
