import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
const root = path.resolve(import.meta.dirname, '..');

/** Debian's Chromium; the flags keep it off the (closed) network. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results/e2e-artifacts'),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ??
          path.join(root, 'test-results/playwright.json'),
      },
    ],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
    locale: 'uk-UA',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
      testIgnore: /\.mobile\.spec\.ts$/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
      testMatch: /\.mobile\.spec\.ts$/,
    },
  ],
  webServer: {
    command: 'node --require ./apps/server/threadpool.cjs e2e/serve.mjs',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
