/**
 * `npm run test:cluster`: the deployment of deploy/ on loopback — two Urok
 * processes behind nginx (deploy/nginx.conf, its upstream and port
 * rewritten), on one PostgreSQL database, one Redis and one S3 store
 * (s3rver). Nothing a user sees may depend on which process answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredInCi } from '../backends.ts';
import { startS3Server, type S3TestServer } from '../s3-server.ts';
import { deleteKeys, isRedisReachable, TEST_REDIS_URL, uniqueKeyPrefix } from '../redis-helpers.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, what: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`${what} did not answer /api/health`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const NGINX = '/usr/sbin/nginx';
// Skipped on a machine without nginx or Redis; under CI=true either missing fails (backends.ts).
const missing = [
  ...(requiredInCi(`nginx (${NGINX}: apt-get install nginx)`, fs.existsSync(NGINX))
    ? []
    : [`nginx (${NGINX}: apt-get install nginx)`]),
  ...((await isRedisReachable()) ? [] : [`Redis at ${TEST_REDIS_URL}`]),
];
if (missing.length > 0)
  console.warn(`The cluster test is skipped: it needs ${missing.join(' and ')}.`);

describe.skipIf(missing.length > 0)(
  'two Urok processes behind nginx, on PostgreSQL, Redis and S3',
  () => {
    const database = `urok_cluster_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).href;
    const keyPrefix = uniqueKeyPrefix();
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-cluster-'));
    let s3: S3TestServer;
    let env: Record<string, string>;
    const processes: { port: number; base: string; child?: ChildProcess }[] = [];
    let nginx: ChildProcess;
    let front: string;
    let output = '';

    const startUrok = async (index: number) => {
      const entry = processes[index]!;
      entry.child = spawn(
        process.execPath,
        ['--require', './apps/server/threadpool.cjs', '--import', 'tsx', 'apps/server/src/main.ts'],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            ...env,
            PORT: String(entry.port),
            DATA_DIR: path.join(work, `p${index}`),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      entry.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      entry.child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitForHealth(entry.base, `process ${index}:\n${output}`);
    };

    beforeAll(async () => {
      await admin(`create database ${database}`);
      s3 = await startS3Server();
      const bucket = await s3.createBucket();
      env = {
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: keyPrefix,
        STORAGE_URL: `s3://${bucket.bucket}`,
        S3_ENDPOINT: bucket.endpoint!,
        S3_REGION: bucket.region,
        TRUST_PROXY: '127.0.0.1',
        UROK_DEMO: '0',
        LOG_LEVEL: 'warn',
        RATE_LIMIT: 'off',
        WEB_DIST: path.join(work, 'no-web-app'),
      };
      for (let i = 0; i < 2; i += 1) {
        const port = await freePort();
        processes.push({ port, base: `http://127.0.0.1:${port}` });
      }
      // The first migrates the new database; the second finds it ready.
      await startUrok(0);
      await startUrok(1);

      const frontPort = await freePort();
      front = `http://127.0.0.1:${frontPort}`;
      const site = fs
        .readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8')
        .replace(
          /upstream urok \{[\s\S]*?\n\}/,
          `upstream urok {\n${processes
            .map((p) => `    server 127.0.0.1:${p.port} max_fails=3 fail_timeout=10s;`)
            .join('\n')}\n    keepalive 64;\n}`,
        )
        .replace('listen 80;', `listen 127.0.0.1:${frontPort};`);
      fs.writeFileSync(path.join(work, 'urok.conf'), site);
      fs.writeFileSync(
        path.join(work, 'nginx.conf'),
        `daemon off;\npid ${work}/nginx.pid;\nerror_log ${work}/nginx-error.log;\nevents {}\nhttp {\n` +
          `  access_log off;\n  client_body_temp_path ${work}/body;\n  proxy_temp_path ${work}/proxy;\n` +
          `  fastcgi_temp_path ${work}/fastcgi;\n  uwsgi_temp_path ${work}/uwsgi;\n  scgi_temp_path ${work}/scgi;\n` +
          `  include ${work}/urok.conf;\n}\n`,
      );
      nginx = spawn(NGINX, ['-p', work, '-c', path.join(work, 'nginx.conf')], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      nginx.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitForHealth(front, `nginx:\n${output}`, 20_000);
    }, 180_000);

    afterAll(async () => {
      nginx?.kill('SIGTERM');
      for (const p of processes) p.child?.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await admin(`drop database if exists ${database} with (force)`).catch(() => {});
      await s3?.close();
      await deleteKeys(keyPrefix);
      fs.rmSync(work, { recursive: true, force: true });
    }, 60_000);

    const json = async (
      base: string,
      method: string,
      url: string,
      token?: string,
      body?: object,
    ) => {
      const response = await fetch(`${base}/api/${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    };
    let counter = 0;
    const register = async (base: string, name = 'Учень') => {
      counter += 1;
      const telephone = `+38066${String(Date.now() % 1e4).padStart(4, '0')}${String(counter).padStart(3, '0')}`;
      const result = await json(base, 'POST', 'auth/register', undefined, {
        username: `${name} ${counter}`,
        telephone,
        email: `c${counter}-${Date.now()}@example.com`,
        password: 'Secret2024',
      });
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      return { token: result.body.token as string, id: result.body.user._id as string, telephone };
    };
    /** A teacher and an operator, made as the first operator is: through the admin CLI's services. */
    const promote = async (userId: string, role: 'teacher' | 'operator') => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        if (role === 'teacher')
          await client.query('update users set is_admin = 1 where id = $1', [userId]);
        else await client.query('update users set is_operator = 1 where id = $1', [userId]);
      } finally {
        await client.end();
      }
    };
    const a = () => processes[0]!.base;
    const b = () => processes[1]!.base;

    it('a student uploads through one process, the teacher downloads the same bytes through the other', async () => {
      const teacher = await register(a(), 'Вчитель');
      await promote(teacher.id, 'teacher');
      const form = new FormData();
      form.set('title', 'Фізика кластера');
      form.set('description', 'Курс для перевірки двох процесів.');
      form.set('category', 'Фізика');
      const created = await fetch(`${a()}/api/courses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${teacher.token}` },
        body: form,
      });
      expect(created.status).toBe(201);
      const course = ((await created.json()) as { course: { _id: string } }).course;
      const student = await register(a());
      expect((await json(a(), 'POST', `courses/${course._id}/enroll`, student.token)).status).toBe(
        200,
      );
      const upload = new FormData();
      upload.set('courseId', course._id);
      upload.set('file', new Blob([PDF], { type: 'application/pdf' }), 'робота.pdf');
      const sent = await fetch(`${a()}/api/courses/upload-homework`, {
        method: 'POST',
        headers: { authorization: `Bearer ${student.token}` },
        body: upload,
      });
      expect(sent.status).toBe(201);
      const homework = ((await sent.json()) as { homework: { _id: string } }).homework;
      const file = await fetch(`${b()}/api/homework/${homework._id}/file`, {
        headers: { authorization: `Bearer ${teacher.token}` },
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

      // An enrolment through one is in the next list through the other.
      const late = await register(b());
      expect((await json(b(), 'GET', `user/${late.id}/courses`, late.token)).body.courses).toEqual(
        [],
      );
      expect((await json(a(), 'POST', `courses/${course._id}/enroll`, late.token)).status).toBe(
        200,
      );
      const list = await json(b(), 'GET', `user/${late.id}/courses`, late.token);
      expect(list.body.courses.map((c: { _id: string }) => c._id)).toEqual([course._id]);
    });

    it('a resumable upload started through one process continues and finishes through the other', async () => {
      const teacher = await register(a(), 'Вчитель');
      await promote(teacher.id, 'teacher');
      const form = new FormData();
      form.set('title', 'Курс із відновлюваним завантаженням');
      form.set('description', 'Курс для перевірки tus у двох процесах.');
      form.set('category', 'Фізика');
      const created = await fetch(`${a()}/api/courses`, {
        method: 'POST',
        headers: { authorization: `Bearer ${teacher.token}` },
        body: form,
      });
      expect(created.status).toBe(201);
      const course = ((await created.json()) as { course: { _id: string } }).course;
      const student = await register(a());
      expect((await json(a(), 'POST', `courses/${course._id}/enroll`, student.token)).status).toBe(
        200,
      );
      const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${student.token}` };
      const meta = (pairs: Record<string, string>) =>
        Object.entries(pairs)
          .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
          .join(',');
      const started = await fetch(`${a()}/api/uploads`, {
        method: 'POST',
        headers: {
          ...tus,
          'upload-length': String(PDF.length),
          'upload-metadata': meta({
            purpose: 'homework',
            courseId: course._id,
            filename: 'робота.pdf',
          }),
        },
      });
      expect(started.status, await started.clone().text()).toBe(201);
      const location = new URL(started.headers.get('location')!, a()).pathname;
      const half = Math.floor(PDF.length / 2);
      const patch = (base: string, offset: number, bytes: Buffer) =>
        fetch(`${base}${location}`, {
          method: 'PATCH',
          headers: {
            ...tus,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: bytes,
        });
      expect((await patch(a(), 0, PDF.subarray(0, half))).status).toBe(204);
      // The other process knows where it stopped, takes the rest and finishes it.
      const head = await fetch(`${b()}${location}`, { method: 'HEAD', headers: tus });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(half));
      expect((await patch(b(), half, PDF.subarray(half))).status).toBe(204);
      const result = await json(
        a(),
        'GET',
        `${location.replace(/^\/api\//, '')}/result`,
        student.token,
      );
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const file = await fetch(`${a()}/api/homework/${result.body.homework._id}/file`, {
        headers: { authorization: `Bearer ${teacher.token}` },
      });
      expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    });

    it('a logout, a block and a demotion through one are refused by the other on the next request', async () => {
      const leaving = await register(a());
      expect((await json(b(), 'POST', 'auth/getUser', leaving.token, {})).status).toBe(200);
      expect((await json(a(), 'POST', 'auth/logout', leaving.token, {})).status).toBeLessThan(300);
      expect((await json(b(), 'POST', 'auth/getUser', leaving.token, {})).status).toBe(401);

      const operator = await register(a(), 'Оператор');
      await promote(operator.id, 'operator');
      const blocked = await register(a());
      expect((await json(b(), 'POST', 'auth/getUser', blocked.token, {})).status).toBe(200);
      expect(
        (await json(a(), 'POST', `admin/users/${blocked.id}/block`, operator.token, {})).status,
      ).toBe(200);
      expect((await json(b(), 'POST', 'auth/getUser', blocked.token, {})).status).toBe(401);

      const teacher = await register(a(), 'Вчитель');
      await promote(teacher.id, 'teacher');
      expect((await json(b(), 'GET', 'users/created-courses', teacher.token)).status).toBe(200);
      const demote = await json(a(), 'PUT', `admin/users/${teacher.id}/role`, operator.token, {
        role: 'student',
      });
      expect(demote.status).toBe(200);
      expect((await json(b(), 'GET', 'users/created-courses', teacher.token)).status).toBe(403);
    });

    it('loses no acknowledged write when a process is killed under load; reads keep working; it rejoins', async () => {
      let running = true;
      const acknowledged: string[] = [];
      let readFailures = 0;
      let reads = 0;
      const reader = async () => {
        while (running) {
          const response = await fetch(`${front}/api/courses?limit=5`).catch(() => undefined);
          reads += 1;
          if (!response?.ok) readFailures += 1;
          await response?.arrayBuffer();
        }
      };
      const writer = async (n: number) => {
        for (let i = 0; running; i += 1) {
          const telephone = `+38068${String(n).padStart(2, '0')}${String(i).padStart(5, '0')}`;
          const response = await fetch(`${front}/api/auth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              username: `Навантаження ${n}-${i}`,
              telephone,
              email: `load-${n}-${i}-${Date.now()}@example.com`,
              password: 'Secret2024',
            }),
          }).catch(() => undefined);
          if (response?.status === 201) acknowledged.push(telephone);
          await response?.arrayBuffer();
        }
      };
      const load = [
        ...Array.from({ length: 8 }, () => reader()),
        ...Array.from({ length: 4 }, (_, n) => writer(n)),
      ];
      await new Promise((resolve) => setTimeout(resolve, 1500));
      processes[0]!.child!.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await startUrok(0);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      running = false;
      await Promise.all(load);

      expect(reads).toBeGreaterThan(50);
      // nginx retries a GET on the other process when one is gone: none is lost.
      expect(readFailures, `${readFailures} of ${reads} reads failed`).toBe(0);
      expect(acknowledged.length).toBeGreaterThan(10);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const found = await client.query('select telephone from users where telephone = any($1)', [
          acknowledged,
        ]);
        expect(found.rowCount).toBe(acknowledged.length);
      } finally {
        await client.end();
      }

      // The restarted process serves again: with the other one stopped, nginx answers from it once
      // the failures it saw during the kill are older than fail_timeout (10 s, deploy/nginx.conf).
      processes[1]!.child!.kill('SIGTERM');
      await new Promise((resolve) => processes[1]!.child!.once('exit', resolve));
      const until = Date.now() + 15_000;
      for (;;) {
        const response = await fetch(`${front}/api/courses?limit=5`);
        await response.arrayBuffer();
        if (response.status === 200) break;
        expect(Date.now(), 'the restarted process never rejoined').toBeLessThan(until);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      for (let i = 0; i < 10; i += 1) {
        const response = await fetch(`${front}/api/courses?limit=5`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
    }, 120_000);
  },
);
