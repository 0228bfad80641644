import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TrustProxy } from '../src/config.ts';
import {
  bearer,
  createTestApp,
  databaseTargets,
  registerAccount,
  type TestApp,
} from './helpers.ts';
import {
  createCourse,
  enroll,
  registerTeacher,
  SAMPLE_JPEG,
  uploadHomework,
} from './course-fixtures.ts';

/**
 * A built web app of a few files (the page, a hashed asset, the service
 * worker, its Workbox runtime, the manifest and an icon), so the suite does
 * not depend on `npm run build`.
 */
function makeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Urok</title><script type="module" src="/assets/app.js"></script>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("urok")');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'importScripts("/workbox-1a2b3c4d.js");');
  fs.writeFileSync(path.join(dir, 'workbox-1a2b3c4d.js'), 'self.workbox = {};');
  fs.writeFileSync(
    path.join(dir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Урок', start_url: '/', display: 'standalone' }),
  );
  fs.writeFileSync(path.join(dir, 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return dir;
}

/** An answer read off the socket: its status and its headers, names in lower case. */
interface RawResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `head` (a request line and headers) as bytes on a new connection and reads the whole answer. */
function rawRequest(port: number, head: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n`));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [top = '', ...rest] = data.split('\r\n\r\n');
      const [status = '', ...lines] = top.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ statusCode: Number(status.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

function policyOf(response: LightMyRequestResponse | RawResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What every response carries, page or API answer. */
function expectCommonHeaders(response: LightMyRequestResponse | RawResponse, label: string) {
  const policy = policyOf(response);
  expect(policy.get('frame-ancestors'), `${label}: no framing`).toEqual(["'none'"]);
  expect(policy.get('object-src') ?? policy.get('default-src'), label).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['x-frame-options'], label).toBe('DENY');
  expect(response.headers['cross-origin-resource-policy'], label).toBe('same-origin');
  expect(response.headers['x-request-id'], `${label}: X-Request-Id`).toMatch(/^[0-9a-f-]{36}$/);
  expect(
    response.headers['strict-transport-security'],
    `${label}: no HSTS over plain http`,
  ).toBeUndefined();
}

/** A page or asset of the web app, or the docs: the policy for documents. */
function expectPageHeaders(response: LightMyRequestResponse | RawResponse, label: string) {
  expectCommonHeaders(response, label);
  const policy = policyOf(response);
  // No inline (or eval'd) script anywhere, the docs included.
  const scripts = [...(policy.get('script-src') ?? policy.get('default-src') ?? [])];
  expect(scripts, label).toEqual(["'self'"]);
  expect(response.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(response.headers['permissions-policy'], label).toContain('camera=()');
  expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin');
}

/**
 * An API answer (JSON, a file, an error): a policy that allows nothing, no
 * document-only headers, and no caching unless it is a public resource.
 */
function expectApiHeaders(
  response: LightMyRequestResponse | RawResponse,
  label: string,
  cacheControl = 'no-store',
) {
  expectCommonHeaders(response, label);
  expect(response.headers['cache-control'], `${label}: Cache-Control`).toBe(cacheControl);
  expect(response.headers['content-security-policy'], label).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
  for (const documentOnly of [
    'cross-origin-opener-policy',
    'permissions-policy',
    'x-xss-protection',
  ])
    expect(response.headers[documentOnly], `${label}: ${documentOnly}`).toBeUndefined();
}

describe.each(databaseTargets)('security headers on $name', (target) => {
  let t: TestApp;
  let webDist: string;
  let teacherToken: string;
  let teacherId: string;
  let studentToken: string;
  let studentId: string;
  let courseId: string;
  let homeworkId: string;
  let coverUrl: string;

  beforeAll(async () => {
    webDist = makeWebDist();
    t = await createTestApp(target, { config: { webDist } });
    const teacher = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, teacher, {}, { content: SAMPLE_JPEG });
    const student = await registerAccount(t.app);
    await enroll(t.app, student, course._id);
    homeworkId = (await uploadHomework(t.app, student, course._id))._id;
    teacherToken = teacher.token;
    teacherId = teacher.user._id;
    studentToken = student.token;
    studentId = student.user._id;
    courseId = course._id;
    coverUrl = course.coverUrl!;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('every kind of response carries its policy: pages, assets, JSON, files, 404s, errors, docs', async () => {
    const page = expectPageHeaders;
    const api = (response: LightMyRequestResponse, label: string) =>
      expectApiHeaders(response, label);
    const download = (response: LightMyRequestResponse, label: string) =>
      expectApiHeaders(response, label, 'private, no-store');
    const requests: [string, InjectOptions, number, typeof api][] = [
      ['the app at /', { url: '/' }, 200, page],
      ['a client route', { url: '/start' }, 200, page],
      ['a client route with a reset token', { url: '/reset-password?token=abc' }, 200, page],
      ['a built asset', { url: '/assets/app.js' }, 200, page],
      ['a missing asset', { url: '/assets/gone.js' }, 404, page],
      ['a malformed URL', { url: '/%E0%A4%A' }, 400, page],
      ['a malformed API URL', { url: '/api/%E0%A4%A' }, 400, api],
      ['the docs page', { url: '/api/docs' }, 200, page],
      ['a docs asset', { url: '/api/docs/static/swagger-initializer.js' }, 200, page],
      ['the OpenAPI document', { url: '/api/docs/json' }, 200, page],
      ['JSON', { url: '/api/courses' }, 200, api],
      ['JSON kept in the read cache', { url: '/api/courses' }, 200, api],
      ['health', { url: '/api/health' }, 200, api],
      ['an unknown API path', { url: '/api/nope' }, 404, api],
      ['a validation error', { url: '/api/courses?limit=abc' }, 400, api],
      ['no session', { method: 'POST', url: '/api/auth/logout' }, 401, api],
      [
        'malformed JSON',
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: '{bad',
          headers: { 'content-type': 'application/json' },
        },
        400,
        api,
      ],
      [
        'a cover image',
        { url: coverUrl },
        200,
        (response, label) =>
          expectApiHeaders(response, label, 'public, max-age=31536000, immutable'),
      ],
      [
        'a cover image asked for with a token',
        { url: coverUrl, headers: bearer(teacherToken) },
        200,
        api,
      ],
      ['a missing cover', { url: '/api/files/covers/nope.jpg' }, 404, api],
      [
        'a homework file',
        { url: `/api/homework/${homeworkId}/file`, headers: bearer(teacherToken) },
        200,
        download,
      ],
      [
        'a zip',
        { url: `/api/courses/${courseId}/homework.zip`, headers: bearer(teacherToken) },
        200,
        download,
      ],
      [
        'a CSV',
        { url: `/api/courses/${courseId}/grades.csv`, headers: bearer(teacherToken) },
        200,
        download,
      ],
    ];
    for (const [label, request, status, expectHeaders] of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, label).toBe(status);
      expectHeaders(response, label);
    }
  });

  it('pages may frame this origin (a submission preview) and the two video players a lesson embeds, nothing else', async () => {
    for (const url of ['/', '/mycourse-details/x/lessons/y']) {
      const policy = policyOf(await t.app.inject({ url }));
      expect(policy.get('frame-src'), url).toEqual([
        "'self'",
        'https://www.youtube-nocookie.com',
        'https://player.vimeo.com',
      ]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
    }
    // An API answer (a lesson video or file included) frames nothing.
    const api = policyOf(await t.app.inject({ url: `/api/courses/${courseId}/outline` }));
    expect(api.get('frame-src')).toBeUndefined();
    expect(api.get('default-src')).toEqual(["'none'"]);
  });

  it('every answer to a signed-in request is no-store, kept in the read cache or not, errors too', async () => {
    const requests: [string, InjectOptions, number][] = [
      [
        'auth/getUser',
        { method: 'POST', url: '/api/auth/getUser', headers: bearer(teacherToken) },
        200,
      ],
      [
        'users/created-courses',
        { url: '/api/users/created-courses', headers: bearer(teacherToken) },
        200,
      ],
      [
        'user/{id}/courses',
        { url: `/api/user/${studentId}/courses`, headers: bearer(studentToken) },
        200,
      ],
      [
        'own submissions',
        { url: `/api/courses/${courseId}/homework`, headers: bearer(studentToken) },
        200,
      ],
      [
        'the submissions view',
        { url: `/api/courses/${courseId}/userswithhw`, headers: bearer(teacherToken) },
        200,
      ],
      ['contacts', { url: '/api/contacts', headers: bearer(studentToken) }, 200],
      [
        "another user's courses",
        { url: `/api/user/${teacherId}/courses`, headers: bearer(studentToken) },
        403,
      ],
      [
        'a token that is no session',
        { url: '/api/users/created-courses', headers: bearer('x'.repeat(43)) },
        401,
      ],
      ['the catalog, signed in', { url: '/api/courses', headers: bearer(studentToken) }, 200],
    ];
    // Twice: the second answer of a cached read comes from the read cache's onRequest hook.
    for (const round of ['first', 'again']) {
      for (const [name, request, status] of requests) {
        const label = `${name} (${round})`;
        const response = await t.app.inject(request);
        expect(response.statusCode, label).toBe(status);
        expectApiHeaders(response, label);
      }
    }
    expect(t.app.readCache.size).toBeGreaterThan(0);
  });

  it('an absolute-form request line (GET http://host/api/… HTTP/1.1) gets the API headers', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    for (const [target, status] of [
      ['http://localhost/api/courses', 200],
      ['HTTP://localhost:3000/api/courses?limit=1', 200],
      ['http://localhost/api/nope', 404],
      [`http://localhost/api/users/created-courses`, 401],
    ] as const) {
      const response = await rawRequest(
        port,
        `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close`,
      );
      expect(response.statusCode, target).toBe(status);
      expectApiHeaders(response, target);
      expect(response.body, target).toMatch(/^\{/);
    }
    const signedIn = await rawRequest(
      port,
      `GET http://localhost/api/user/${studentId}/courses HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${studentToken}\r\nConnection: close`,
    );
    expect(signedIn.statusCode).toBe(200);
    expectApiHeaders(signedIn, 'absolute-form, signed in');
    // A page asked for in absolute form is still a page.
    const page = await rawRequest(
      port,
      'GET http://localhost/start HTTP/1.1\r\nHost: localhost\r\nConnection: close',
    );
    expect(page.statusCode).toBe(200);
    expectPageHeaders(page, 'absolute-form page');
  });

  it('the app itself is held to the strict policy (no inline styles either)', async () => {
    const policy = policyOf(await t.app.inject({ url: '/' }));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it('the service worker and the manifest: same-origin only, never kept by a cache without asking, of their own types', async () => {
    const policy = policyOf(await t.app.inject({ url: '/' }));
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
    // A worker or manifest kept for a year would hold every browser on an old version:
    // each is asked for again (a 304 when unchanged), as index.html is.
    for (const [url, type] of [
      ['/sw.js', /^(?:text|application)\/javascript\b/],
      ['/workbox-1a2b3c4d.js', /^(?:text|application)\/javascript\b/],
      ['/manifest.webmanifest', /^application\/manifest\+json\b/],
      ['/icon-192.png', /^image\/png$/],
    ] as const) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expectPageHeaders(response, url);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(String(response.headers['content-type']), url).toMatch(type);
    }
    // Hashed assets are still kept for a year.
    expect((await t.app.inject({ url: '/assets/app.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    // A missing worker is a 404, never the app's page (which the browser would refuse as a script).
    const missing = await t.app.inject({ url: '/sw-old.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('/api/docs works under its own policy: its page and every file it loads are served', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      // Same origin only: the policy allows nothing else.
      expect(source.startsWith('http'), source).toBe(false);
      const url = new URL(source, 'http://localhost/api/docs/').pathname;
      const file = await t.app.inject({ url });
      expect(file.statusCode, url).toBe(200);
    }
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('downloads are attachments: homework file, zip and CSV', async () => {
    for (const url of [
      `/api/homework/${homeworkId}/file`,
      `/api/courses/${courseId}/homework.zip`,
      `/api/courses/${courseId}/grades.csv`,
    ]) {
      const response = await t.app.inject({ url, headers: bearer(teacherToken) });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-disposition']), url).toMatch(/^attachment;/);
    }
  });
});

describe('Strict-Transport-Security', () => {
  const target = databaseTargets[0]!;

  it.each<[string, TrustProxy]>([
    ['a hop count', 1],
    ["the proxy's address", ['127.0.0.1']],
  ])(
    'only behind a trusted proxy (%s) and for a request that came over https',
    async (_label, trustProxy) => {
      const trusted = await createTestApp(target, { config: { trustProxy } });
      const direct = await createTestApp(target, { config: { trustProxy: false } });
      try {
        const https = { 'x-forwarded-proto': 'https' };
        for (const url of ['/api/health', '/api/nope']) {
          const overHttps = await trusted.app.inject({ url, headers: https });
          expect(overHttps.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
          expect(
            (await trusted.app.inject({ url })).headers['strict-transport-security'],
          ).toBeUndefined();
          expect(
            (await trusted.app.inject({ url, headers: { 'x-forwarded-proto': 'http' } })).headers[
              'strict-transport-security'
            ],
          ).toBeUndefined();
          // Without a trusted proxy anyone can send the header: it means nothing.
          expect(
            (await direct.app.inject({ url, headers: https })).headers['strict-transport-security'],
          ).toBeUndefined();
        }
      } finally {
        await trusted.close();
        await direct.close();
      }
    },
  );

  it('not when a client that is not the listed proxy claims https', async () => {
    const trusted = await createTestApp(target, { config: { trustProxy: ['10.0.0.5'] } });
    try {
      const response = await trusted.app.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '203.0.113.9',
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      const viaProxy = await trusted.app.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '10.0.0.5',
      });
      expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=/);
    } finally {
      await trusted.close();
    }
  });
});
