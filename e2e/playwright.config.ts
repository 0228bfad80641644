import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4310);
const root = path.resolve(import.meta.dirname, '..');

/** The features Playwright 1.65 switches off in every Chromium it starts (its chromiumSwitches). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The features the journeys switch off on top of Playwright's. Chromium 156 preloads its
 * omnibox's two popups, each a hidden WebUI page with a renderer process of its own, for every
 * window, and every browser context is a window: that cost more CPU than the renderers of the
 * page under test (48 journeys of one page load each: 77 CPU seconds with the popups, 48
 * without; bench/README.md). A headless journey never opens the address bar.
 */
export const JOURNEY_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Debian's Chromium (scripts/chromium.mjs). Chromium reads only the last --disable-features
 * switch, so ours repeats Playwright's list (browser-flags.spec.ts fails when a newer
 * Playwright switches off a feature this list lacks).
 */
export const chromiumLaunch = {
  executablePath: CHROMIUM_PATH,
  args: [
    ...CHROMIUM_ARGS,
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...JOURNEY_DISABLED_FEATURES].join(',')}`,
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results/e2e-artifacts'),
  // `npm test` runs the journeys beside the Vitest suites on the same cores (scripts/test.mjs):
  // under CI a page load may wait several seconds for a core, so the limits double there.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 14_000 : 7_000 },
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
    // A trace only on a retry (CI retries once): recording one for every test, to keep the
    // failures', doubled the suite's CPU time (measured: 94 s against 52 s of CPU for the
    // route-table and shell journeys), and the journeys share two cores with Vitest.
    trace: 'on-first-retry',
    locale: 'uk-UA',
    // The web app's service worker (DESIGN section 15) would answer navigations from its cache,
    // out of reach of page.route and of a journey's expectations: only offline-shell.spec.ts,
    // which tests it, allows it (test.use).
    serviceWorkers: 'block',
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
