import fs from 'node:fs';
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

/** A built web app of two files, so the suite does not depend on `npm run build`. */
function makeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Urok</title><script type="module" src="/assets/app.js"></script>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("urok")');
  return dir;
}

function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
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
function expectCommonHeaders(response: LightMyRequestResponse, label: string) {
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
function expectPageHeaders(response: LightMyRequestResponse, label: string) {
  expectCommonHeaders(response, label);
  const policy = policyOf(response);
  // No inline (or eval'd) script anywhere, the docs included.
  const scripts = [...(policy.get('script-src') ?? policy.get('default-src') ?? [])];
  expect(scripts, label).toEqual(["'self'"]);
  expect(response.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(response.headers['permissions-policy'], label).toContain('camera=()');
  expect(response.headers['cross-origin-opener-policy'], label).toBe('same-origin');
}

/** An API answer (JSON, a file, an error): a policy that allows nothing, and no document-only headers. */
function expectApiHeaders(response: LightMyRequestResponse, label: string) {
  expectCommonHeaders(response, label);
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
    courseId = course._id;
    coverUrl = course.coverUrl!;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('every kind of response carries its policy: pages, assets, JSON, files, 404s, errors, docs', async () => {
    const page = expectPageHeaders;
    const api = expectApiHeaders;
    const requests: [string, InjectOptions, number, typeof page][] = [
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
      ['a cover image', { url: coverUrl }, 200, api],
      ['a missing cover', { url: '/api/files/covers/nope.jpg' }, 404, api],
      [
        'a homework file',
        { url: `/api/homework/${homeworkId}/file`, headers: bearer(teacherToken) },
        200,
        api,
      ],
      [
        'a zip',
        { url: `/api/courses/${courseId}/homework.zip`, headers: bearer(teacherToken) },
        200,
        api,
      ],
      [
        'a CSV',
        { url: `/api/courses/${courseId}/grades.csv`, headers: bearer(teacherToken) },
        200,
        api,
      ],
    ];
    for (const [label, request, status, expectHeaders] of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, label).toBe(status);
      expectHeaders(response, label);
    }
  });

  it('the app itself is held to the strict policy (no inline styles either)', async () => {
    const policy = policyOf(await t.app.inject({ url: '/' }));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
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
