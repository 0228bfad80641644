#!/usr/bin/env node
// `npm start`: build the web app when its sources are newer than the build,
// then run the server (which migrates the database and, for a new embedded
// database, loads the demo data).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function webBuildIsStale() {
  if (!fs.existsSync(builtIndex)) return true;
  const built = fs.statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

if (!process.env.WEB_DIST && webBuildIsStale()) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

register();
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
