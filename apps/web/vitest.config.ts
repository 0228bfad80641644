import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompileIcu } from './vite.config.ts';

export default defineConfig({
  plugins: [precompileIcu(), react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Typing with user-event is slow on a busy 2-core CI machine.
    testTimeout: 20_000,
  },
});
