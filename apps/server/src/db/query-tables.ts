import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEvent } from 'kysely';

/**
 * Which tables a piece of work read, told from the SQL it actually ran:
 * Kysely's query log (`log` in connection.ts) hands every executed
 * statement to `noteQuery`, which adds its words to the set of the work
 * running in `collectQueryWords`. The read cache's structural test runs each
 * cached read's load under it and checks the tables read against what the
 * read declares (test/read-cache-dependencies.test.ts); outside that test
 * nothing collects, and the hook returns at once.
 */
const current = new AsyncLocalStorage<Set<string>>();

/** Kysely's `log` hook: the words of each statement run inside collectQueryWords. */
export function noteQuery(event: LogEvent): void {
  const words = current.getStore();
  if (words === undefined) return;
  for (const match of event.query.sql.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    words.add(match[0].toLowerCase());
  }
}

/** Runs `work`, returning its value and every identifier-like word of the SQL it ran. */
export async function collectQueryWords<T>(
  work: () => Promise<T>,
): Promise<{ value: T; words: Set<string> }> {
  const words = new Set<string>();
  const value = await current.run(words, work);
  return { value, words };
}
