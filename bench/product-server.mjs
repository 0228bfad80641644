// The product's server as the benches run it: a child process on a free
// loopback port with rate limits off, warnings only in the log, no demo data
// and no Redis (each bench adds its own settings), resolved once /api/health
// answers.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../scripts/npm-start-process.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * `nodeArgs`: flags for node before the server's own (a CPU profile).
 * `wrap`: the command line [node, …args] to the command and arguments to
 * spawn (bench:term pins the server to cores with taskset).
 */
export async function startProductServer({
  env = {},
  nodeArgs = [],
  wrap = ([command, ...args]) => [command, args],
} = {}) {
  const port = await freePort();
  const [command, args] = wrap([
    process.execPath,
    ...nodeArgs,
    '--require',
    './apps/server/threadpool.cjs',
    '--import',
    'tsx',
    'apps/server/src/main.ts',
  ]);
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      UROK_DEMO: '0',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** SIGTERM, and SIGKILL if it has not exited 5 s later. */
export async function stopProductServer({ child }) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
