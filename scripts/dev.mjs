#!/usr/bin/env node
// `npm run dev`: the API server restarting on change, and Vite with hot
// reload on http://localhost:5173 (it proxies /api to the server).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(
    'node',
    [
      '--require',
      './apps/server/threadpool.cjs',
      '--import',
      'tsx',
      '--watch',
      'apps/server/src/main.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];

function stop(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
