import { defineConfig } from 'vitest/config';

// One run over every unit and API suite; each project keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
