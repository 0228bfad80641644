import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { setBlocked } from '../src/features/admin/admin.service.ts';
import { cliActor } from '../src/lib/audit.ts';
import { listUsersWithHomework } from '../src/features/homework/listings.ts';
import { messages, type Homework, type UserWithHomework } from '@urok/contract';
import { bearer, databaseTargets, registerAccount, useTestApp, type Account } from './helpers.ts';
import { isFormulaCell, readAsSpreadsheet } from './spreadsheet-reader.ts';
import {
  createCourse,
  ELF_BINARY,
  enroll,
  listStored,
  MZ_BINARY,
  registerTeacher,
  SAMPLE_CFB,
  SAMPLE_DOCX,
  SAMPLE_JPEG,
  SAMPLE_ODT,
  SAMPLE_PDF,
  SAMPLE_PNG,
  SAMPLE_RTF,
  SAMPLE_TXT,
  SAMPLE_ZIP,
  sweepUnfinishedWrites,
  uploadHomework,
  uploadHomeworkRequest,
} from './course-fixtures.ts';
import { defaultAssignmentId } from './assignment-fixtures.ts';

const HOMEWORK_KEYS = [
  '_id',
  'assignmentId',
  'comment',
  'courseId',
  'feedback',
  'fileName',
  'grade',
  'gradeHistory',
  'gradedAt',
  'isLate',
  'mimeType',
  'points',
  'size',
  'submittedAt',
  'userId',
];

/** Every entry of a zip: name → content. */
async function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** A second PDF, told apart from SAMPLE_PDF by its bytes. */
const SECOND_PDF = Buffer.from('%PDF-1.4\n% друга версія\n%%EOF\n');

/** RFC 5987 `filename*` of a Content-Disposition, decoded. */
function dispositionName(header: string | undefined): string | undefined {
  const match = /filename\*=UTF-8''([^;]+)/.exec(header ?? '');
  return match ? decodeURIComponent(match[1]!) : undefined;
}

describe.each(databaseTargets)('homework API on $name', (target) => {
  const t = useTestApp(target);

  async function setUp(fields: Record<string, string> = {}) {
    const teacher = await registerTeacher(t.app, t.db, { username: 'Olena Kovalenko' });
    const course = await createCourse(t.app, teacher, fields);
    const student = await registerAccount(t.app, { username: 'Andrii Melnyk' });
    await enroll(t.app, student, course._id);
    return { teacher, course, student };
  }

  const get = (url: string, account?: Account) =>
    t.app.inject({ method: 'GET', url, headers: account ? bearer(account.token) : {} });
  const grade = (id: string, account: Account, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/homework/${id}/grade`,
      payload: body as object,
      headers: bearer(account.token),
    });

  describe('uploading', () => {
    it('stores a submission: 201 {homework, message}, with the file behind an attachment download', async () => {
      const { course, student, teacher } = await setUp();
      const response = await t.app.inject(
        uploadHomeworkRequest(
          student,
          course._id,
          { content: SAMPLE_PDF, filename: 'Домашнє завдання.pdf' },
          { comment: 'Готово' },
        ),
      );
      expect(response.statusCode).toBe(201);
      const { homework, message } = response.json() as { homework: Homework; message: string };
      expect(message).toBe(messages.homeworkUploaded);
      expect(Object.keys(homework).sort()).toEqual(HOMEWORK_KEYS);
      expect(homework).toMatchObject({
        courseId: course._id,
        userId: student.user._id,
        fileName: 'Домашнє завдання.pdf',
        size: SAMPLE_PDF.length,
        mimeType: 'application/pdf',
        comment: 'Готово',
        isLate: false,
        grade: null,
        feedback: null,
        gradedAt: null,
      });

      for (const who of [student, teacher]) {
        const file = await get(`/api/homework/${homework._id}/file`, who);
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(SAMPLE_PDF)).toBe(true);
        expect(file.headers['content-type']).toBe('application/pdf');
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        const disposition = file.headers['content-disposition'] as string;
        expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
        expect(disposition).toContain('filename="Domashnie zavdannia.pdf"');
        expect(dispositionName(disposition)).toBe('Домашнє завдання.pdf');
      }
    });

    it.each([
      ['ZIP', SAMPLE_ZIP, 'answers.zip', 'application/zip'],
      [
        'DOCX',
        SAMPLE_DOCX,
        'essay.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['ODT', SAMPLE_ODT, 'essay.odt', 'application/vnd.oasis.opendocument.text'],
      ['PDF', SAMPLE_PDF, 'a.pdf', 'application/pdf'],
      ['PNG', SAMPLE_PNG, 'scan.png', 'image/png'],
      ['JPEG', SAMPLE_JPEG, 'photo.jpg', 'image/jpeg'],
      ['TXT (UTF-8, no signature)', SAMPLE_TXT, 'answers.txt', 'text/plain'],
      ['RTF', SAMPLE_RTF, 'essay.rtf', 'application/rtf'],
      ['DOC (an OLE file named .doc)', SAMPLE_CFB, 'essay.doc', 'application/msword'],
    ] as const)('detects %s from the bytes', async (_label, content, filename, mimeType) => {
      const { course, student } = await setUp();
      const response = await t.app.inject(
        uploadHomeworkRequest(student, course._id, { content, filename }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().homework.mimeType).toBe(mimeType);
      const file = await get(`/api/homework/${response.json().homework._id}/file`, student);
      expect(file.headers['content-type']).toBe(
        mimeType === 'text/plain' ? 'text/plain; charset=utf-8' : mimeType,
      );
      expect(file.rawPayload.equals(content)).toBe(true);
    });

    it.each([
      ['an ELF executable renamed .pdf', ELF_BINARY, 'homework.pdf'],
      ['a Windows executable renamed .pdf', MZ_BINARY, 'homework.pdf'],
      ['an OLE file not named .doc (an installer?)', SAMPLE_CFB, 'setup.msi'],
      [
        'binary bytes that are not UTF-8',
        Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00, 0x42]),
        'notes.txt',
      ],
      ['text with NUL bytes', Buffer.from('hello\u0000world'), 'notes.txt'],
    ])('refuses %s with 415, storing nothing', async (_label, content, filename) => {
      const { course, student } = await setUp();
      const before = await listStored(t.app, 'homework');
      const response = await t.app.inject(
        uploadHomeworkRequest(student, course._id, { content, filename }),
      );
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        message: messages.homeworkTypeUnsupported,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect(await listStored(t.app, 'homework')).toEqual(before);
    });

    it('accepts the file before the course id', async () => {
      const { course, student } = await setUp();
      const homework = await uploadHomework(t.app, student, course._id, undefined, {
        fileFirst: true,
        comment: 'спершу файл',
      });
      expect(homework).toMatchObject({ courseId: course._id, comment: 'спершу файл' });
    });

    it('refuses a caller who is not enrolled (403), whatever the part order, and keeps no file', async () => {
      const { course, teacher } = await setUp();
      const outsider = await registerAccount(t.app);
      const before = await listStored(t.app, 'homework');
      for (const account of [outsider, teacher]) {
        for (const fileFirst of [false, true]) {
          const response = await t.app.inject(
            uploadHomeworkRequest(account, course._id, undefined, { fileFirst }),
          );
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({ message: messages.notEnrolled, code: 'FORBIDDEN' });
        }
      }
      expect(await listStored(t.app, 'homework')).toEqual(before);
    });

    it('answers 400 without a file or a course id, 404 for an unknown course, 400 for a long comment', async () => {
      const { course, student } = await setUp();
      const before = await listStored(t.app, 'homework');
      const noFile = await t.app.inject(
        uploadHomeworkRequest(student, course._id, {
          content: Buffer.alloc(0),
          filename: 'empty.pdf',
        }),
      );
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toMatchObject({
        message: messages.fileRequired,
        fields: { file: messages.fileRequired },
      });
      const noCourse = await t.app.inject(uploadHomeworkRequest(student, '', undefined));
      expect(noCourse.statusCode).toBe(400);
      expect(noCourse.json().fields).toEqual({ courseId: messages.courseIdRequired });
      const unknown = await t.app.inject(
        uploadHomeworkRequest(student, 'no-such-course', undefined, { fileFirst: true }),
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(messages.courseNotFound);
      const longComment = await t.app.inject(
        uploadHomeworkRequest(student, course._id, undefined, { comment: 'я'.repeat(1001) }),
      );
      expect(longComment.statusCode).toBe(400);
      expect(longComment.json().fields).toEqual({ comment: messages.commentTooLong });
      expect(await listStored(t.app, 'homework')).toEqual(before);
    });

    it('stores "../" names as plain names: the file stays inside storage', async () => {
      const { course, student } = await setUp();
      // The content is text, so each also takes the .txt extension (see 'file names' below).
      for (const [filename, stored] of [
        ['../../etc/passwd', 'passwd.txt'],
        ['..\\..\\windows\\win.ini', 'win.txt'],
        ['../../../', 'file.txt'],
        ['..', 'file.txt'],
        ['evil\u202Efdp.exe', 'evilfdp.txt'],
        ['.hidden.txt', 'hidden.txt'],
      ]) {
        const homework = await uploadHomework(t.app, student, course._id, {
          content: SAMPLE_TXT,
          filename: filename!,
        });
        expect(homework.fileName).toBe(stored);
        const row = await t.db
          .selectFrom('homework')
          .select('file_key')
          .where('id', '=', homework._id)
          .executeTakeFirstOrThrow();
        expect(row.file_key).toMatch(/^homework\/[A-Za-z0-9_-]{22}$/);
      }
    });
  });

  describe('file names take the detected type’s extension', () => {
    const download = async (id: string, account: Account) => {
      const file = await get(`/api/homework/${id}/file`, account);
      expect(file.statusCode).toBe(200);
      return dispositionName(file.headers['content-disposition'] as string);
    };

    it.each([
      { filename: 'invoice.hta', type: 'text', content: SAMPLE_TXT, expected: 'invoice.txt' },
      { filename: 'report.html', type: 'PDF', content: SAMPLE_PDF, expected: 'report.pdf' },
      { filename: 'essay.pdf', type: 'DOCX', content: SAMPLE_DOCX, expected: 'essay.docx' },
      { filename: 'photo.JPG', type: 'JPEG', content: SAMPLE_JPEG, expected: 'photo.JPG' },
      { filename: 'notes', type: 'text', content: SAMPLE_TXT, expected: 'notes.txt' },
    ])(
      '$filename of $type bytes is stored, listed and downloaded as $expected',
      async ({ filename, content, expected }) => {
        const { course, student, teacher } = await setUp();
        const homework = await uploadHomework(t.app, student, course._id, { content, filename });
        expect(homework.fileName).toBe(expected);
        const row = await t.db
          .selectFrom('homework')
          .select('file_name')
          .where('id', '=', homework._id)
          .executeTakeFirstOrThrow();
        expect(row.file_name).toBe(expected);
        expect(await download(homework._id, student)).toBe(expected);
        expect(await download(homework._id, teacher)).toBe(expected);
        const file = await get(`/api/homework/${homework._id}/file`, student);
        expect(file.headers['content-disposition']).toContain(`filename="${expected}"`);
      },
    );

    it('names the zip entries by the detected type too', async () => {
      const { course, student, teacher } = await setUp();
      await uploadHomework(t.app, student, course._id, {
        content: SAMPLE_TXT,
        filename: 'invoice.hta',
      });
      await uploadHomework(t.app, student, course._id, {
        content: SAMPLE_PDF,
        filename: 'report.html',
      });
      const response = await get(`/api/courses/${course._id}/homework.zip`, teacher);
      expect(response.statusCode).toBe(200);
      const entries = await readZip(response.rawPayload);
      expect([...entries.keys()].sort()).toEqual([
        'Домашнє завдання/Andrii Melnyk/invoice.txt',
        'Домашнє завдання/Andrii Melnyk/report.pdf',
      ]);
      expect(entries.get('Домашнє завдання/Andrii Melnyk/report.pdf')!.equals(SAMPLE_PDF)).toBe(
        true,
      );
    });

    it('hands out a row stored before the rule under the corrected name: JSON, download, zip and CSV', async () => {
      const { course, student, teacher } = await setUp();
      const homework = await uploadHomework(t.app, student, course._id, {
        content: SAMPLE_TXT,
        filename: 'invoice.txt',
      });
      // What an upload stored before names followed the type.
      await t.db
        .updateTable('homework')
        .set({ file_name: 'invoice.hta' })
        .where('id', '=', homework._id)
        .execute();
      const own = await get(`/api/courses/${course._id}/homework`, student);
      expect((own.json().homework as Homework[])[0]!.fileName).toBe('invoice.txt');
      const users = (await get(`/api/courses/${course._id}/userswithhw`, teacher)).json()
        .users as UserWithHomework[];
      expect(users[0]!.homework[0]!.fileName).toBe('invoice.txt');
      expect(await download(homework._id, student)).toBe('invoice.txt');
      expect(await download(homework._id, teacher)).toBe('invoice.txt');
      const zip = await get(`/api/courses/${course._id}/homework.zip`, teacher);
      expect([...(await readZip(zip.rawPayload)).keys()]).toEqual([
        'Домашнє завдання/Andrii Melnyk/invoice.txt',
      ]);
      const csv = (
        await get(`/api/courses/${course._id}/grades.csv`, teacher)
      ).rawPayload.toString();
      expect(csv).toContain(',"invoice.txt",');
      expect(csv).not.toContain('invoice.hta');
    });
  });

  describe('own submissions, resubmission and lateness', () => {
    it('keeps every submission, newest first; a graded one stays graded', async () => {
      const { course, student, teacher } = await setUp();
      const first = await uploadHomework(t.app, student, course._id, {
        content: SAMPLE_TXT,
        filename: 'v1.txt',
      });
      expect(
        (await grade(first._id, teacher, { grade: '7', feedback: 'Доопрацюйте висновки.' }))
          .statusCode,
      ).toBe(200);
      const second = await uploadHomework(t.app, student, course._id, {
        content: SAMPLE_PDF,
        filename: 'v2.pdf',
      });
      const third = await uploadHomework(t.app, student, course._id, {
        content: SAMPLE_PDF,
        filename: 'v3.pdf',
      });

      const own = await get(`/api/courses/${course._id}/homework`, student);
      expect(own.statusCode).toBe(200);
      const list = own.json().homework as Homework[];
      expect(list.map((h) => h._id)).toEqual([third._id, second._id, first._id]);
      expect(list[2]).toMatchObject({ grade: '7', feedback: 'Доопрацюйте висновки.' });
      expect(list[0]).toMatchObject({ grade: null });

      // Another student's submissions are not in it.
      const other = await registerAccount(t.app);
      await enroll(t.app, other, course._id);
      await uploadHomework(t.app, other, course._id);
      expect(
        (await get(`/api/courses/${course._id}/homework`, student)).json().homework,
      ).toHaveLength(3);
      expect(
        (await get(`/api/courses/${course._id}/homework`, other)).json().homework,
      ).toHaveLength(1);
    });

    it('flags a submission after the deadline as late', async () => {
      const past = await setUp({ homeworkDueAt: new Date(Date.now() - 60_000).toISOString() });
      expect((await uploadHomework(t.app, past.student, past.course._id)).isLate).toBe(true);
      const future = await setUp({ homeworkDueAt: new Date(Date.now() + 3_600_000).toISOString() });
      expect((await uploadHomework(t.app, future.student, future.course._id)).isLate).toBe(false);
      const none = await setUp();
      expect((await uploadHomework(t.app, none.student, none.course._id)).isLate).toBe(false);
    });

    it('keeps the history when a student leaves and comes back', async () => {
      const { course, student } = await setUp();
      await uploadHomework(t.app, student, course._id);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/courses/${course._id}/enroll`,
        headers: bearer(student.token),
      });
      expect((await get(`/api/courses/${course._id}/homework`, student)).statusCode).toBe(403);
      await enroll(t.app, student, course._id);
      expect(
        (await get(`/api/courses/${course._id}/homework`, student)).json().homework,
      ).toHaveLength(1);
    });
  });

  describe('the author’s view', () => {
    it('userswithhw lists enrolled submitters, latest first, each with their submissions newest first', async () => {
      const { course, student, teacher } = await setUp();
      const quiet = await registerAccount(t.app, { username: 'Silent Student' });
      await enroll(t.app, quiet, course._id);
      const late = await registerAccount(t.app, { username: 'Iryna Shevchenko' });
      await enroll(t.app, late, course._id);
      const a1 = await uploadHomework(t.app, student, course._id);
      const b1 = await uploadHomework(t.app, late, course._id);
      const a2 = await uploadHomework(t.app, student, course._id);
      const response = await get(`/api/courses/${course._id}/userswithhw`, teacher);
      expect(response.statusCode).toBe(200);
      const users = response.json().users as UserWithHomework[];
      expect(users.map((u) => u.username)).toEqual(['Andrii Melnyk', 'Iryna Shevchenko']);
      expect(Object.keys(users[0]!).sort()).toEqual([
        '_id',
        'email',
        'homework',
        'telephone',
        'username',
      ]);
      expect(users[0]!.telephone).toBe(student.telephone);
      expect(users[0]!.homework.map((h) => h._id)).toEqual([a2._id, a1._id]);
      expect(users[1]!.homework.map((h) => h._id)).toEqual([b1._id]);
      // A student who left is not listed; their work stays in the exports.
      await t.app.inject({
        method: 'DELETE',
        url: `/api/courses/${course._id}/enroll`,
        headers: bearer(late.token),
      });
      const after = (await get(`/api/courses/${course._id}/userswithhw`, teacher)).json()
        .users as UserWithHomework[];
      expect(after.map((u) => u._id)).toEqual([student.user._id]);
    });
  });

  describe('the author’s view read by pages', () => {
    it('is the same read two rows at a time, across equal submission times and a student who left', async () => {
      const { course, student, teacher } = await setUp();
      const other = await registerAccount(t.app, { username: 'Olena Kovalenko' });
      const gone = await registerAccount(t.app, { username: 'Taras Bondar' });
      for (const account of [other, gone]) await enroll(t.app, account, course._id);
      for (const account of [student, other, gone, student, other, student, gone])
        await uploadHomework(t.app, account, course._id);
      // Three submissions at one instant: the pages' cursor orders them by id.
      const tied = (
        await t.db
          .selectFrom('homework')
          .select('id')
          .where('course_id', '=', course._id)
          .orderBy('submitted_at')
          .limit(3)
          .execute()
      ).map((row) => row.id);
      await t.db
        .updateTable('homework')
        .set({ submitted_at: '2026-09-01T08:00:00.000Z' })
        .where('id', 'in', tied)
        .execute();
      await t.app.inject({
        method: 'DELETE',
        url: `/api/courses/${course._id}/enroll`,
        headers: bearer(gone.token),
      });
      const whole = await listUsersWithHomework(t.db, teacher.user, course._id);
      expect(whole.map((u) => u._id).sort()).toEqual([student.user._id, other.user._id].sort());
      expect(whole.flatMap((u) => u.homework)).toHaveLength(5);
      for (const pageSize of [1, 2, 3]) {
        expect(await listUsersWithHomework(t.db, teacher.user, course._id, pageSize)).toEqual(
          whole,
        );
      }
      // And the same as the route answers.
      expect((await get(`/api/courses/${course._id}/userswithhw`, teacher)).json().users).toEqual(
        whole,
      );
    });
  });

  describe('the author’s view kept by student', () => {
    it('after an upload and a grade builds only that student again, and answers as the whole list does', async () => {
      const { course, student, teacher } = await setUp();
      // Enough students that the first load reads the whole course, not one student at a time.
      const others: Account[] = [];
      for (let i = 0; i < 9; i += 1) {
        const account = await registerAccount(t.app, { username: `Учень ${i}` });
        await enroll(t.app, account, course._id);
        await uploadHomework(t.app, account, course._id);
        others.push(account);
      }
      await uploadHomework(t.app, student, course._id);
      const url = `/api/courses/${course._id}/userswithhw`;
      const whole = async () =>
        JSON.stringify({ users: await listUsersWithHomework(t.db, teacher.user, course._id) });
      // The view's loads (a session's, of the uploader, is not the view's).
      const loads: string[] = [];
      t.app.readCache.audit = (record) => {
        const name = record.key.split(':')[0]!;
        if (name !== 'session') loads.push(name);
      };
      try {
        const first = await get(url, teacher);
        expect(first.body).toBe(await whole());
        expect(loads.filter((name) => name === 'submitter')).toHaveLength(10);
        loads.length = 0;
        // A new submission moves its student to the top; only that student is built again.
        await uploadHomework(t.app, others[3]!, course._id);
        const moved = await get(url, teacher);
        expect(moved.body).toBe(await whole());
        expect((moved.json().users as UserWithHomework[])[0]!._id).toBe(others[3]!.user._id);
        expect(loads.sort()).toEqual(['submitter', 'users-with-homework']);
        loads.length = 0;
        const [graded] = (first.json().users as UserWithHomework[]).at(-1)!.homework;
        await t.app.inject({
          method: 'PUT',
          url: `/api/homework/${graded!._id}/grade`,
          headers: bearer(teacher.token),
          payload: { grade: '11', feedback: 'Добре.' },
        });
        const after = await get(url, teacher);
        expect(after.body).toBe(await whole());
        expect(after.body).toContain('"grade":"11"');
        expect(loads.sort()).toEqual(['submitter', 'users-with-homework']);
        expect(after.headers.etag).not.toBe(moved.headers.etag);
      } finally {
        t.app.readCache.audit = undefined;
      }
    });
  });

  describe('signed links to a submission file (the grading preview)', () => {
    const linkOf = async (homeworkId: string, account: Account) => {
      const response = await get(`/api/homework/${homeworkId}/file-link`, account);
      expect(response.statusCode).toBe(200);
      return (response.json() as { url: string }).url;
    };

    it('the author and the submitter get a link that works without the bearer header; inline=1 previews in place', async () => {
      const { course, student, teacher } = await setUp();
      const homework = await uploadHomework(t.app, student, course._id, {
        content: SAMPLE_PDF,
        filename: 'Твір.pdf',
      });
      const url = await linkOf(homework._id, teacher);
      expect(url).toMatch(
        new RegExp(`^/api/homework/${homework._id}/file\\?u=${teacher.user._id}&exp=\\d+&sig=`),
      );
      expect(await linkOf(homework._id, student)).toContain(`u=${student.user._id}`);

      // Without inline=1 the file is still a download, as it was.
      const download = await get(url);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(SAMPLE_PDF)).toBe(true);
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      expect(download.headers['x-frame-options']).toBe('DENY');
      expect(download.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );

      const preview = await get(`${url}&inline=1`);
      expect(preview.statusCode).toBe(200);
      expect(preview.rawPayload.equals(SAMPLE_PDF)).toBe(true);
      expect(preview.headers['content-type']).toBe('application/pdf');
      expect(preview.headers['content-disposition']).toMatch(/^inline;/);
      expect(dispositionName(preview.headers['content-disposition'] as string)).toBe('Твір.pdf');
      // Framed by this origin's pages only, and still allowed to load or run nothing.
      expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(preview.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'self'",
      );
      expect(preview.headers['x-content-type-options']).toBe('nosniff');
      expect(preview.headers['cache-control']).toBe('private, no-store');
    });

    it('images and text preview inline; any other type stays an attachment even with inline=1', async () => {
      const { course, student, teacher } = await setUp();
      const cases: [Buffer, string, RegExp][] = [
        [SAMPLE_PNG, 'scan.png', /^inline;/],
        [SAMPLE_JPEG, 'photo.jpg', /^inline;/],
        [SAMPLE_TXT, 'notes.txt', /^inline;/],
        [SAMPLE_ZIP, 'project.zip', /^attachment;/],
        [SAMPLE_DOCX, 'essay.docx', /^attachment;/],
      ];
      for (const [content, filename, disposition] of cases) {
        const homework = await uploadHomework(t.app, student, course._id, { content, filename });
        const response = await get(`${await linkOf(homework._id, teacher)}&inline=1`);
        expect(response.statusCode, filename).toBe(200);
        expect(response.headers['content-disposition'], filename).toMatch(disposition);
        expect(response.headers['x-frame-options'], filename).toBe(
          disposition.source.includes('inline') ? 'SAMEORIGIN' : 'DENY',
        );
      }
    });

    it('nobody else gets a link, and a link works only as signed, for its file, while its user may read it', async () => {
      const { course, student, teacher } = await setUp();
      const homework = await uploadHomework(t.app, student, course._id);
      const other = await uploadHomework(t.app, student, course._id, {
        content: SECOND_PDF,
        filename: 'second.pdf',
      });
      const classmate = await registerAccount(t.app, { username: 'Taras Bondar' });
      await enroll(t.app, classmate, course._id);
      const otherTeacher = await registerTeacher(t.app, t.db, { username: 'Petro Ivanenko' });

      expect((await get(`/api/homework/${homework._id}/file-link`)).statusCode).toBe(401);
      expect((await get(`/api/homework/${homework._id}/file-link`, classmate)).statusCode).toBe(
        403,
      );
      expect((await get(`/api/homework/${homework._id}/file-link`, otherTeacher)).statusCode).toBe(
        403,
      );
      expect((await get('/api/homework/nope/file-link', teacher)).statusCode).toBe(404);

      const url = await linkOf(homework._id, teacher);
      // Neither a bearer header nor a link: 401, as before.
      expect((await get(`/api/homework/${homework._id}/file`)).statusCode).toBe(401);
      // The signature binds the file and the user.
      const forOther = url.replace(homework._id, other._id);
      expect((await get(forOther)).statusCode).toBe(403);
      const asClassmate = url.replace(`u=${teacher.user._id}`, `u=${classmate.user._id}`);
      expect((await get(asClassmate)).statusCode).toBe(403);
      const tampered = url.replace(/sig=[^&]+/, 'sig=AAAA');
      const refused = await get(tampered);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(messages.homeworkLinkInvalid);
      expect((await get(url.replace(/&sig=[^&]+/, ''))).statusCode).toBe(403);
      expect((await get(url.replace(/exp=\d+/, 'exp=oops'))).statusCode).toBe(400);

      // A student's own link works while they may read it; a link does not outlive a block.
      const own = await linkOf(homework._id, student);
      expect((await get(own)).statusCode).toBe(200);
      await setBlocked(t.db, student.user._id, true, cliActor('test'));
      expect((await get(own)).statusCode).toBe(403);
    });
  });

  describe('grading', () => {
    it('grades once: 200 {homework}, then 409 alreadyGraded', async () => {
      const { course, student, teacher } = await setUp();
      const homework = await uploadHomework(t.app, student, course._id);
      const response = await grade(homework._id, teacher, {
        grade: ' 12 ',
        feedback: '  Відмінно!  ',
      });
      expect(response.statusCode).toBe(200);
      const graded = response.json().homework as Homework;
      expect(graded).toMatchObject({ _id: homework._id, grade: '12', feedback: 'Відмінно!' });
      expect(Date.parse(graded.gradedAt!)).toBeGreaterThan(0);
      const again = await grade(homework._id, teacher, { grade: '5' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: messages.alreadyGraded, code: 'CONFLICT' });
      const withoutFeedback = await uploadHomework(t.app, student, course._id);
      expect(
        (await grade(withoutFeedback._id, teacher, { grade: '11' })).json().homework.feedback,
      ).toBeNull();
    });

    it('lets exactly one of two racing graders win', async () => {
      const { course, student, teacher } = await setUp();
      const homework = await uploadHomework(t.app, student, course._id);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => grade(homework._id, teacher, { grade: String(i + 1) })),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json().homework.grade;
      const row = await t.db
        .selectFrom('homework')
        .select('grade')
        .where('id', '=', homework._id)
        .executeTakeFirstOrThrow();
      expect(row.grade).toBe(winner);
    });

    it.each([
      ['an empty grade', { grade: '' }, 'grade', messages.gradeRequired],
      ['a blank grade', { grade: '   ' }, 'grade', messages.gradeRequired],
      ['an 11-character grade', { grade: '12345678901' }, 'grade', messages.gradeRequired],
      [
        '2001 characters of feedback',
        { grade: '10', feedback: 'я'.repeat(2001) },
        'feedback',
        messages.feedbackTooLong,
      ],
      ['no grade', {}, 'grade', messages.gradeRequired],
    ])('refuses %s with 400 naming the field', async (_label, body, field, message) => {
      const { course, student, teacher } = await setUp();
      const homework = await uploadHomework(t.app, student, course._id);
      const response = await grade(homework._id, teacher, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, fields: { [field]: message } });
    });

    it('answers 404 for an unknown submission', async () => {
      const teacher = await registerTeacher(t.app, t.db);
      const response = await grade('no-such-homework', teacher, { grade: '5' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(messages.homeworkNotFound);
      expect((await get('/api/homework/no-such-homework/file', teacher)).statusCode).toBe(404);
    });
  });

  describe('with a 64 kB homework limit', () => {
    const small = useTestApp(target, { config: { homeworkMaxBytes: 64 * 1024 } });

    it('refuses a larger file with 413 homeworkTooLarge and leaves no partial file, even under .tmp', async () => {
      const teacher = await registerTeacher(small.app, small.db);
      const course = await createCourse(small.app, teacher);
      const student = await registerAccount(small.app);
      await enroll(small.app, student, course._id);
      const exactly = Buffer.concat([SAMPLE_PDF, Buffer.alloc(64 * 1024 - SAMPLE_PDF.length)]);
      expect(
        (
          await small.app.inject(
            uploadHomeworkRequest(student, course._id, { content: exactly, filename: 'max.pdf' }),
          )
        ).statusCode,
      ).toBe(201);
      const before = await listStored(small.app, 'homework');
      const over = Buffer.concat([exactly, Buffer.from('x')]);
      for (const fileFirst of [false, true]) {
        const response = await small.app.inject(
          uploadHomeworkRequest(
            student,
            course._id,
            { content: over, filename: 'big.pdf' },
            { fileFirst },
          ),
        );
        expect(response.statusCode).toBe(413);
        expect(response.json()).toEqual({
          message: messages.homeworkTooLarge,
          code: 'PAYLOAD_TOO_LARGE',
        });
      }
      expect(await listStored(small.app, 'homework')).toEqual(before);
      expect(await sweepUnfinishedWrites(small.app)).toBe(0);
    });
  });

  describe('with throttling on', () => {
    const limited = useTestApp(target, { config: { rateLimit: true } });

    it('allows 30 uploads per student in 10 minutes, then answers 429 with Retry-After before reading the file', async () => {
      const teacher = await registerTeacher(limited.app, limited.db);
      const course = await createCourse(limited.app, teacher);
      const student = await registerAccount(limited.app);
      const other = await registerAccount(limited.app);
      await enroll(limited.app, student, course._id);
      await enroll(limited.app, other, course._id);
      for (let i = 0; i < 30; i += 1) await uploadHomework(limited.app, student, course._id);
      const before = await listStored(limited.app, 'homework');
      const refused = await limited.app.inject(uploadHomeworkRequest(student, course._id));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: messages.tooManyRequests,
        code: 'TOO_MANY_REQUESTS',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await listStored(limited.app, 'homework')).toEqual(before);
      // The limit is per student.
      expect((await limited.app.inject(uploadHomeworkRequest(other, course._id))).statusCode).toBe(
        201,
      );
    });
  });

  describe('exports', () => {
    it('homework.zip holds <student>/<file name>, deduplicated and sanitised', async () => {
      const { course, student, teacher } = await setUp();
      const namesake = await registerAccount(t.app, { username: 'Andrii Melnyk' });
      await enroll(t.app, namesake, course._id);
      const dots = await registerAccount(t.app, { username: '...' });
      await enroll(t.app, dots, course._id);
      const slash = await registerAccount(t.app, { username: 'Ivan/../Petrenko' });
      await enroll(t.app, slash, course._id);

      await uploadHomework(t.app, student, course._id, {
        content: SAMPLE_PDF,
        filename: 'Есе.pdf',
      });
      await uploadHomework(t.app, student, course._id, {
        content: SAMPLE_TXT,
        filename: 'Есе.pdf.txt',
      });
      await uploadHomework(t.app, student, course._id, {
        content: SECOND_PDF,
        filename: 'есе.pdf',
      });
      await uploadHomework(t.app, namesake, course._id, {
        content: SAMPLE_PNG,
        filename: 'Есе.png',
      });
      await uploadHomework(t.app, dots, course._id, {
        content: SAMPLE_TXT,
        filename: '../../x.txt',
      });
      await uploadHomework(t.app, slash, course._id, { content: SAMPLE_TXT, filename: 'a.txt' });

      const response = await get(`/api/courses/${course._id}/homework.zip`, teacher);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(dispositionName(response.headers['content-disposition'] as string)).toBe(
        `${course.title} — домашні завдання.zip`,
      );
      const entries = await readZip(response.rawPayload);
      expect([...entries.keys()].sort()).toEqual(
        [
          'Домашнє завдання/Andrii Melnyk/Есе.pdf',
          'Домашнє завдання/Andrii Melnyk/Есе.pdf.txt',
          'Домашнє завдання/Andrii Melnyk/есе (2).pdf',
          'Домашнє завдання/Andrii Melnyk (2)/Есе.png',
          'Домашнє завдання/Ivan_.._Petrenko/a.txt',
          'Домашнє завдання/student/x.txt',
        ].sort(),
      );
      for (const name of entries.keys()) {
        expect(name.split('/')).toHaveLength(3);
        expect(
          name.split('/').every((segment) => segment !== '..' && segment !== '.' && segment !== ''),
        ).toBe(true);
      }
      expect(entries.get('Домашнє завдання/Andrii Melnyk/Есе.pdf')!.equals(SAMPLE_PDF)).toBe(true);
      expect(entries.get('Домашнє завдання/Andrii Melnyk/есе (2).pdf')!.equals(SECOND_PDF)).toBe(
        true,
      );
      expect(entries.get('Домашнє завдання/Andrii Melnyk (2)/Есе.png')!.equals(SAMPLE_PNG)).toBe(
        true,
      );
    });

    it('homework.zip of an assignment titled like a drive (C:drive) neutralises the letter, not a 500', async () => {
      const { course, student, teacher } = await setUp();
      const assignmentId = await defaultAssignmentId(t.app, course._id);
      const renamed = await t.app.inject({
        method: 'PUT',
        url: `/api/assignments/${assignmentId}`,
        headers: bearer(teacher.token),
        payload: { title: 'C:drive' },
      });
      expect(renamed.statusCode).toBe(200);
      await uploadHomework(t.app, student, course._id, { content: SAMPLE_TXT, filename: 'a.txt' });
      const response = await get(`/api/courses/${course._id}/homework.zip`, teacher);
      expect(response.statusCode).toBe(200);
      expect([...(await readZip(response.rawPayload)).keys()]).toEqual([
        'C_drive/Andrii Melnyk/a.txt',
      ]);
    });

    it('homework.zip of a course without submissions is an empty archive', async () => {
      const { course, teacher } = await setUp();
      const response = await get(`/api/courses/${course._id}/homework.zip`, teacher);
      expect(response.statusCode).toBe(200);
      expect((await readZip(response.rawPayload)).size).toBe(0);
    });

    it('grades.csv has a BOM, one row per submission, and no formula cells', async () => {
      const { course, student, teacher } = await setUp({
        homeworkDueAt: new Date(Date.now() - 1000).toISOString(),
      });
      const evil = await registerAccount(t.app, { username: '=HYPERLINK("http://x","y")' });
      await enroll(t.app, evil, course._id);
      const h1 = await uploadHomework(t.app, student, course._id, {
        content: SAMPLE_PDF,
        filename: 'Есе, версія 1.pdf',
      });
      await grade(h1._id, teacher, {
        grade: '10',
        feedback: 'Добре, але "висновки" короткі.\nДругий рядок.',
      });
      await uploadHomework(t.app, student, course._id, {
        content: SAMPLE_TXT,
        filename: '@cmd.txt',
      });
      const h3 = await uploadHomework(t.app, evil, course._id, {
        content: SAMPLE_TXT,
        filename: '+1.txt',
      });
      await grade(h3._id, teacher, { grade: '0', feedback: '=1+1' });
      // A free-text grade kept from before grades were points (migration 0010) is exported as it was.
      await t.db.updateTable('homework').set({ grade: '-1' }).where('id', '=', h3._id).execute();

      const response = await get(`/api/courses/${course._id}/grades.csv`, teacher);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(dispositionName(response.headers['content-disposition'] as string)).toBe(
        `${course.title} — оцінки.csv`,
      );
      expect(response.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
      const text = response.rawPayload.subarray(3).toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      const lines = text.split('\r\n').slice(0, -1);
      expect(lines[0]).toBe(
        '"Студент","Телефон","Файл","Надіслано","Із запізненням","Оцінка","Відгук","Оцінено"',
      );
      // Students in Ukrainian collation order ('=' sorts before letters), each one's submissions oldest first.
      expect(lines).toHaveLength(1 + 3);
      const rows = readAsSpreadsheet(text, ',');
      const gradedAt = rows[1]![7]!;
      expect(gradedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(lines[1]).toBe(
        `"'=HYPERLINK(""http://x"",""y"")","'${evil.telephone}","'+1.txt","${h3.submittedAt}","так","'-1","'=1+1","${gradedAt}"`,
      );
      expect(rows[2]).toEqual([
        'Andrii Melnyk',
        `'${student.telephone}`,
        'Есе, версія 1.pdf',
        h1.submittedAt,
        'так',
        '10',
        'Добре, але "висновки" короткі.\nДругий рядок.',
        rows[2]![7],
      ]);
      expect(lines[2]).toContain('"Добре, але ""висновки"" короткі.\nДругий рядок."');
      expect(rows[3]).toEqual([
        'Andrii Melnyk',
        `'${student.telephone}`,
        "'@cmd.txt",
        rows[3]![3],
        'так',
        '',
        '',
        '',
      ]);
    });

    it('grades.csv quotes every cell: a ; or a formula in a name, file name or feedback never starts a cell, read with , or ;', async () => {
      const { course, teacher } = await setUp();
      const semicolon = await registerAccount(t.app, { username: 'x;=1+1' });
      const dde = await registerAccount(t.app, { username: "=cmd|' /C calc'!A0" });
      for (const student of [semicolon, dde]) await enroll(t.app, student, course._id);
      const h1 = await uploadHomework(t.app, semicolon, course._id, {
        content: SAMPLE_TXT,
        filename: 'a;-2+3.txt',
      });
      await grade(h1._id, teacher, {
        grade: '5',
        feedback: 'Добре;=HYPERLINK("http://evil.example","клік")',
      });
      // A free-text grade kept from before grades were points (migration 0010).
      await t.db
        .updateTable('homework')
        .set({ grade: '5;=1+1' })
        .where('id', '=', h1._id)
        .execute();
      await uploadHomework(t.app, dde, course._id, { content: SAMPLE_TXT, filename: 'ok.txt' });

      const response = await get(`/api/courses/${course._id}/grades.csv`, teacher);
      expect(response.statusCode).toBe(200);
      const text = response.rawPayload.subarray(3).toString('utf8');
      const records = text.split('\r\n').slice(0, -1);
      expect(records).toHaveLength(3);
      for (const record of records) expect(record).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);

      const cells = readAsSpreadsheet(text, ',');
      expect(cells.map((row) => row.slice(0, 3))).toEqual([
        ['Студент', 'Телефон', 'Файл'],
        ["'=cmd|' /C calc'!A0", `'${dde.telephone}`, 'ok.txt'],
        ['x;=1+1', `'${semicolon.telephone}`, 'a;-2+3.txt'],
      ]);
      expect(cells[2]!.slice(5, 7)).toEqual([
        '5;=1+1',
        'Добре;=HYPERLINK("http://evil.example","клік")',
      ]);
      // Excel in a Ukrainian locale splits on ';': no text inside a quoted cell starts a cell of its own.
      const read = [...cells, ...readAsSpreadsheet(text, ';')].flat();
      expect(read.filter(isFormulaCell)).toEqual([]);
    });
  });
});
