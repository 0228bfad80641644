import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import serverConfig from './apps/server/vitest.config.ts';
import { HTTP_LAYER_SUITES, STORAGE_SUITES, suiteFiles } from './apps/server/test/suites.ts';

// One run over every unit and API suite (`npm test`); each project keeps its own config. The
// server's suites are split by apps/server/test/suites.ts: the database suites on every back end,
// the HTTP-layer suites once on SQLite, and the storage suites once more with files on S3.
const server = path.join(import.meta.dirname, 'apps/server');
for (const file of suiteFiles([...HTTP_LAYER_SUITES, ...STORAGE_SUITES]))
  if (!fs.existsSync(path.join(server, file)))
    throw new Error(`apps/server/test/suites.ts names ${file}, which does not exist`);

function serverProject(
  name: string,
  test: NonNullable<TestProjectInlineConfiguration['test']>,
): TestProjectInlineConfiguration {
  // The server's own config (timeouts, pool) with this project's files: not `extends`, which
  // would add its include patterns to these.
  return { test: { ...serverConfig.test, name, root: server, ...test } };
}

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/web',
      serverProject('@urok/server', {
        exclude: [...configDefaults.exclude, ...suiteFiles(HTTP_LAYER_SUITES)],
      }),
      serverProject('@urok/server (HTTP layer, SQLite)', {
        include: suiteFiles(HTTP_LAYER_SUITES),
        env: { TEST_ONE_BACKEND: '1' },
      }),
      serverProject('@urok/server (files on S3, SQLite)', {
        include: suiteFiles(STORAGE_SUITES),
        // On S3 the fuzzer asks what a refusal leaves in the store, which its first cases
        // already answer: a quarter of its cases (`npm run test:fuzz` runs them all).
        env: { TEST_ONE_BACKEND: '1', TEST_STORAGE: 's3', FUZZ_RUNS: '500' },
      }),
    ],
  },
});
