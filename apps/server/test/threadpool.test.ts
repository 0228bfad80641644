/**
 * apps/server/threadpool.cjs sizes libuv's threadpool (one thread a core, at
 * least two) and must do it before anything queues work on the pool: an ES
 * module entry point is read through the pool, so `npm start` preloads it with
 * `node --require`. These tests run real Node processes and count the
 * threadpool's threads in /proc (Linux).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
const PRELOAD = path.join(SERVER_DIR, 'threadpool.cjs');
const EXPECTED = String(Math.max(2, availableParallelism()));

/** An ES module entry point that fills the pool with work, then prints its size setting and the process's thread count. */
const PROBE = `
import { pbkdf2 } from 'node:crypto';
import fs from 'node:fs';
await Promise.all(Array.from({ length: 16 }, () => new Promise((done) => pbkdf2('a', 'b', 1000, 32, 'sha256', done))));
console.log(JSON.stringify({ size: process.env.UV_THREADPOOL_SIZE ?? null, threads: fs.readdirSync('/proc/self/task').length }));
`;

function probe(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { size: string | null; threads: number } {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'urok-threadpool-probe-'));
  try {
    const entry = path.join(dir, 'probe.mjs');
    fs.writeFileSync(entry, PROBE);
    const { UV_THREADPOOL_SIZE: _inherited, ...clean } = process.env;
    const output = execFileSync(process.execPath, [...args, entry], {
      env: { ...clean, ...env },
      encoding: 'utf8',
    });
    return JSON.parse(output.trim()) as { size: string | null; threads: number };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the threadpool preload', () => {
  it('sets one thread a core, at least two, and the pool really has that many', () => {
    const preloaded = probe(['--require', PRELOAD]);
    expect(preloaded.size).toBe(EXPECTED);
    // The same size from the environment at start-up: the preload took effect before the pool began.
    expect(preloaded.threads).toBe(probe([], { UV_THREADPOOL_SIZE: EXPECTED }).threads);
  });

  it('keeps a size set in the environment', () => {
    const preloaded = probe(['--require', PRELOAD], { UV_THREADPOOL_SIZE: '7' });
    expect(preloaded.size).toBe('7');
    // Three more threads than with four: the pool has seven.
    expect(preloaded.threads - probe([], { UV_THREADPOOL_SIZE: '4' }).threads).toBe(3);
  });

  it('is what `npm start` runs first, in the root and in the server workspace', () => {
    const rootStart = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'))
      .scripts.start as string;
    const serverStart = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8'))
      .scripts.start as string;
    expect(rootStart).toMatch(/^node --require \.\/apps\/server\/threadpool\.cjs /);
    expect(serverStart).toMatch(/^node --require \.\/threadpool\.cjs /);
  });
});
