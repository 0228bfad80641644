import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // ICU messages compile on first use, as in the server (src/app.ts).
    setupFiles: ['@urok/contract/i18n/compiler'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Each file in a fresh process (Vitest's default). Without isolation the files ran in half
    // the CPU time (14 files: 64 s against 30 s), but one whole run then failed a PostgreSQL
    // suite's start on a schema it had just created (the catalog scan's race, mended since in
    // db/connection.ts). Tried again on every suite: the whole Vitest run took 5:10 against
    // 6:03, and 11 server files failed, refused connections among their errors: the files
    // share state in a process, so they stay isolated.
    // Under CI a failed test runs once more (as the journeys do) and is reported as flaky:
    // the suites share two cores with the journeys, and a few of them time what they test.
    retry: process.env.CI ? 1 : 0,
  },
});
