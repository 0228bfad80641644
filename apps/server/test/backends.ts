/**
 * What the server suites run against, and what CI insists on.
 *
 * A suite that needs PostgreSQL, Redis, nginx or a web build skips it (and
 * says so) on a developer's machine without it; under CI=true the same
 * absence is a failure, so a CI that lacks one of them cannot be green
 * without testing it. `.ci/run` starts or installs each of them first.
 */

/** Whether this process runs under CI (CI=true, as `.ci/run` and CI services set it). */
export const isCi = process.env.CI === 'true' || process.env.CI === '1';

/**
 * The PostgreSQL the database suites also run on (TEST_DATABASE_URL), or
 * undefined. TEST_ONE_BACKEND=1 marks a run of suites that do not depend on
 * the database (the HTTP-layer and object-storage projects of the root
 * vitest.config.ts, apps/server/test/suites.ts): they run on SQLite alone.
 */
export const postgresUrl: string | undefined =
  process.env.TEST_ONE_BACKEND === '1' ? undefined : process.env.TEST_DATABASE_URL || undefined;

/**
 * `present` as is; under CI=true a missing `what` throws (the suite file then
 * fails to load and is counted as failed) instead of letting a suite skip.
 */
export function requiredInCi(what: string, present: boolean): boolean {
  if (!present && isCi)
    throw new Error(`CI=true and ${what} is missing: CI must test it, not skip it`);
  return present;
}

requiredInCi(
  'PostgreSQL (TEST_DATABASE_URL is not set)',
  postgresUrl !== undefined || process.env.TEST_ONE_BACKEND === '1',
);
