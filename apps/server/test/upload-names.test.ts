/**
 * Every upload route stores and hands out a file under the detected type's
 * extension, whatever the uploader named it (docs/decisions.md, uploads):
 * 'Lecture 1.hta' of MP4 bytes is 'Lecture 1.mp4' in the JSON and in the
 * download's Content-Disposition. The routes are taken from the OpenAPI
 * document, so a new upload route fails here until it is walked too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Course, Homework } from '@urok/contract';
import type { Lesson } from '@urok/contract/schemas';
import { bearer, databaseTargets, registerAccount, useTestApp, type Account } from './helpers.ts';
import {
  COURSE_FIELDS,
  createCourse,
  enroll,
  multipart,
  registerTeacher,
  SAMPLE_JPEG,
  SAMPLE_PDF,
} from './course-fixtures.ts';
import { addLesson, fileForm, getOutlineAs, sampleMp4, sampleWebm } from './content-fixtures.ts';

/** The name a download's Content-Disposition gives (its UTF-8 form). */
function dispositionName(header: unknown): string {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(String(header))?.[1];
  if (!encoded) throw new Error(`no filename* in ${String(header)}`);
  return decodeURIComponent(encoded);
}

describe.each(databaseTargets)('stored file names on $name', (target) => {
  const t = useTestApp(target);
  let teacher: Account;
  let student: Account;
  let course: Course;
  let lessonId: string;

  beforeAll(async () => {
    teacher = await registerTeacher(t.app, t.db);
    student = await registerAccount(t.app);
    course = await createCourse(t.app, teacher);
    await enroll(t.app, student, course._id);
    const sectionId = (await getOutlineAs(t.app, teacher, course._id)).sections[0]._id as string;
    lessonId = (await addLesson(t.app, teacher, course._id, { sectionId, published: true }))._id;
  });

  const send = async (
    account: Account,
    method: 'POST' | 'PUT',
    url: string,
    body: { payload: Buffer; headers: Record<string, string> },
    status: number,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(account.token) },
    });
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  const download = async (account: Account, url: string) => {
    const response = await t.app.inject({ url, headers: bearer(account.token) });
    expect(response.statusCode).toBe(200);
    return dispositionName(response.headers['content-disposition']);
  };
  const courseForm = (extra: Record<string, string>, file: Buffer, filename: string) =>
    multipart([
      ...Object.entries({ ...COURSE_FIELDS, ...extra }).map(([name, value]) => ({ name, value })),
      { name: 'cover', filename, content: file },
    ]);
  /** A cover's name is its key: the part after the last '/'. */
  const coverName = (created: { course: Course }) => created.course.coverUrl!.split('/').pop()!;

  /**
   * Each upload route: the bytes it takes, their extension, and every name
   * it hands the file out under after an upload named 'Lecture 1.hta'.
   */
  const UPLOADS: Record<string, { ext: string; names(filename: string): Promise<string[]> }> = {
    'POST /api/newcourses/newcteate-course': {
      ext: 'jpg',
      names: async (filename) => [
        coverName(
          await send(
            teacher,
            'POST',
            '/api/newcourses/newcteate-course',
            courseForm({}, SAMPLE_JPEG, filename),
            201,
          ),
        ),
      ],
    },
    'POST /api/courses': {
      ext: 'jpg',
      names: async (filename) => [
        coverName(
          await send(teacher, 'POST', '/api/courses', courseForm({}, SAMPLE_JPEG, filename), 201),
        ),
      ],
    },
    'PUT /api/courses/update': {
      ext: 'jpg',
      names: async (filename) => [
        coverName(
          await send(
            teacher,
            'PUT',
            '/api/courses/update',
            multipart([
              { name: 'courseId', value: course._id },
              { name: 'cover', filename, content: SAMPLE_JPEG },
            ]),
            200,
          ),
        ),
      ],
    },
    'POST /api/courses/upload-homework': {
      ext: 'pdf',
      names: async (filename) => {
        const { homework } = (await send(
          student,
          'POST',
          '/api/courses/upload-homework',
          multipart([
            { name: 'courseId', value: course._id },
            { name: 'file', filename, content: SAMPLE_PDF },
          ]),
          201,
        )) as { homework: Homework };
        return [homework.fileName, await download(teacher, `/api/homework/${homework._id}/file`)];
      },
    },
    'POST /api/lessons/:param/attachments': {
      ext: 'pdf',
      names: async (filename) => {
        const { attachment } = (await send(
          teacher,
          'POST',
          `/api/lessons/${lessonId}/attachments`,
          fileForm(SAMPLE_PDF, filename),
          201,
        )) as { attachment: { _id: string; fileName: string } };
        const read = await t.app.inject({
          url: `/api/lessons/${lessonId}`,
          headers: bearer(student.token),
        });
        const shown = (read.json().lesson as Lesson).attachments.find(
          (a) => a._id === attachment._id,
        )!;
        return [
          attachment.fileName,
          shown.fileName,
          await download(student, `/api/attachments/${attachment._id}/file`),
        ];
      },
    },
    'PUT /api/lessons/:param/video': {
      ext: 'mp4',
      names: async (filename) => {
        const { lesson } = (await send(
          teacher,
          'PUT',
          `/api/lessons/${lessonId}/video`,
          fileForm(sampleMp4(), filename),
          200,
        )) as { lesson: Lesson };
        return [lesson.video!.fileName, await download(student, `/api/lessons/${lessonId}/video`)];
      },
    },
  };

  it('walks every upload route the API documents', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: object } }>>;
    };
    const uploads = Object.entries(spec.paths)
      .flatMap(([route, methods]) =>
        Object.entries(methods)
          .filter(
            ([, operation]) => 'multipart/form-data' in (operation.requestBody?.content ?? {}),
          )
          .map(
            ([method]) =>
              `${method.toUpperCase()} ${(route.startsWith('/api') ? route : `/api${route}`).replace(/\{\w+\}/g, ':param')}`,
          ),
      )
      .sort();
    expect(uploads.length).toBeGreaterThan(3);
    expect(uploads).toEqual(Object.keys(UPLOADS).sort());
  });

  it.each(Object.keys(UPLOADS))(
    '%s: "Lecture 1.hta" is stored and handed out with the detected extension',
    async (route) => {
      const { ext, names } = UPLOADS[route]!;
      for (const name of await names('Lecture 1.hta')) {
        expect(name, route).toMatch(new RegExp(`\\.${ext}$`));
        expect(name).not.toMatch(/hta/i);
      }
    },
  );

  it('a WebM video named .mp4 is handed out as .webm, and a right extension in any case is kept', async () => {
    const form = fileForm(sampleWebm(), 'Лекція 2.MP4');
    const { lesson } = (await send(
      teacher,
      'PUT',
      `/api/lessons/${lessonId}/video`,
      form,
      200,
    )) as {
      lesson: Lesson;
    };
    expect(lesson.video!.fileName).toBe('Лекція 2.webm');
    const kept = (await send(
      teacher,
      'PUT',
      `/api/lessons/${lessonId}/video`,
      fileForm(sampleMp4(), 'Лекція 3.MP4'),
      200,
    )) as { lesson: Lesson };
    expect(kept.lesson.video!.fileName).toBe('Лекція 3.MP4');
  });

  it('hands out a video row stored before the rule under the corrected name', async () => {
    await t.db
      .updateTable('lessons')
      .set({ video_name: 'Old lecture.hta' })
      .where('id', '=', lessonId)
      .execute();
    const read = await t.app.inject({
      url: `/api/lessons/${lessonId}`,
      headers: bearer(student.token),
    });
    expect((read.json().lesson as Lesson).video!.fileName).toBe('Old lecture.mp4');
    expect(await download(student, `/api/lessons/${lessonId}/video`)).toBe('Old lecture.mp4');
  });
});
