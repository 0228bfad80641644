import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.ts';

/** Every migration, in order. Names sort as they run. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
};
