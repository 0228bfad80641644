import { describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import { ConfigError, loadConfig, type Config } from '../src/config.ts';
import { bearer, databaseTargets, useTestApp, type Account, type TestApp } from './helpers.ts';
import {
  createCourse,
  listStored,
  registerTeacher,
  SAMPLE_TXT,
  sweepUnfinishedWrites,
} from './course-fixtures.ts';
import { addLesson, fileForm, getOutlineAs, sampleMp4 } from './content-fixtures.ts';

const KB = 1024;
const MB = 1024 * KB;

/** A text file of exactly `bytes` bytes. */
const textOf = (bytes: number) =>
  Buffer.concat([SAMPLE_TXT, Buffer.alloc(bytes - SAMPLE_TXT.length, 0x61)]);

const withQuota = (authorQuota: Config['authorQuota']): { config: Partial<Config> } => ({
  config: { authorQuota, videoMaxBytes: 4 * MB },
});

describe('author quota settings', () => {
  it('defaults to 20,000 MB and 5,000 files; a bad value stops the start naming it', () => {
    expect(loadConfig({}).authorQuota).toEqual({ bytes: 20_000 * MB, files: 5000 });
    expect(loadConfig({ QUOTA_AUTHOR_MB: '300', QUOTA_AUTHOR_FILES: '40' }).authorQuota).toEqual({
      bytes: 300 * MB,
      files: 40,
    });
    for (const [name, value] of [
      ['QUOTA_AUTHOR_MB', '0'],
      ['QUOTA_AUTHOR_FILES', 'many'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }), name).toThrow(name);
    }
  });

  it('names the quota in its message', () => {
    expect(messages.quotaAuthorBytes(MB)).toBe(
      'Перевищено квоту автора: 1 МБ на всі файли й відео ваших уроків. Видаліть файли, які вже не потрібні.',
    );
    expect(messages.quotaAuthorFiles(3)).toBe(
      'Перевищено квоту автора: 3 файли. Видаліть файли, які вже не потрібні.',
    );
  });
});

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

const expectQuota = (response: Response, message: string) => {
  expect(response.statusCode, response.body).toBe(413);
  expect(response.json()).toEqual({ message, code: 'PAYLOAD_TOO_LARGE' });
};

describe.each(databaseTargets)('lesson files in the author quota on $name', (target) => {
  describe('in bytes (QUOTA_AUTHOR_MB = 1)', () => {
    const t = useTestApp(target, withQuota({ bytes: 1 * MB, files: 1000 }));

    async function lessonOf(author: Account) {
      const course = await createCourse(t.app, author);
      const outline = await getOutlineAs(t.app, author, course._id);
      return addLesson(t.app, author, course._id, { sectionId: outline.sections[0]._id });
    }
    const attach = (author: Account, lessonId: string, content: Buffer, name = 'notes.txt') =>
      t.app.inject({
        method: 'POST',
        url: `/api/lessons/${lessonId}/attachments`,
        ...withBearer(author, fileForm(content, name)),
      });
    const putVideo = (author: Account, lessonId: string, content: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/lessons/${lessonId}/video`,
        ...withBearer(author, fileForm(content, 'lesson.mp4')),
      });
    const withBearer = (author: Account, form: ReturnType<typeof fileForm>) => ({
      payload: form.payload,
      headers: { ...form.headers, ...bearer(author.token) },
    });
    const lessonRows = async (lessonId: string) => ({
      attachments: (
        await t.db
          .selectFrom('lesson_attachments')
          .select('id')
          .where('lesson_id', '=', lessonId)
          .execute()
      ).length,
      video: (
        await t.db
          .selectFrom('lessons')
          .select('video_key')
          .where('id', '=', lessonId)
          .executeTakeFirstOrThrow()
      ).video_key,
    });

    it('counts attachments and videos over all the author’s courses: 413 over it, nothing stored; deleting frees it', async () => {
      const author = await registerTeacher(t.app, t.db);
      const first = await lessonOf(author);
      const second = await lessonOf(author);
      expect((await putVideo(author, first._id, sampleMp4(600 * KB))).statusCode).toBe(200);

      const files = await listStored(t.app, 'lessons');
      const rows = await lessonRows(second._id);
      // 424 KB are left: an attachment or a video of 500 KB, in another course, is refused.
      expectQuota(
        await attach(author, second._id, textOf(500 * KB)),
        messages.quotaAuthorBytes(MB),
      );
      expectQuota(
        await putVideo(author, second._id, sampleMp4(500 * KB)),
        messages.quotaAuthorBytes(MB),
      );
      expect(await listStored(t.app, 'lessons')).toEqual(files);
      expect(await lessonRows(second._id)).toEqual(rows);
      expect(await sweepUnfinishedWrites(t.app)).toBe(0);

      // What fits is taken to the byte, then even the smallest file is refused.
      const fits = await attach(author, second._id, textOf(424 * KB));
      expect(fits.statusCode, fits.body).toBe(201);
      expectQuota(await attach(author, second._id, SAMPLE_TXT), messages.quotaAuthorBytes(MB));

      // A video that replaces the lesson's own does not count the one it replaces.
      expect((await putVideo(author, first._id, sampleMp4(600 * KB))).statusCode).toBe(200);

      // Another author has a quota of their own.
      const other = await registerTeacher(t.app, t.db);
      expect((await attach(other, (await lessonOf(other))._id, textOf(500 * KB))).statusCode).toBe(
        201,
      );

      // Removing the video frees its bytes.
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/lessons/${first._id}/video`,
        headers: bearer(author.token),
      });
      expect(removed.statusCode).toBe(204);
      expect((await putVideo(author, second._id, sampleMp4(500 * KB))).statusCode).toBe(200);
      // So does removing an attachment.
      expectQuota(await attach(author, first._id, textOf(200 * KB)), messages.quotaAuthorBytes(MB));
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/attachments/${fits.json().attachment._id}`,
        headers: bearer(author.token),
      });
      expect(deleted.statusCode).toBe(204);
      expect((await attach(author, first._id, textOf(200 * KB))).statusCode).toBe(201);
    });

    it('refuses while the file streams, before the whole file is stored', async () => {
      const author = await registerTeacher(t.app, t.db);
      const lesson = await lessonOf(author);
      const files = await listStored(t.app, 'lessons');
      // 2 MB: under the 4 MB video limit, over the 1 MB quota.
      expectQuota(
        await putVideo(author, lesson._id, sampleMp4(2 * MB)),
        messages.quotaAuthorBytes(MB),
      );
      expect(await listStored(t.app, 'lessons')).toEqual(files);
      expect((await lessonRows(lesson._id)).video).toBeNull();
      expect(await sweepUnfinishedWrites(t.app)).toBe(0);
    });
  });

  describe('in files (QUOTA_AUTHOR_FILES = 2)', () => {
    const t = useTestApp(target, withQuota({ bytes: 100 * MB, files: 2 }));

    it('counts a video as a file and an attachment as a file; deleting one frees a place', async () => {
      const author = await registerTeacher(t.app, t.db);
      const course = await createCourse(t.app, author);
      const outline = await getOutlineAs(t.app, author, course._id);
      const lesson = await addLesson(t.app, author, course._id, {
        sectionId: outline.sections[0]._id,
      });
      const send = (method: 'POST' | 'PUT', url: string, content: Buffer, name: string) => {
        const form = fileForm(content, name);
        return t.app.inject({
          method,
          url,
          payload: form.payload,
          headers: { ...form.headers, ...bearer(author.token) },
        });
      };
      const attachment = await send(
        'POST',
        `/api/lessons/${lesson._id}/attachments`,
        SAMPLE_TXT,
        'a.txt',
      );
      expect(attachment.statusCode).toBe(201);
      expect(
        (await send('PUT', `/api/lessons/${lesson._id}/video`, sampleMp4(), 'v.mp4')).statusCode,
      ).toBe(200);
      const files = await listStored(t.app, 'lessons');
      expectQuota(
        await send('POST', `/api/lessons/${lesson._id}/attachments`, SAMPLE_TXT, 'b.txt'),
        messages.quotaAuthorFiles(2),
      );
      expect(await listStored(t.app, 'lessons')).toEqual(files);
      // Replacing the video takes no new place.
      expect(
        (await send('PUT', `/api/lessons/${lesson._id}/video`, sampleMp4(), 'v2.mp4')).statusCode,
      ).toBe(200);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/attachments/${attachment.json().attachment._id}`,
        headers: bearer(author.token),
      });
      expect(deleted.statusCode).toBe(204);
      expect(
        (await send('POST', `/api/lessons/${lesson._id}/attachments`, SAMPLE_TXT, 'b.txt'))
          .statusCode,
      ).toBe(201);
    });
  });
});
