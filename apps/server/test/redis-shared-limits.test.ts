import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import { RATE_LIMITS } from '../src/lib/rate-limiter.ts';
import {
  countKeys,
  deleteKeys,
  isRedisReachable,
  TEST_REDIS_URL,
  uniqueKeyPrefix,
} from './redis-helpers.ts';
import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import { buildApp, type AppInstance } from '../src/app.ts';
import { closeRedis, connectRedis } from '../src/lib/redis-rate-limiter.ts';
import {
  bearer,
  createTestApp,
  databaseTargets,
  registerAccount,
  uniqueTelephone,
  type TestApp,
} from './helpers.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const mainScript = path.join(repoRoot, 'apps/server/src/main.ts');

interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
}

/** A real server process (what `npm start` runs) on a free port, with its own SQLite database. */
function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      UROK_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in 30 s:\n${output}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, dataDir, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

const redisReachable = await isRedisReachable();
if (!redisReachable)
  console.warn(`Redis at ${TEST_REDIS_URL} is not reachable: the shared-limit suite is skipped.`);

describe.skipIf(!redisReachable)('rate limits shared by two server processes through Redis', () => {
  const keyPrefix = uniqueKeyPrefix();
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      RATE_LIMIT: 'on',
      // Addresses from X-Forwarded-For, so one test plays several clients; short waits keep it fast.
      TRUST_PROXY: '1',
      LOGIN_FAILURE_DELAY_MS: '10',
    };
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }, 40_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await deleteKeys(keyPrefix);
    expect(await countKeys(keyPrefix)).toBe(0);
  }, 20_000);

  const post = (server: ServerProcess, path: string, body: unknown, address: string) =>
    fetch(`${server.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
  const login = (server: ServerProcess, telephone: string, password: string, address: string) =>
    post(server, 'auth/login', { telephone, password }, address);

  it(`${RATE_LIMITS.loginFailuresPerPair.limit} failed sign-ins of one telephone from one address, spread over both processes: the next is 429 from either, while the owner elsewhere signs in`, async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    expect(a.url).not.toBe(b.url);
    const telephone = uniqueTelephone();
    const password = 'Shared2024x';
    // Each process has a database of its own: the same account in both.
    for (const server of [a, b]) {
      const registered = await post(
        server,
        'auth/register',
        { username: 'Shared Limits', email: 'shared@example.com', telephone, password },
        '10.20.0.1',
      );
      expect(registered.status).toBe(201);
    }

    const guesser = '10.20.0.66';
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerPair.limit; i += 1) {
      const response = await login(i % 2 === 0 ? a : b, telephone, 'Wrong2024x', guesser);
      expect(response.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const server of [a, b]) {
      for (const attempt of ['Wrong2024x', password]) {
        const refused = await login(server, telephone, attempt, guesser);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({
          message: messages.tooManyRequests,
          code: 'TOO_MANY_REQUESTS',
        });
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.loginFailuresPerPair.windowSeconds);
      }
    }
    // The owner, from another address, on either process; and successes are not counted.
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerPair.limit + 2; i += 1) {
      const response = await login(i % 2 === 0 ? a : b, telephone, password, '10.20.0.2');
      expect(response.status, `sign-in ${i + 1}`).toBe(200);
    }
    // Another number from the guesser's address is not affected, on either process.
    expect((await login(a, uniqueTelephone(), 'Wrong2024x', guesser)).status).toBe(401);
    expect((await login(b, uniqueTelephone(), 'Wrong2024x', guesser)).status).toBe(401);
    // The counters live in Redis under the configured prefix.
    expect(await countKeys(keyPrefix)).toBeGreaterThan(0);
  });

  it(`register: ${RATE_LIMITS.registerPerIp.limit} from one address spread over both processes, then 429 from either`, async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const register = (server: ServerProcess) =>
      post(
        server,
        'auth/register',
        {
          username: 'Shared Limits',
          email: 'shared@example.com',
          telephone: uniqueTelephone(),
          password: 'Shared2024x',
        },
        '10.20.0.50',
      );
    for (let i = 0; i < RATE_LIMITS.registerPerIp.limit; i += 1)
      expect((await register(i % 2 === 0 ? a : b)).status, `${i + 1}`).toBe(201);
    for (const server of [a, b]) {
      const refused = await register(server);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        message: messages.tooManyRequests,
        code: 'TOO_MANY_REQUESTS',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('a server whose Redis cannot be reached does not start, and says why', async () => {
    await expect(
      startServer({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: keyPrefix }),
    ).rejects.toThrow(/exited with 1:[\s\S]*Cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
  }, 20_000);
});

describe.skipIf(!redisReachable)(
  "@fastify/rate-limit's Redis store: two apps on one Redis share every count",
  () => {
    const keyPrefix = uniqueKeyPrefix();
    let t: TestApp;
    const apps: AppInstance[] = [];
    const logLines: string[] = [];

    /** An app of the test's database counting in Redis through a client of its own. */
    const limitedApp = async (redis?: Redis, logged = false) =>
      buildApp(
        {
          config: { ...t.config, rateLimit: true, redisKeyPrefix: keyPrefix },
          db: t.db,
          dialect: 'sqlite',
          redis: redis ?? (await connectRedis(TEST_REDIS_URL)),
        },
        logged
          ? {
              logger: {
                level: 'error',
                stream: new Writable({
                  write(chunk, _encoding, done) {
                    logLines.push(String(chunk));
                    done();
                  },
                }),
              },
            }
          : {},
      );

    beforeAll(async () => {
      t = await createTestApp(databaseTargets[0]!);
      apps.push(await limitedApp(), await limitedApp());
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await t?.close();
      await deleteKeys(keyPrefix);
    });

    function expectTooMany(
      response: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
      windowSeconds: number,
    ) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        message: messages.tooManyRequests,
        code: 'TOO_MANY_REQUESTS',
      });
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      // The library's own headers are not sent: the answer is the API's usual 429.
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }

    it(`register (per address): ${RATE_LIMITS.registerPerIp.limit} spread over both apps, then 429 from either; other addresses go on`, async () => {
      const [a, b] = apps as [AppInstance, AppInstance];
      const { limit, windowSeconds } = RATE_LIMITS.registerPerIp;
      const register = (app: AppInstance, remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            username: 'Shared Limits',
            email: 'shared@example.com',
            telephone: uniqueTelephone(),
            password: 'Shared2024x',
          },
          remoteAddress,
        });
      for (let i = 0; i < limit; i += 1)
        expect((await register(i % 2 ? a : b, '10.30.0.1')).statusCode, `${i + 1}`).toBe(201);
      expectTooMany(await register(a, '10.30.0.1'), windowSeconds);
      expectTooMany(await register(b, '10.30.0.1'), windowSeconds);
      expect((await register(a, '10.30.0.2')).statusCode).toBe(201);
      // The counters live in Redis under the configured prefix.
      expect(await countKeys(`${keyPrefix}`)).toBeGreaterThan(0);
    });

    it(`calendar feed (per account): ${RATE_LIMITS.calendarFeedPerUser.limit} spread over both apps, then 429 from either; other accounts go on`, async () => {
      const [a, b] = apps as [AppInstance, AppInstance];
      const { limit, windowSeconds } = RATE_LIMITS.calendarFeedPerUser;
      const [account, other] = [await registerAccount(t.app), await registerAccount(t.app)];
      const feed = (app: AppInstance, token: string) =>
        app.inject({ method: 'POST', url: '/api/calendar/feed', headers: bearer(token) });
      for (let i = 0; i < limit; i += 1)
        expect((await feed(i % 2 ? a : b, account.token)).statusCode, `${i + 1}`).toBe(201);
      expectTooMany(await feed(a, account.token), windowSeconds);
      expectTooMany(await feed(b, account.token), windowSeconds);
      expect((await feed(b, other.token)).statusCode).toBe(201);
      // Without a session it is 401, not a count.
      expect((await a.inject({ method: 'POST', url: '/api/calendar/feed' })).statusCode).toBe(401);
    });

    it('Redis lost after start-up: requests are allowed and each failure is logged', async () => {
      const redis = await connectRedis(TEST_REDIS_URL);
      const app = await limitedApp(redis, true);
      apps.push(app);
      // The client the app counts with goes away (as when Redis stops).
      await closeRedis(redis);
      const { limit } = RATE_LIMITS.pledgePerIp;
      for (let i = 0; i < limit + 2; i += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/pledges',
          payload: { name: 'Марія Коваль', amount: 500, message: 'Дякую.' },
          remoteAddress: '10.30.0.9',
        });
        expect(response.statusCode, `pledge ${i + 1}`).toBe(201);
      }
      const failures = logLines.filter((line) =>
        line.includes('rate limit store failed; request allowed'),
      );
      expect(failures).toHaveLength(limit + 2);
    });
  },
);
