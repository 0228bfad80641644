#!/usr/bin/env node
// Starts the real server for the end-to-end suite on a throw-away embedded
// database (with the demo accounts), serving the built web app.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
// One data directory per port: suites run side by side must not wipe each other's database.
const dataDir = path.join(root, `test-results/e2e-data-${process.env.E2E_PORT ?? '4310'}`);
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('The web app is not built: run `npm run build` first (npm test does).');
  process.exit(1);
}
fs.rmSync(dataDir, { recursive: true, force: true });

Object.assign(process.env, {
  PORT: process.env.E2E_PORT ?? '4310',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
});
delete process.env.DATABASE_URL;
delete process.env.UROK_DEMO;

register();
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
