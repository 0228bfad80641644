import type { Db } from './database.ts';

/**
 * Takes the lease `name` for `holder` until `expiresAt` if no other holder has
 * an unexpired one (at `now`): one statement, atomic on SQLite and PostgreSQL
 * alike. Whether it was taken. lib/job-lease.ts runs the jobs under it.
 */
export async function takeLease(
  db: Db,
  lease: { name: string; holder: string; expiresAt: string; now: string },
): Promise<boolean> {
  const { name, holder, expiresAt, now } = lease;
  const taken = await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ holder, expires_at: expiresAt })
        .where('job_leases.expires_at', '<=', now),
    )
    .returning('holder')
    .executeTakeFirst();
  return taken !== undefined;
}
