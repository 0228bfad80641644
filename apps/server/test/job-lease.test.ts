import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithLease } from '../src/lib/job-lease.ts';
import { databaseTargets, type TestDatabase } from './helpers.ts';

describe.each(databaseTargets)('job leases on $name', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database.close();
  });

  const HOUR = 60 * 60 * 1000;

  it('runs a job in the process that takes its lease, and skips it in the others until it expires', async () => {
    const ran: string[] = [];
    const job = (who: string) => async () => void ran.push(who);
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(await runWithLease(database.db, 'job-a', HOUR, job('one'), { now, holder: 'one' })).toBe(
      true,
    );
    expect(await runWithLease(database.db, 'job-a', HOUR, job('two'), { now, holder: 'two' })).toBe(
      false,
    );
    // The holder itself does not run it twice within its lease either.
    expect(
      await runWithLease(database.db, 'job-a', HOUR, job('one'), {
        now: now + 1000,
        holder: 'one',
      }),
    ).toBe(false);
    // Another job has a lease of its own.
    expect(await runWithLease(database.db, 'job-b', HOUR, job('two'), { now, holder: 'two' })).toBe(
      true,
    );
    // Expired: the next process to come takes it.
    expect(
      await runWithLease(database.db, 'job-a', HOUR, job('two'), {
        now: now + HOUR,
        holder: 'two',
      }),
    ).toBe(true);
    expect(ran).toEqual(['one', 'two', 'two']);
  });

  it('lets exactly one of many processes asking at once run the job', async () => {
    const others = [database.db, database.connectAgain(), database.connectAgain()];
    let runs = 0;
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        runWithLease(others[i % others.length]!, 'job-race', HOUR, async () => void (runs += 1), {
          now,
          holder: `process-${i}`,
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
  });
});
