import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: only the deployment test, which starts its own processes, nginx,
// a PostgreSQL database and s3rver (apps/server/test/cluster/cluster.spec.ts).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['cluster.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
