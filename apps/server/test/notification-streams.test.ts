/**
 * The live notification stream's defences (SECURITY.md, second round,
 * findings 1 and 2 and the ordering and header items): its limits per
 * account, per address and per process while other clients are served; its
 * end with its session, in this process and in another; its signed links;
 * its security headers; and no notification skipped when transactions commit
 * out of id order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@urok/contract/schemas';
import { buildApp, type AppInstance } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { connectRedis } from '../src/lib/redis-rate-limiter.ts';
import { cliActor } from '../src/lib/audit.ts';
import { setOperator } from '../src/features/admin/admin.service.ts';
import { notify } from '../src/features/notifications/notifications.service.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  testConfig,
  type Account,
  type TestDatabase,
} from './helpers.ts';
import { deleteKeys, isRedisReachable, TEST_REDIS_URL, uniqueKeyPrefix } from './redis-helpers.ts';

const redisReachable = await isRedisReachable();

/** One open stream as its client sees it. */
interface Watch {
  response: Response;
  /** Resolves when the server ends the stream (or rejects on a network error). */
  ended: Promise<void>;
  /** Every notification event so far. */
  events: Notification[];
  /** What came so far. */
  text(): string;
  /** The message of a refusal (the JSON body of an answer that is not a stream). */
  message(): Promise<string>;
  /** Resolves once `count` notification events have come. */
  waitFor(count: number, timeoutMs?: number): Promise<Notification[]>;
  stop(): void;
}

const open: Watch[] = [];

async function watch(url: string, headers: Record<string, string> = {}): Promise<Watch> {
  const connection = new AbortController();
  const response = await fetch(url, { headers, signal: connection.signal });
  const events: Notification[] = [];
  const waiters: (() => void)[] = [];
  let text = '';
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      const found = [...text.matchAll(/event: notification\ndata: (.*)\n\n/g)];
      if (found.length > events.length) {
        events.push(
          ...found.slice(events.length).map((match) => JSON.parse(match[1]!) as Notification),
        );
        for (const wake of waiters.splice(0)) wake();
      }
    }
  })();
  ended.catch(() => {});
  const result: Watch = {
    response,
    ended,
    events,
    text: () => text,
    async message() {
      await ended;
      return (JSON.parse(text) as { message: string }).message;
    },
    async waitFor(count, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${events.length} of ${count} notifications: ${text}`);
        await Promise.race([
          new Promise<void>((resolve) => waiters.push(resolve)),
          new Promise((resolve) => setTimeout(resolve, 50)),
        ]);
      }
      return events.slice(0, count);
    },
    stop: () => connection.abort(),
  };
  open.push(result);
  return result;
}

/** Whether `watch` ends within `ms`. */
async function endsWithin(stream: Watch, ms: number): Promise<boolean> {
  return Promise.race([
    stream.ended.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
}

function note(title: string) {
  return { kind: 'assignment.published' as const, title, body: 'Тіло', link: '/grades' };
}

afterAll(() => {
  for (const stream of open) stream.stop();
});

describe.each(databaseTargets)('the live stream on $name', (target) => {
  let database: TestDatabase;
  const keyPrefix = uniqueKeyPrefix();
  const apps: AppInstance[] = [];
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    for (const stream of open) stream.stop();
    for (const app of apps) {
      app.server.closeAllConnections();
      await app.close();
    }
    await database.close();
    if (redisReachable) await deleteKeys(keyPrefix);
  });

  const start = async (
    overrides: Partial<Config> = {},
    options: { redis?: boolean; db?: TestDatabase['db'] } = {},
  ) => {
    const config = testConfig(database.dataDir, { redisKeyPrefix: keyPrefix, ...overrides });
    const redis = options.redis ? await connectRedis(TEST_REDIS_URL) : undefined;
    const app = await buildApp({
      config,
      db: options.db ?? database.db,
      dialect: database.dialect,
      redis,
    });
    apps.push(app);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url, stream: `${url}/api/notifications/stream` };
  };

  const limits = (perAccount: number, perAddress: number, perProcess: number) => ({
    streams: { perAccount, perAddress, perProcess },
  });

  it('answers with the API security headers', async () => {
    const { app, stream } = await start();
    const student = await registerAccount(app);
    const live = await watch(stream, bearer(student.token));
    expect(live.response.status).toBe(200);
    const headers = live.response.headers;
    expect(headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-request-id')).toBeTruthy();
    live.stop();
  });

  it('keeps an account to its limit while it opens ten times as many, and serves another client meanwhile', async () => {
    const { app, url, stream } = await start(limits(3, 1000, 1000));
    const greedy = await registerAccount(app);
    const other = await registerAccount(app);
    const others: Promise<number>[] = [];
    const watches: Watch[] = [];
    for (let i = 0; i < 30; i += 1) {
      watches.push(await watch(stream, bearer(greedy.token)));
      // Another client signs in, reads, and asks for health while the streams open.
      if (i % 5 === 0) {
        others.push(
          fetch(`${url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ telephone: other.telephone, password: other.password }),
          }).then((r) => r.status),
          fetch(`${url}/api/notifications`, { headers: bearer(other.token) }).then((r) => r.status),
          fetch(`${url}/api/health`).then((r) => r.status),
        );
      }
    }
    expect(watches.every((live) => live.response.status === 200)).toBe(true);
    expect(await Promise.all(others)).toEqual(others.map(() => 200));
    // Every stream but the newest three was closed by the server.
    for (const live of watches.slice(0, 27)) expect(await endsWithin(live, 2000)).toBe(true);
    // Each was told why, so a browser waits before it takes a slot back.
    expect(watches[0]!.text()).toContain('event: end\ndata: {"reason":"replaced"}\n\n');
    for (const live of watches.slice(27)) expect(await endsWithin(live, 50)).toBe(false);
    expect(app.notificationStreams.size).toBe(3);
    // The three still deliver.
    await notify(database.db, [greedy.user._id], () => note('Після зливи'));
    app.notificationBus.announce([greedy.user._id]);
    for (const live of watches.slice(27))
      expect((await live.waitFor(1))[0]!.title).toBe('Після зливи');
    for (const live of watches) live.stop();
  });

  it('refuses streams over the limit of an address (an IPv6 /64) and of the process, with a 429 and a sentence', async () => {
    const { app, stream } = await start({ ...limits(2, 4, 6), trustProxy: 1 });
    const accounts: Account[] = [];
    for (let i = 0; i < 6; i += 1) accounts.push(await registerAccount(app));
    const from = (account: Account, address: string) =>
      watch(stream, { ...bearer(account.token), 'x-forwarded-for': address });
    // One /64: four streams of two accounts, then the fifth (a third account) is refused.
    const first = [
      await from(accounts[0]!, '2001:db8:1:2::1'),
      await from(accounts[0]!, '2001:db8:1:2::2'),
      await from(accounts[1]!, '2001:db8:1:2:ffff::3'),
      await from(accounts[1]!, '2001:db8:1:2::4'),
    ];
    expect(first.map((live) => live.response.status)).toEqual([200, 200, 200, 200]);
    const refused = await from(accounts[2]!, '2001:db8:1:2::5');
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBeTruthy();
    expect(await refused.message()).toMatch(/адреси/);
    // Another /64 is another address; the process holds six at most.
    expect((await from(accounts[2]!, '2001:db8:1:3::1')).response.status).toBe(200);
    expect((await from(accounts[3]!, '198.51.100.7')).response.status).toBe(200);
    const busy = await from(accounts[4]!, '198.51.100.8');
    expect(busy.response.status).toBe(429);
    expect(await busy.message()).toMatch(/Сервер/);
    expect(app.notificationStreams.size).toBe(6);
    // A stream that closes gives its place back.
    first[0]!.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await from(accounts[5]!, '198.51.100.9')).response.status).toBe(200);
  });

  it('closes a session’s streams at once when it signs out, changes its password, or is blocked', async () => {
    const { app, url, stream } = await start();
    const student = await registerAccount(app);
    const second = (await (
      await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ telephone: student.telephone, password: student.password }),
      })
    ).json()) as { token: string };
    const mine = await watch(stream, bearer(student.token));
    const other = await watch(stream, bearer(second.token));
    // A password change ends the other session's stream, not this one's.
    const change = await fetch(`${url}/api/auth/password`, {
      method: 'PUT',
      headers: { ...bearer(student.token), 'content-type': 'application/json' },
      body: JSON.stringify({
        currentPassword: student.password,
        newPassword: 'Zoloti-Vorota-1240',
      }),
    });
    expect(change.status).toBe(200);
    expect(await endsWithin(other, 1000)).toBe(true);
    expect(await endsWithin(mine, 100)).toBe(false);
    // Signing out ends this one.
    expect(
      (await fetch(`${url}/api/auth/logout`, { method: 'POST', headers: bearer(student.token) }))
        .status,
    ).toBe(204);
    expect(await endsWithin(mine, 1000)).toBe(true);
    expect(mine.text()).toContain('event: end\ndata: {"reason":"signed-out"}\n\n');

    // A block ends every stream of the account.
    const victim = await registerAccount(app);
    const operator = await registerAccount(app);
    await setOperator(database.db, operator.user._id, true, cliActor('test'));
    const victimStream = await watch(stream, bearer(victim.token));
    const block = await fetch(`${url}/api/admin/users/${victim.user._id}/block`, {
      method: 'POST',
      headers: bearer(operator.token),
    });
    expect(block.status).toBe(200);
    expect(await endsWithin(victimStream, 1000)).toBe(true);
  });

  it('checks its session again at each keep-alive (a session ended without a word on the bus)', async () => {
    const { app, stream } = await start({ streamKeepAliveMs: 150 });
    const student = await registerAccount(app);
    const live = await watch(stream, bearer(student.token));
    expect(await endsWithin(live, 400)).toBe(false);
    await database.db.deleteFrom('sessions').where('user_id', '=', student.user._id).execute();
    expect(await endsWithin(live, 1000)).toBe(true);
  });

  it.skipIf(!redisReachable)(
    'across two processes with Redis: a sign-out on one closes the stream on the other, and the account limit holds across both',
    async () => {
      const one = await start(limits(2, 1000, 1000), { redis: true });
      const two = await start(limits(2, 1000, 1000), { redis: true, db: database.connectAgain() });
      const student = await registerAccount(one.app);
      const onTwo = await watch(two.stream, bearer(student.token));
      expect(onTwo.response.status).toBe(200);
      const signedOut = performance.now();
      const logout = await fetch(`${one.url}/api/auth/logout`, {
        method: 'POST',
        headers: bearer(student.token),
      });
      expect(logout.status).toBe(204);
      expect(await endsWithin(onTwo, 1000)).toBe(true);
      expect(performance.now() - signedOut).toBeLessThan(1000);

      // Two streams on the first process, a third on the second: the oldest, on the first, closes.
      const other = await registerAccount(one.app);
      const a = await watch(one.stream, bearer(other.token));
      const b = await watch(one.stream, bearer(other.token));
      const c = await watch(two.stream, bearer(other.token));
      expect([a, b, c].map((live) => live.response.status)).toEqual([200, 200, 200]);
      expect(await endsWithin(a, 1000)).toBe(true);
      expect(await endsWithin(b, 100)).toBe(false);
      expect(await endsWithin(c, 100)).toBe(false);
    },
  );

  it('opens with a signed link (EventSource’s way) that names one session, expires, and takes one form only', async () => {
    const { app, url } = await start();
    const student = await registerAccount(app);
    const made = await fetch(`${url}/api/notifications/stream-link`, {
      method: 'POST',
      headers: bearer(student.token),
    });
    expect(made.status).toBe(200);
    const { url: link, expiresAt } = (await made.json()) as { url: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
    const live = await watch(`${url}${link}`);
    expect(live.response.status).toBe(200);
    await notify(database.db, [student.user._id], () => note('Через посилання'));
    app.notificationBus.announce([student.user._id]);
    expect((await live.waitFor(1))[0]!.title).toBe('Через посилання');

    const query = new URL(link, url).searchParams;
    const variant = (change: Record<string, string>) => {
      const next = new URLSearchParams(query);
      for (const [key, value] of Object.entries(change)) next.set(key, value);
      return `${url}/api/notifications/stream?${next.toString()}`;
    };
    const other = await registerAccount(app);
    for (const bad of [
      variant({
        sig: `${query.get('sig')!.slice(0, -1)}${query.get('sig')!.endsWith('A') ? 'B' : 'A'}`,
      }),
      variant({ sig: `${query.get('sig')}=` }),
      variant({ exp: `0${query.get('exp')}` }),
      variant({ exp: String(Number(query.get('exp')) + 1) }),
      variant({ u: other.user._id }),
      variant({ exp: String(Math.floor(Date.now() / 1000) - 1) }),
    ]) {
      const response = await fetch(bad);
      expect(response.status, bad).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
    // Signed out, the link opens nothing, and the stream it opened has closed.
    await fetch(`${url}/api/auth/logout`, { method: 'POST', headers: bearer(student.token) });
    expect(await endsWithin(live, 1000)).toBe(true);
    expect((await fetch(`${url}${link}`)).status).toBe(401);
    expect((await fetch(`${url}/api/notifications/stream-link`, { method: 'POST' })).status).toBe(
      401,
    );
  });

  it('does not send again what was there when it opened, though it reads the last minute again', async () => {
    const { app, stream } = await start();
    const student = await registerAccount(app);
    await notify(database.db, [student.user._id], () => note('Уже в списку'));
    const live = await watch(stream, bearer(student.token));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await notify(database.db, [student.user._id], () => note('Нове'));
    app.notificationBus.announce([student.user._id]);
    await live.waitFor(1);
    app.notificationBus.announce([student.user._id]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(live.events.map((n) => n.title)).toEqual(['Нове']);
  });

  it.skipIf(target.name !== 'postgres')(
    'sends a notification whose transaction commits after a later one was sent (two overlapping transactions)',
    async () => {
      const { app, stream } = await start();
      const student = await registerAccount(app);
      const live = await watch(stream, bearer(student.token));
      await new Promise((resolve) => setTimeout(resolve, 100));
      let releaseFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      let firstWritten!: () => void;
      const firstHasItsId = new Promise<void>((resolve) => {
        firstWritten = resolve;
      });
      // The first transaction takes its (smaller) id, then waits to commit.
      const first = database.db.transaction().execute(async (trx) => {
        await notify(trx, [student.user._id], () => note('Перша, зафіксована пізніше'));
        firstWritten();
        await firstMayCommit;
      });
      await firstHasItsId;
      // The second takes a later id and commits at once; the stream sends it.
      await database
        .connectAgain()
        .transaction()
        .execute(async (trx) => {
          await notify(trx, [student.user._id], () => note('Друга, зафіксована раніше'));
        });
      app.notificationBus.announce([student.user._id]);
      expect((await live.waitFor(1))[0]!.title).toBe('Друга, зафіксована раніше');
      releaseFirst();
      await first;
      app.notificationBus.announce([student.user._id]);
      const both = await live.waitFor(2);
      expect(both.map((n) => n.title)).toEqual([
        'Друга, зафіксована раніше',
        'Перша, зафіксована пізніше',
      ]);
    },
  );
});
