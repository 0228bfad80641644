/**
 * WEB_CONCURRENCY: `npm start`'s server as a cluster of worker processes on
 * one port and one SQLite file — writes from both at once all succeed, a
 * killed worker is replaced, and SIGTERM stops them all.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const mainScript = path.join(repoRoot, 'apps/server/src/main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The pids of a cluster primary's workers (Linux): its children running the
 * server. tsx may leave an esbuild service beside them, a child of the
 * primary too, when it had files to transform (a cold cache).
 */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(mainScript))
      .map((line) => Number.parseInt(line.trim(), 10))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

/** `what` is read when the wait fails: it may name output that came meanwhile. */
async function waitFor(check: () => boolean | Promise<boolean>, what: () => string, ms = 60_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('WEB_CONCURRENCY=2 on one SQLite file', () => {
  let child: ChildProcess;
  let dataDir: string;
  let base: string;
  let output = '';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-cluster-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}/api`;
    child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        UROK_DEMO: '0',
        LOG_LEVEL: 'warn',
        RATE_LIMIT: 'off',
        WEB_CONCURRENCY: '2',
        WEB_DIST: path.join(dataDir, 'no-web-app'),
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(
      async () => (await fetch(`${base}/health`).catch(() => undefined))?.ok === true,
      () => `the cluster to answer:\n${output}`,
      // Three processes each load the server through tsx: on a loaded two-core machine that
      // alone has taken over a minute.
      150_000,
    );
    await waitFor(
      () => childrenOf(child.pid!).length === 2,
      () => `two workers (${childrenOf(child.pid!).join(' ')}):\n${output}`,
    );
  }, 240_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      for (const pid of childrenOf(child.pid!)) process.kill(pid, 'SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const register = async (i: number) => {
    const telephone = `+38063${String(1_000_000 + i).padStart(7, '0')}`;
    const response = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `Учень ${i}`,
        telephone,
        email: `pupil${i}@example.com`,
        password: 'Secret2024',
      }),
    });
    return { status: response.status, body: (await response.json()) as { token?: string } };
  };

  it('serves from two workers, and writes from both at once all succeed', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => register(i)));
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));
    // Every session works from whichever worker answers.
    const users = await Promise.all(
      results.map((r) =>
        fetch(`${base}/auth/getUser`, {
          method: 'POST',
          headers: { authorization: `Bearer ${r.body.token}`, 'content-type': 'application/json' },
          body: '{}',
        }).then((response) => response.status),
      ),
    );
    expect(users).toEqual(Array(40).fill(200));
  }, 60_000);

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const [victim] = childrenOf(child.pid!);
    process.kill(victim!, 'SIGKILL');
    let failures = 0;
    for (let i = 0; i < 50; i += 1) {
      const response = await fetch(`${base}/courses?limit=5`).catch(() => undefined);
      if (!response?.ok) failures += 1;
    }
    // Requests in flight on the killed worker may fail; new ones go to the live one.
    expect(failures).toBeLessThanOrEqual(2);
    await waitFor(
      () => {
        const workers = childrenOf(child.pid!);
        return workers.length === 2 && !workers.includes(victim!);
      },
      () => 'a replacement worker',
    );
    expect(output).toMatch(/exited \(SIGKILL\); starting another/);
  }, 60_000);

  it('stops every worker on SIGTERM', async () => {
    const workers = childrenOf(child.pid!);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(child.exitCode).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});
