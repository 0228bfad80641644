import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { messages, type Homework, type UserWithHomework } from '@urok/contract';
import { ConfigError, loadConfig, type Config } from '../src/config.ts';
import { sweepOrphanFiles } from '../src/features/files/files.service.ts';
import {
  bearer,
  createLoggedTestApp,
  databaseTargets,
  registerAccount,
  testStorageKind,
  useTestApp,
  type Account,
  type TestApp,
} from './helpers.ts';
import {
  createCourse,
  enroll,
  listStored,
  registerTeacher,
  SAMPLE_PDF,
  sweepUnfinishedWrites,
  uploadHomework,
  uploadHomeworkRequest,
} from './course-fixtures.ts';

const KB = 1024;
const MB = 1024 * KB;
const DEFAULTS = { userBytes: 500 * MB, userFiles: 500, courseBytes: 5000 * MB, courseFiles: 5000 };

/** A PDF of exactly `bytes` bytes. */
const pdfOf = (bytes: number) =>
  Buffer.concat([SAMPLE_PDF, Buffer.alloc(bytes - SAMPLE_PDF.length, 0x20)]);

/** The quotas of a test app: the defaults a school gets, with some set lower. */
const withQuota = (quota: Partial<Config['quota']>): { config: Partial<Config> } => ({
  config: { quota: { ...DEFAULTS, ...quota } },
});

async function rowCount(t: TestApp): Promise<number> {
  const { n } = await t.db
    .selectFrom('homework')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** What a refused upload must leave as it was: the stored files, the rows, and an empty .tmp/. */
async function expectNothingLeft(t: TestApp, before: { files: string[]; rows: number }) {
  expect(await listStored(t.app, 'homework')).toEqual(before.files);
  expect(await rowCount(t)).toBe(before.rows);
  expect(await sweepUnfinishedWrites(t.app)).toBe(0);
}

async function state(t: TestApp) {
  return { files: await listStored(t.app, 'homework'), rows: await rowCount(t) };
}

async function course(t: TestApp, ...students: Account[]) {
  const teacher = await registerTeacher(t.app, t.db);
  const created = await createCourse(t.app, teacher);
  for (const student of students) await enroll(t.app, student, created._id);
  return { teacher, course: created };
}

const upload = (t: TestApp, student: Account, courseId: string, bytes: number, fileFirst = false) =>
  t.app.inject(
    uploadHomeworkRequest(
      student,
      courseId,
      { content: pdfOf(bytes), filename: 'work.pdf' },
      { fileFirst },
    ),
  );

const expectQuota = (response: Awaited<ReturnType<TestApp['app']['inject']>>, message: string) => {
  expect(response.statusCode, response.body).toBe(413);
  expect(response.json()).toEqual({ message, code: 'PAYLOAD_TOO_LARGE' });
};

describe('quota settings', () => {
  it('default to what a school would choose, and a bad value stops the start naming the variable', () => {
    expect(loadConfig({}).quota).toEqual(DEFAULTS);
    expect(
      loadConfig({ QUOTA_USER_MB: '50', QUOTA_USER_FILES: '20', QUOTA_COURSE_MB: '800' }).quota,
    ).toEqual({ userBytes: 50 * MB, userFiles: 20, courseBytes: 800 * MB, courseFiles: 5000 });
    for (const [name, value] of [
      ['QUOTA_USER_MB', '0'],
      ['QUOTA_USER_FILES', 'many'],
      ['QUOTA_COURSE_MB', '1.5'],
      ['QUOTA_COURSE_FILES', '-1'],
    ]) {
      expect(() => loadConfig({ [name!]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name!]: value })).toThrow(new RegExp(name!));
    }
  });
});

/**
 * An upload whose file sends `bytes` and then stalls, its body never ending:
 * only a server that refuses while the file streams (or before) answers it.
 */
async function endlessUpload(t: TestApp, student: Account, courseId: string, bytes: number) {
  const boundary = '----urokEndlessBoundary';
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  async function* endless() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="courseId"\r\n\r\n${courseId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    yield SAMPLE_PDF;
    for (let sent = SAMPLE_PDF.length; sent < bytes; sent += 64 * KB)
      yield Buffer.alloc(64 * KB, 0x20);
    await stopped;
  }
  const body = Readable.from(endless(), { objectMode: false });
  try {
    return await t.app.inject({
      method: 'POST',
      url: '/api/courses/upload-homework',
      payload: body,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...bearer(student.token),
      },
    });
  } finally {
    stop();
    body.destroy();
  }
}

describe.each(databaseTargets)('homework quotas on $name', (target) => {
  describe('per user, in bytes (QUOTA_USER_MB = 1)', () => {
    const t = useTestApp(target, withQuota({ userBytes: 1 * MB }));

    it('names the quota in its message', () => {
      expect(messages.quotaUserBytes(1 * MB)).toBe(
        'Перевищено квоту користувача: 1 МБ на всі ваші роботи. Видаліть неоцінені роботи, які вже не потрібні.',
      );
      expect(messages.quotaCourseBytes(5000 * MB)).toMatch(/^Перевищено квоту курсу: 5000 МБ/);
    });

    it('refuses an upload that would pass it with 413, leaving no file and no row; what fits is taken to the byte', async () => {
      const student = await registerAccount(t.app);
      const { course: first } = await course(t, student);
      const { course: second } = await course(t, student);
      expect((await upload(t, student, first._id, 600 * KB)).statusCode).toBe(201);

      let before = await state(t);
      for (const fileFirst of [false, true]) {
        expectQuota(
          await upload(t, student, first._id, 600 * KB, fileFirst),
          messages.quotaUserBytes(MB),
        );
        // The quota is the account's, across its courses.
        expectQuota(
          await upload(t, student, second._id, 600 * KB, fileFirst),
          messages.quotaUserBytes(MB),
        );
      }
      await expectNothingLeft(t, before);

      expect((await upload(t, student, second._id, 400 * KB)).statusCode).toBe(201);
      // 24 KB are left: 24 KB + 1 byte is refused, exactly 24 KB is taken.
      before = await state(t);
      expectQuota(await upload(t, student, first._id, 24 * KB + 1), messages.quotaUserBytes(MB));
      await expectNothingLeft(t, before);
      expect((await upload(t, student, first._id, 24 * KB)).statusCode).toBe(201);
      // Nothing left: even the smallest file is refused.
      before = await state(t);
      expectQuota(
        await upload(t, student, first._id, SAMPLE_PDF.length),
        messages.quotaUserBytes(MB),
      );
      await expectNothingLeft(t, before);

      // Another account has its own quota.
      const other = await registerAccount(t.app);
      await enroll(t.app, other, first._id);
      expect((await upload(t, other, first._id, 600 * KB)).statusCode).toBe(201);
    });

    it('refuses while the file streams: the answer comes although the body never ends', async () => {
      const student = await registerAccount(t.app);
      const { course: created } = await course(t, student);
      const before = await state(t);
      // 2 MB, more than the quota and less than the 20 MB file limit, then the body stalls.
      expectQuota(
        await endlessUpload(t, student, created._id, 2 * MB),
        messages.quotaUserBytes(MB),
      );
      await expectNothingLeft(t, before);
    });
  });

  describe('per user, in files (QUOTA_USER_FILES = 3)', () => {
    const t = useTestApp(target, withQuota({ userFiles: 3 }));

    it('refuses the fourth file before reading it; deleting an ungraded one makes room again', async () => {
      expect(messages.quotaUserFiles(3)).toBe(
        'Перевищено квоту користувача: 3 файли. Видаліть неоцінені роботи, які вже не потрібні.',
      );
      expect(messages.quotaUserFiles(500)).toMatch(/: 500 файлів\./);
      expect(messages.quotaUserFiles(21)).toMatch(/: 21 файл\./);
      const student = await registerAccount(t.app);
      const { course: first } = await course(t, student);
      const { course: second } = await course(t, student);
      const kept: Homework[] = [];
      for (const id of [first._id, first._id, second._id])
        kept.push(await uploadHomework(t.app, student, id));
      const before = await state(t);
      for (const fileFirst of [false, true])
        expectQuota(
          await upload(t, student, first._id, 1 * KB, fileFirst),
          messages.quotaUserFiles(3),
        );
      await expectNothingLeft(t, before);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/homework/${kept[0]!._id}`,
        headers: bearer(student.token),
      });
      expect(deleted.statusCode).toBe(204);
      expect((await upload(t, student, first._id, 1 * KB)).statusCode).toBe(201);
    });
  });

  describe('per course (QUOTA_COURSE_MB = 1, QUOTA_COURSE_FILES = 3)', () => {
    const t = useTestApp(target, withQuota({ courseBytes: 1 * MB, courseFiles: 3 }));

    it('counts every student of the course in bytes, and names the course quota', async () => {
      const a = await registerAccount(t.app);
      const b = await registerAccount(t.app);
      const { course: created } = await course(t, a, b);
      const { course: elsewhere } = await course(t, b);
      expect((await upload(t, a, created._id, 600 * KB)).statusCode).toBe(201);
      const before = await state(t);
      for (const fileFirst of [false, true])
        expectQuota(
          await upload(t, b, created._id, 600 * KB, fileFirst),
          messages.quotaCourseBytes(MB),
        );
      // With the course named before the file, its quota stops the file while it streams.
      expectQuota(await endlessUpload(t, b, created._id, 2 * MB), messages.quotaCourseBytes(MB));
      await expectNothingLeft(t, before);
      // The same file fits another course.
      expect((await upload(t, b, elsewhere._id, 600 * KB)).statusCode).toBe(201);
      expect((await upload(t, b, created._id, 400 * KB)).statusCode).toBe(201);
    });

    it('counts every student of the course in files', async () => {
      const students = [
        await registerAccount(t.app),
        await registerAccount(t.app),
        await registerAccount(t.app),
      ];
      const { course: created } = await course(t, ...students);
      await uploadHomework(t.app, students[0]!, created._id);
      await uploadHomework(t.app, students[1]!, created._id);
      await uploadHomework(t.app, students[2]!, created._id);
      const latecomer = await registerAccount(t.app);
      await enroll(t.app, latecomer, created._id);
      const before = await state(t);
      for (const fileFirst of [false, true])
        expectQuota(
          await upload(t, latecomer, created._id, 1 * KB, fileFirst),
          messages.quotaCourseFiles(3),
        );
      await expectNothingLeft(t, before);
    });
  });

  describe('uploads racing for the last bytes (QUOTA_USER_MB = 1)', () => {
    const t = useTestApp(target, withQuota({ userBytes: 1 * MB }));

    it('keeps only the uploads that fit, each with its file, and no file of the others', async () => {
      const student = await registerAccount(t.app);
      const { course: created } = await course(t, student);
      const before = await state(t);
      // Each may pass the check made before its file (nothing is stored yet); two of 400 KB fit 1 MB.
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => upload(t, student, created._id, 400 * KB)),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 413, 413, 413]);
      for (const refused of responses.filter((r) => r.statusCode === 413))
        expect(refused.json().message).toBe(messages.quotaUserBytes(MB));
      const rows = await t.db
        .selectFrom('homework')
        .select(['file_key', 'size'])
        .where('user_id', '=', student.user._id)
        .execute();
      expect(rows).toHaveLength(2);
      expect(await listStored(t.app, 'homework')).toEqual(
        [...before.files, ...rows.map((row) => row.file_key)].sort(),
      );
      expect(await sweepUnfinishedWrites(t.app)).toBe(0);
    });
  });

  describe('uploads racing for the last files of a course (QUOTA_COURSE_FILES = 2)', () => {
    const t = useTestApp(target, withQuota({ courseFiles: 2 }));

    it('keeps two, whoever sent them, and no file of the others', async () => {
      const students = await Promise.all(Array.from({ length: 5 }, () => registerAccount(t.app)));
      const { course: created } = await course(t, ...students);
      const responses = await Promise.all(
        students.map((student) => upload(t, student, created._id, 1 * KB)),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 413, 413, 413]);
      for (const refused of responses.filter((r) => r.statusCode === 413))
        expect(refused.json().message).toBe(messages.quotaCourseFiles(2));
      expect(await rowCount(t)).toBe(2);
      const { removed } = await sweepOrphanFiles(t.db, t.app.storage, { graceMs: 0 });
      expect(removed).toEqual([]);
      expect(await listStored(t.app, 'homework')).toHaveLength(2);
    });
  });
});

describe.each(databaseTargets)('withdrawing a submission on $name', (target) => {
  const t = useTestApp(target);

  const remove = (id: string, account?: Account) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/homework/${encodeURIComponent(id)}`,
      headers: account ? bearer(account.token) : {},
    });
  const grade = (id: string, account: Account) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/homework/${id}/grade`,
      payload: { grade: '10' },
      headers: bearer(account.token),
    });
  const fileKey = async (id: string) =>
    (await t.db.selectFrom('homework').select('file_key').where('id', '=', id).executeTakeFirst())
      ?.file_key;

  async function setUp() {
    const student = await registerAccount(t.app, { username: 'Andrii Melnyk' });
    const { teacher, course: created } = await course(t, student);
    const homework = await uploadHomework(t.app, student, created._id);
    return { student, teacher, course: created, homework };
  }

  it('its submitter deletes an ungraded one: 204, the row and the file go, every list sees it at once', async () => {
    const { student, teacher, course: created, homework } = await setUp();
    const kept = await uploadHomework(t.app, student, created._id);
    const key = (await fileKey(homework._id))!;
    // The submissions view is in the read cache now.
    const view = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/courses/${created._id}/userswithhw`,
            headers: bearer(teacher.token),
          })
        ).json().users as UserWithHomework[]
      ).flatMap((user) => user.homework.map((h) => h._id));
    expect(await view()).toEqual([kept._id, homework._id]);

    const response = await remove(homework._id, student);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await fileKey(homework._id)).toBeUndefined();
    expect(await listStored(t.app, 'homework')).not.toContain(key);
    expect(await view()).toEqual([kept._id]);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${created._id}/homework`,
      headers: bearer(student.token),
    });
    expect((own.json().homework as Homework[]).map((h) => h._id)).toEqual([kept._id]);
    expect((await remove(homework._id, student)).statusCode).toBe(404);
  });

  it('a graded one answers 409 and stays, file and all', async () => {
    const { student, teacher, homework } = await setUp();
    expect((await grade(homework._id, teacher)).statusCode).toBe(200);
    const key = (await fileKey(homework._id))!;
    const response = await remove(homework._id, student);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: messages.homeworkGradedCannotDelete,
      code: 'CONFLICT',
    });
    expect(await fileKey(homework._id)).toBe(key);
    expect(await listStored(t.app, 'homework')).toContain(key);
  });

  it("nobody else may: 401 anonymous, 403 another student or the course's author, 404 unknown", async () => {
    const { teacher, course: created, homework } = await setUp();
    const classmate = await registerAccount(t.app);
    await enroll(t.app, classmate, created._id);
    expect((await remove(homework._id)).statusCode).toBe(401);
    for (const who of [classmate, teacher]) {
      const response = await remove(homework._id, who);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: messages.homeworkDeleteNotOwn,
        code: 'FORBIDDEN',
      });
    }
    expect(await fileKey(homework._id)).toBeDefined();
    const unknown = await remove('00000000-0000-7000-8000-000000000000', teacher);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.homeworkNotFound);
  });

  it('a student who left the course may still withdraw an ungraded submission', async () => {
    const { student, course: created, homework } = await setUp();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${created._id}/enroll`,
      headers: bearer(student.token),
    });
    expect((await remove(homework._id, student)).statusCode).toBe(204);
  });

  it('racing a grade, exactly one wins: graded and kept, or deleted and ungraded', async () => {
    for (let round = 0; round < 12; round += 1) {
      const { student, teacher, homework } = await setUp();
      const [deleted, graded] = await Promise.all([
        remove(homework._id, student),
        grade(homework._id, teacher),
      ]);
      const row = await t.db
        .selectFrom('homework')
        .select('grade')
        .where('id', '=', homework._id)
        .executeTakeFirst();
      if (deleted.statusCode === 204) {
        // A grade that lost finds nothing to grade.
        expect(graded.statusCode).toBe(404);
        expect(graded.json().message).toBe(messages.homeworkNotFound);
        expect(row).toBeUndefined();
      } else {
        expect(deleted.statusCode).toBe(409);
        expect(graded.statusCode).toBe(200);
        expect(row?.grade).toBe('10');
      }
    }
  });
});

// A removal that fails for real needs a disk to break (a directory in the file's place).
describe.skipIf(testStorageKind === 's3').each(databaseTargets)(
  'a file that cannot be removed on $name',
  (target) => {
    it('the row still goes (204), and the failure is logged with the key', async () => {
      const t = await createLoggedTestApp(target, 'warn');
      try {
        const student = await registerAccount(t.app);
        const { course: created } = await course(t, student);
        const homework = await uploadHomework(t.app, student, created._id);
        const { file_key: key } = await t.db
          .selectFrom('homework')
          .select('file_key')
          .where('id', '=', homework._id)
          .executeTakeFirstOrThrow();
        // A directory where the file was: removing it as a file fails, for real.
        const stored = path.join(t.config.uploadsDir, key);
        fs.rmSync(stored);
        fs.mkdirSync(path.join(stored, 'inside'), { recursive: true });
        const response = await t.app.inject({
          method: 'DELETE',
          url: `/api/homework/${homework._id}`,
          headers: bearer(student.token),
        });
        expect(response.statusCode).toBe(204);
        const warning = t.lines.map((line) => JSON.parse(line)).find((line) => line.key === key);
        expect(warning).toMatchObject({ level: 40, key });
        expect(
          await t.db.selectFrom('homework').select('id').where('id', '=', homework._id).execute(),
        ).toEqual([]);
        fs.rmSync(stored, { recursive: true });
      } finally {
        await t.close();
      }
    });
  },
);
