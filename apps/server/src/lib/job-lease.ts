import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { takeLease } from '../db/job-leases.repository.ts';

/** This process, as a lease holder. */
const PROCESS_HOLDER = `${process.pid}-${randomUUID()}`;

/**
 * Runs `job` only if this process takes the lease `name` for `leaseMs`: no
 * other holds an unexpired one. Every process of a deployment (node:cluster
 * workers, other machines) runs the same schedule; the first to come takes
 * the lease and does the work, the rest skip it. One statement, atomic on
 * SQLite and PostgreSQL alike. A lease is not given back when the job ends,
 * so a job runs at most once per `leaseMs`; make it shorter than the
 * schedule's interval so the next round finds it expired.
 */
export async function runWithLease(
  db: Db,
  name: string,
  leaseMs: number,
  job: () => Promise<void>,
  options: { now?: number; holder?: string } = {},
): Promise<boolean> {
  const now = options.now ?? Date.now();
  const holder = options.holder ?? PROCESS_HOLDER;
  const expiresAt = new Date(now + leaseMs).toISOString();
  const taken = await takeLease(db, { name, holder, expiresAt, now: new Date(now).toISOString() });
  if (!taken) return false;
  await job();
  return true;
}
