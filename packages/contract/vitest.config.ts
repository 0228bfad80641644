import { defineConfig } from 'vitest/config';

// Its own config, so that running vitest here does not pick up the root one (which lists the projects).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/i18n/compiler.ts'],
  },
});
