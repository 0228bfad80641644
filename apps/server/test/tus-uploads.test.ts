import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Config } from '../src/config.ts';
import { RATE_LIMITS } from '../src/lib/rate-limiter.ts';
import { messages } from '@urok/contract';
import { buildApp, type AppInstance } from '../src/app.ts';
import { MAX_OPEN_UPLOADS, UPLOAD_EXPIRY_MS } from '../src/features/uploads/uploads.service.ts';
import { speaking } from '../src/lib/language.ts';
import {
  bearer,
  chooseLanguage,
  databaseTargets,
  registerAccount,
  testStorageKind,
  useTestApp,
  type Account,
} from './helpers.ts';
import {
  createCourse,
  ELF_BINARY,
  enroll,
  listStored,
  registerTeacher,
  SAMPLE_PDF,
} from './course-fixtures.ts';
import { addLesson, addSection, sampleMp4 } from './content-fixtures.ts';

const TUS = { 'tus-resumable': '1.0.0' };

/** What the tus store holds of the upload at `location` (its file and .json, or its objects). */
async function tusLeftovers(config: Config, location: string): Promise<string[]> {
  const id = location.slice(location.lastIndexOf('/') + 1);
  if (config.storage.kind === 'disk') {
    const names = fs.readdirSync(path.join(config.dataDir, 'tus-uploads'));
    return names.filter((name) => name.startsWith(id));
  }
  const { bucket, prefix, endpoint, region, forcePathStyle } = config.storage;
  const client = new S3Client({ endpoint, region, forcePathStyle });
  try {
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}tus/${id}` }),
    );
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    client.destroy();
  }
}

/** A store for @fastify/rate-limit whose every window is spent, noting each rule it refuses. */
function spentStore(refused: string[]): FastifyRateLimitStoreCtor {
  return class SpentStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      _timeWindow: number,
      max: number,
    ): void {
      refused.push(key.slice(0, key.indexOf(':')));
      callback(null, { current: max + 1, ttl: 60_000 });
    }
    child(): SpentStore {
      return this;
    }
  };
}

/** Upload-Metadata: each key with its value in base64. */
function metadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

function createUpload(
  app: AppInstance,
  account: Account,
  length: number,
  fields: Record<string, string>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...TUS,
      ...bearer(account.token),
      'upload-length': String(length),
      'upload-metadata': metadata(fields),
    },
  });
}

/** Creates an upload and answers its URL path; fails the test unless it is created. */
async function startUpload(
  app: AppInstance,
  account: Account,
  length: number,
  fields: Record<string, string>,
): Promise<string> {
  const response = await createUpload(app, account, length, fields);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.headers['upload-expires']).toBeTruthy();
  const location = String(response.headers.location);
  expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]+$/);
  return location;
}

const head = (app: AppInstance, account: Account, location: string) =>
  app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...bearer(account.token) } });

const patch = (
  app: AppInstance,
  account: Account,
  location: string,
  offset: number,
  chunk: Buffer,
) =>
  app.inject({
    method: 'PATCH',
    url: location,
    payload: chunk,
    headers: {
      ...TUS,
      ...bearer(account.token),
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
  });

const result = (app: AppInstance, account: Account, location: string) =>
  app.inject({ method: 'GET', url: `${location}/result`, headers: bearer(account.token) });

/**
 * Sends `bytes` in `chunks` PATCHes, asking the offset with a HEAD before each (a client
 * resuming after a dropped connection), through `apps` in turn (one app: one process).
 */
async function sendInChunks(
  apps: AppInstance[],
  account: Account,
  location: string,
  bytes: Buffer,
  chunks = 3,
): Promise<void> {
  const size = Math.ceil(bytes.length / chunks);
  for (let i = 0; i < chunks; i += 1) {
    const app = apps[i % apps.length]!;
    const asked = await head(app, account, location);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.headers['cache-control']).toBe('no-store');
    const offset = Number(asked.headers['upload-offset']);
    expect(offset).toBe(Math.min(i * size, bytes.length));
    expect(Number(asked.headers['upload-length'])).toBe(bytes.length);
    const sent = await patch(app, account, location, offset, bytes.subarray(offset, offset + size));
    expect(sent.statusCode, sent.body).toBe(204);
    expect(Number(sent.headers['upload-offset'])).toBe(Math.min(offset + size, bytes.length));
  }
}

describe.each(databaseTargets)('resumable uploads (tus) on $name', (target) => {
  const t = useTestApp(target);
  let teacher: Account;
  let student: Account;
  let stranger: Account;
  let courseId: string;
  let lessonId: string;

  beforeAll(async () => {
    teacher = await registerTeacher(t.app, t.db);
    student = await registerAccount(t.app);
    stranger = await registerAccount(t.app);
    const course = await createCourse(t.app, teacher);
    courseId = course._id;
    await enroll(t.app, student, courseId);
    const section = await addSection(t.app, teacher, courseId, 'Розділ');
    lessonId = (
      await addLesson(t.app, teacher, courseId, { sectionId: section._id, published: true })
    )._id;
  });

  it('a homework sent in three PATCHes with a HEAD before each becomes a submission', async () => {
    const location = await startUpload(t.app, student, SAMPLE_PDF.length, {
      purpose: 'homework',
      courseId,
      comment: 'Через tus',
      filename: 'есе.pdf',
    });
    expect((await result(t.app, student, location)).json()).toMatchObject({
      message: messages.uploadUnfinished,
    });
    await sendInChunks([t.app], student, location, SAMPLE_PDF);
    const answer = await result(t.app, student, location);
    expect(answer.statusCode, answer.body).toBe(200);
    const { homework } = answer.json();
    expect(homework).toMatchObject({
      courseId,
      fileName: 'есе.pdf',
      mimeType: 'application/pdf',
      size: SAMPLE_PDF.length,
      comment: 'Через tus',
    });
    // The same submission the multipart route would have made: listed, and its file readable.
    const own = await t.app.inject({
      url: `/api/courses/${courseId}/homework`,
      headers: bearer(student.token),
    });
    expect(own.json().homework.map((h: { _id: string }) => h._id)).toContain(homework._id);
    const file = await t.app.inject({
      url: `/api/homework/${homework._id}/file`,
      headers: bearer(student.token),
    });
    expect(file.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    // Its bytes left the tus store: the upload has nothing more to send.
    expect((await head(t.app, student, location)).statusCode).toBe(404);
    expect(await tusLeftovers(t.config, location)).toEqual([]);
  });

  it('an attachment and a video become the lesson’s, as through the multipart routes', async () => {
    const attachmentAt = await startUpload(t.app, teacher, SAMPLE_PDF.length, {
      purpose: 'attachment',
      lessonId,
      filename: 'схема.pdf',
    });
    await sendInChunks([t.app], teacher, attachmentAt, SAMPLE_PDF);
    const attached = await result(t.app, teacher, attachmentAt);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().attachment).toMatchObject({
      fileName: 'схема.pdf',
      size: SAMPLE_PDF.length,
      mimeType: 'application/pdf',
    });

    const video = sampleMp4(20_000);
    const videoAt = await startUpload(t.app, teacher, video.length, {
      purpose: 'video',
      lessonId,
      filename: 'lesson.mp4',
    });
    await sendInChunks([t.app], teacher, videoAt, video, 4);
    const filmed = await result(t.app, teacher, videoAt);
    expect(filmed.statusCode, filmed.body).toBe(200);
    expect(filmed.json().lesson).toMatchObject({
      _id: lessonId,
      video: { fileName: 'lesson.mp4', size: video.length, mimeType: 'video/mp4' },
    });
    const served = await t.app.inject({
      url: `/api/lessons/${lessonId}/video`,
      headers: bearer(student.token),
    });
    expect(served.rawPayload.equals(video)).toBe(true);
  });

  it('creation is refused as the multipart routes refuse: 413 too big, 403 not allowed, 404 unknown, 400 bad metadata, 401 anonymous', async () => {
    const homework = { purpose: 'homework', courseId, filename: 'a.pdf' };
    const tooBig = await createUpload(t.app, student, t.config.homeworkMaxBytes + 1, homework);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      message: messages.homeworkTooLarge,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(tooBig.headers['tus-resumable']).toBe('1.0.0');
    const notEnrolled = await createUpload(t.app, stranger, 100, homework);
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().message).toBe(messages.notEnrolled);
    const unknownCourse = await createUpload(t.app, student, 100, {
      ...homework,
      courseId: 'nope',
    });
    expect(unknownCourse.statusCode).toBe(404);
    const unknownAssignment = await createUpload(t.app, student, 100, {
      ...homework,
      assignmentId: 'nope',
    });
    expect(unknownAssignment.statusCode).toBe(404);
    const notAuthor = await createUpload(t.app, student, 100, {
      purpose: 'attachment',
      lessonId,
      filename: 'a.pdf',
    });
    expect(notAuthor.statusCode).toBe(403);
    const unknownLesson = await createUpload(t.app, teacher, 100, {
      purpose: 'video',
      lessonId: 'nope',
      filename: 'a.mp4',
    });
    expect(unknownLesson.statusCode).toBe(404);
    expect(unknownLesson.json().message).toBe(messages.lessonNotFound);
    const videoTooBig = await createUpload(t.app, teacher, t.config.videoMaxBytes + 1, {
      purpose: 'video',
      lessonId,
      filename: 'a.mp4',
    });
    expect(videoTooBig.statusCode).toBe(413);
    const badPurpose = await createUpload(t.app, student, 100, { ...homework, purpose: 'cover' });
    expect(badPurpose.statusCode).toBe(400);
    expect(badPurpose.json().message).toBe(messages.uploadPurposeInvalid);
    const noName = await createUpload(t.app, student, 100, { purpose: 'homework', courseId });
    expect(noName.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...TUS, 'upload-length': '100', 'upload-metadata': metadata(homework) },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('bytes of a forbidden type are refused at the end: result 409 with the message, nothing stored', async () => {
    const before = await listStored(t.app, 'homework');
    const location = await startUpload(t.app, student, ELF_BINARY.length, {
      purpose: 'homework',
      courseId,
      filename: 'homework.pdf',
    });
    await sendInChunks([t.app], student, location, ELF_BINARY, 2);
    const refused = await result(t.app, student, location);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: messages.homeworkTypeUnsupported, code: 'CONFLICT' });
    expect(await listStored(t.app, 'homework')).toEqual(before);
    expect((await head(t.app, student, location)).statusCode).toBe(404);
    expect(await tusLeftovers(t.config, location)).toEqual([]);
  });

  it(`an account has at most ${MAX_OPEN_UPLOADS} unfinished uploads; terminating one makes room`, async () => {
    const author = await registerTeacher(t.app, t.db);
    const course = await createCourse(t.app, author);
    const section = await addSection(t.app, author, course._id, 'Розділ');
    const lesson = await addLesson(t.app, author, course._id, { sectionId: section._id });
    const fields = { purpose: 'attachment', lessonId: lesson._id, filename: 'a.pdf' };
    const open: string[] = [];
    for (let i = 0; i < MAX_OPEN_UPLOADS; i += 1)
      open.push(await startUpload(t.app, author, SAMPLE_PDF.length, fields));
    const eleventh = await createUpload(t.app, author, SAMPLE_PDF.length, fields);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe(messages.uploadTooManyOpen(MAX_OPEN_UPLOADS));
    const terminated = await t.app.inject({
      method: 'DELETE',
      url: open[0]!,
      headers: { ...TUS, ...bearer(author.token) },
    });
    expect(terminated.statusCode).toBe(204);
    expect((await head(t.app, author, open[0]!)).statusCode).toBe(404);
    await startUpload(t.app, author, SAMPLE_PDF.length, fields);
  });

  it('another account gets 404 on HEAD, PATCH, DELETE and the result', async () => {
    const location = await startUpload(t.app, student, SAMPLE_PDF.length, {
      purpose: 'homework',
      courseId,
      filename: 'a.pdf',
    });
    expect((await head(t.app, stranger, location)).statusCode).toBe(404);
    expect((await patch(t.app, stranger, location, 0, SAMPLE_PDF)).statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: location,
      headers: { ...TUS, ...bearer(stranger.token) },
    });
    expect(deleted.statusCode).toBe(404);
    const asked = await result(t.app, stranger, location);
    expect(asked.statusCode).toBe(404);
    expect(asked.json().message).toBe(messages.uploadNotFound);
    // Nothing was written by them: the owner still starts from byte 0.
    expect((await head(t.app, student, location)).headers['upload-offset']).toBe('0');
  });

  it("refuses tus's own protocol errors and a body of another type as JSON 4xx, never a 500", async () => {
    const location = await startUpload(t.app, student, SAMPLE_PDF.length, {
      purpose: 'homework',
      courseId,
      filename: 'a.pdf',
    });
    const cases: [headers: Record<string, string>, payload: string | undefined, status: number][] =
      [
        // Read as JSON or text by Fastify before the handler (once a 500): tus gets no body, a 400.
        [{ ...TUS, 'upload-offset': '0', 'content-type': 'application/json' }, '{"a":1}', 400],
        [{ ...TUS, 'upload-offset': '0', 'content-type': 'text/plain' }, 'abc', 400],
        // No Tus-Resumable; a wrong offset.
        [{ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, 'abc', 412],
        [
          { ...TUS, 'upload-offset': '5', 'content-type': 'application/offset+octet-stream' },
          'abc',
          409,
        ],
      ];
    for (const [headers, payload, status] of cases) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: location,
        headers: { ...headers, ...bearer(student.token) },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(status);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await head(t.app, student, location)).headers['upload-offset']).toBe('0');
  });

  it('the sweep removes an upload unfinished past its expiry, bytes and row', async () => {
    const location = await startUpload(t.app, student, SAMPLE_PDF.length, {
      purpose: 'homework',
      courseId,
      filename: 'a.pdf',
    });
    expect((await patch(t.app, student, location, 0, SAMPLE_PDF.subarray(0, 10))).statusCode).toBe(
      204,
    );
    expect(await t.app.sweepExpiredUploads()).toBe(0);
    expect((await head(t.app, student, location)).headers['upload-offset']).toBe('10');
    expect(await tusLeftovers(t.config, location)).not.toEqual([]);
    expect(await t.app.sweepExpiredUploads(Date.now() + UPLOAD_EXPIRY_MS + 1000)).toBeGreaterThan(
      0,
    );
    expect((await head(t.app, student, location)).statusCode).toBe(404);
    expect((await result(t.app, student, location)).statusCode).toBe(404);
    expect(await tusLeftovers(t.config, location)).toEqual([]);
  });

  it.runIf(testStorageKind === 'disk')(
    'a failure of storage at the end leaves the upload open; asking its result finishes it',
    async () => {
      const location = await startUpload(t.app, student, SAMPLE_PDF.length, {
        purpose: 'homework',
        courseId,
        filename: 'later.pdf',
      });
      // A file where the homework directory should be: storage's rename into it fails (ENOTDIR).
      const area = path.join(t.config.uploadsDir, 'homework');
      fs.renameSync(area, `${area}.away`);
      fs.writeFileSync(area, '');
      try {
        const sent = await patch(t.app, student, location, 0, SAMPLE_PDF);
        expect(sent.statusCode).toBe(500);
        expect(sent.json().message).not.toMatch(/ENOTDIR|homework/);
      } finally {
        fs.rmSync(area);
        fs.renameSync(`${area}.away`, area);
      }
      const answer = await result(t.app, student, location);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().homework).toMatchObject({ fileName: 'later.pdf' });
      expect(await tusLeftovers(t.config, location)).toEqual([]);
    },
  );

  it('creations and the requests that carry them are throttled, each by its own rule, before anything is written', async () => {
    const location = await startUpload(t.app, student, SAMPLE_PDF.length, {
      purpose: 'homework',
      courseId,
      filename: 'a.pdf',
    });
    const refused: string[] = [];
    const limited = await buildApp({
      config: { ...t.config, rateLimit: true },
      db: t.db,
      dialect: target.name,
      rateLimitStore: spentStore(refused),
    });
    try {
      const created = await createUpload(limited, student, SAMPLE_PDF.length, {
        purpose: 'homework',
        courseId,
        filename: 'a.pdf',
      });
      expect(created.statusCode).toBe(429);
      expect(refused).toEqual([RATE_LIMITS.resumableUploadCreatePerUser.name]);
      refused.length = 0;
      expect((await head(limited, student, location)).statusCode).toBe(429);
      expect((await patch(limited, student, location, 0, SAMPLE_PDF)).statusCode).toBe(429);
      const deleted = await limited.inject({
        method: 'DELETE',
        url: location,
        headers: { ...TUS, ...bearer(student.token) },
      });
      expect(deleted.statusCode).toBe(429);
      expect(new Set(refused)).toEqual(new Set([RATE_LIMITS.resumableUploadRequestPerUser.name]));
    } finally {
      await limited.close();
    }
    expect((await head(t.app, student, location)).headers['upload-offset']).toBe('0');
  });

  describe('two processes on one database and one store, over real sockets', () => {
    let other: AppInstance;
    const origins: string[] = [];
    beforeAll(async () => {
      other = await buildApp({ config: t.config, db: t.db, dialect: target.name });
      for (const app of [t.app, other]) {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = app.server.address() as AddressInfo;
        origins.push(`http://127.0.0.1:${port}`);
      }
    });
    afterAll(async () => {
      await other.close();
    });

    it('an upload created through one is continued and finished through the other', async () => {
      const headers = { ...TUS, ...bearer(student.token) };
      const created = await fetch(`${origins[0]}/api/uploads`, {
        method: 'POST',
        headers: {
          ...headers,
          'upload-length': String(SAMPLE_PDF.length),
          'upload-metadata': metadata({ purpose: 'homework', courseId, filename: 'other.pdf' }),
        },
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const location = created.headers.get('location')!;
      const half = Math.ceil(SAMPLE_PDF.length / 2);
      // The first half through the second process, the rest through the first, each after a HEAD.
      for (const [i, origin] of [origins[1]!, origins[0]!].entries()) {
        const asked = await fetch(`${origin}${location}`, { method: 'HEAD', headers });
        expect(asked.status).toBe(200);
        const offset = Number(asked.headers.get('upload-offset'));
        expect(offset).toBe(i * half);
        const sent = await fetch(`${origin}${location}`, {
          method: 'PATCH',
          headers: {
            ...headers,
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
          },
          body: SAMPLE_PDF.subarray(offset, offset + half),
        });
        expect(sent.status, await sent.text()).toBe(204);
      }
      for (const app of [t.app, other]) {
        const answer = await result(app, student, location);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().homework).toMatchObject({
          fileName: 'other.pdf',
          size: SAMPLE_PDF.length,
        });
      }
    });
    it('two PATCHes at one offset through the two processes: the upload’s lock lets one write', async () => {
      const location = await startUpload(t.app, student, SAMPLE_PDF.length, {
        purpose: 'homework',
        courseId,
        filename: 'twice.pdf',
      });
      const half = SAMPLE_PDF.subarray(0, Math.ceil(SAMPLE_PDF.length / 2));
      const statuses = (
        await Promise.all([t.app, other].map((app) => patch(app, student, location, 0, half)))
      )
        .map((response) => response.statusCode)
        .sort();
      expect(statuses).toEqual([204, 409]);
      expect((await head(other, student, location)).headers['upload-offset']).toBe(
        String(half.length),
      );
    });
  });
});

// Wording is the same on either database: one is enough.
describe.each(databaseTargets.slice(0, 1))(
  'a resumable upload refused at its end on $name',
  (target) => {
    const MB = 1024 * 1024;
    const t = useTestApp(target, {
      config: {
        quota: { userBytes: 500 * MB, userFiles: 1, courseBytes: 5000 * MB, courseFiles: 5000 },
      },
    });

    it("keeps its refusal worded in its uploader's language, a message with values included", async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const course = await createCourse(t.app, teacher);
      const student = await registerAccount(t.app);
      await enroll(t.app, student, course._id);
      await chooseLanguage(t.app, student, 'en');
      // Both are created while no file counts against the quota of one; the second to end passes it.
      const fields = { purpose: 'homework', courseId: course._id, filename: 'homework.pdf' };
      const first = await startUpload(t.app, student, SAMPLE_PDF.length, fields);
      const second = await startUpload(t.app, student, SAMPLE_PDF.length, fields);
      await sendInChunks([t.app], student, first, SAMPLE_PDF, 1);
      await sendInChunks([t.app], student, second, SAMPLE_PDF, 1);
      expect((await result(t.app, student, first)).statusCode).toBe(200);
      const refused = await result(t.app, student, second);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(speaking('en', () => messages.quotaUserFiles(1)));
      expect(refused.json().message).toMatch(/^User quota exceeded/);
    });
  },
);
