import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type Course, type Homework } from '@urok/contract';
import { setRoleByTelephone } from '../src/features/auth/auth.service.ts';
import { sweepOrphanFiles } from '../src/features/files/files.service.ts';
import { bearer, databaseTargets, registerAccount, useTestApp, type Account } from './helpers.ts';
import {
  COURSE_FIELDS,
  createCourse,
  enroll,
  multipart,
  registerTeacher,
  SAMPLE_JPEG,
  uploadHomework,
  uploadHomeworkRequest,
} from './course-fixtures.ts';
import {
  addLesson,
  addSection,
  attachFile,
  fileForm,
  getOutlineAs,
  paragraphDoc,
  sampleMp4,
  uploadVideo,
} from './content-fixtures.ts';
import { addAssignment, defaultAssignmentId } from './assignment-fixtures.ts';

/**
 * demotedAuthor: wrote the course as a teacher, then was made a student (make-student).
 * numberHolder: signed up with the number the author's account moved away from.
 */
const ROLES = [
  'anonymous',
  'student',
  'enrolled',
  'otherTeacher',
  'author',
  'demotedAuthor',
  'numberHolder',
] as const;
type Role = (typeof ROLES)[number];

/** A fresh course of the author, with a cover, the enrolled student in it and one submission of theirs. */
interface Fixture {
  course: Course;
  homework: Homework;
  coverName: string;
  enrolled: Account;
  /** Built only for the endpoints that ask for it (`content: true`). */
  content?: ContentFixture;
}

/**
 * The course's content: its first section with a published lesson (with a
 * file and a video) and a draft (with a file), and an empty second section.
 */
interface ContentFixture {
  sectionId: string;
  emptySectionId: string;
  published: string;
  draft: string;
  publishedFile: string;
  draftFile: string;
  /** The course's default assignment (holding the enrolled student's submission), a published and a draft one. */
  defaultAssignment: string;
  publishedAssignment: string;
  draftAssignment: string;
}

type Statuses = [
  anonymous: number,
  student: number,
  enrolled: number,
  otherTeacher: number,
  author: number,
  demotedAuthor: number,
  numberHolder: number,
];

interface Endpoint {
  name: string;
  content?: true;
  /** The fixture's submission is graded (by the author) before the call. */
  graded?: true;
  request(fixture: Fixture): Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };
  expected: Statuses;
}

const courseForm = (extra: Record<string, string> = {}) =>
  multipart(
    Object.entries({ ...COURSE_FIELDS, ...extra }).map(([name, value]) => ({ name, value })),
  );

/** THE table: every course, homework and file endpoint × every kind of caller → the status it gets. */
const MATRIX: Endpoint[] = [
  {
    name: 'GET courses',
    request: () => ({ method: 'GET', url: '/api/courses' }),
    expected: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    name: 'GET courses/{id}',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}` }),
    expected: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    name: 'POST newcourses/newcteate-course',
    request: () => ({ method: 'POST', url: '/api/newcourses/newcteate-course', ...courseForm() }),
    expected: [401, 403, 403, 201, 201, 403, 403],
  },
  {
    name: 'POST courses',
    request: () => ({ method: 'POST', url: '/api/courses', ...courseForm() }),
    expected: [401, 403, 403, 201, 201, 403, 403],
  },
  {
    name: 'PUT courses/update',
    request: (f) => ({
      method: 'PUT',
      url: '/api/courses/update',
      ...courseForm({ courseId: f.course._id, title: 'Змінена назва' }),
    }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'GET users/created-courses',
    request: () => ({ method: 'GET', url: '/api/users/created-courses' }),
    expected: [401, 403, 403, 200, 200, 403, 403],
  },
  {
    name: 'POST courses/{id}/enroll',
    request: (f) => ({ method: 'POST', url: `/api/courses/${f.course._id}/enroll` }),
    expected: [401, 200, 200, 200, 403, 403, 200],
  },
  {
    name: 'DELETE courses/{id}/enroll',
    request: (f) => ({ method: 'DELETE', url: `/api/courses/${f.course._id}/enroll` }),
    expected: [401, 204, 204, 204, 204, 204, 204],
  },
  {
    name: "GET user/{id}/courses (the enrolled student's)",
    request: (f) => ({ method: 'GET', url: `/api/user/${f.enrolled.user._id}/courses` }),
    expected: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    name: 'POST courses/upload-homework',
    request: (f) => uploadHomeworkRequest(null, f.course._id),
    expected: [401, 403, 201, 403, 403, 403, 403],
  },
  {
    name: 'GET courses/{id}/homework',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/homework` }),
    expected: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    name: 'GET courses/{courseId}/userswithhw',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/userswithhw` }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'GET homework/{id}/file',
    request: (f) => ({ method: 'GET', url: `/api/homework/${f.homework._id}/file` }),
    expected: [401, 403, 200, 403, 200, 403, 403],
  },
  {
    name: 'PUT homework/{id}/grade',
    request: (f) => ({
      method: 'PUT',
      url: `/api/homework/${f.homework._id}/grade`,
      payload: { grade: '10', feedback: 'Добре' },
    }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    // Only its submitter withdraws a submission; the author grades it instead (403).
    name: 'DELETE homework/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/homework/${f.homework._id}` }),
    expected: [401, 403, 204, 403, 403, 403, 403],
  },
  {
    name: 'GET courses/{id}/homework.zip',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/homework.zip` }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'GET courses/{id}/grades.csv',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/grades.csv` }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'GET files/covers/{key}',
    request: (f) => ({ method: 'GET', url: `/api/files/covers/${f.coverName}` }),
    expected: [200, 200, 200, 200, 200, 200, 200],
  },
];

const content = (f: Fixture) => f.content!;
const videoForm = () => fileForm(sampleMp4(), 'урок.mp4');
const pdfForm = () => fileForm(Buffer.from('%PDF-1.4\n%%EOF\n'), 'таємниця.pdf');

/** Course content: who may do what. */
MATRIX.push(
  {
    name: 'GET courses/{id}/outline',
    content: true,
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/outline` }),
    expected: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    name: 'PUT courses/{id}/outline',
    content: true,
    request: (f) => ({
      method: 'PUT',
      url: `/api/courses/${f.course._id}/outline`,
      payload: {
        sections: [
          {
            _id: content(f).emptySectionId,
            items: [
              { kind: 'lesson', _id: content(f).draft },
              { kind: 'assignment', _id: content(f).draftAssignment },
            ],
          },
          {
            _id: content(f).sectionId,
            items: [
              { kind: 'assignment', _id: content(f).publishedAssignment },
              { kind: 'lesson', _id: content(f).published },
              { kind: 'assignment', _id: content(f).defaultAssignment },
            ],
          },
        ],
      },
    }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'POST courses/{id}/sections',
    request: (f) => ({
      method: 'POST',
      url: `/api/courses/${f.course._id}/sections`,
      payload: { title: 'Нова тема' },
    }),
    expected: [401, 403, 403, 403, 201, 403, 403],
  },
  {
    name: 'PUT sections/{id}',
    content: true,
    request: (f) => ({
      method: 'PUT',
      url: `/api/sections/${content(f).sectionId}`,
      payload: { title: 'Перейменована' },
    }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'DELETE sections/{id} (empty)',
    content: true,
    request: (f) => ({ method: 'DELETE', url: `/api/sections/${content(f).emptySectionId}` }),
    expected: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    name: 'POST courses/{id}/lessons',
    content: true,
    request: (f) => ({
      method: 'POST',
      url: `/api/courses/${f.course._id}/lessons`,
      payload: { sectionId: content(f).sectionId, title: 'Новий', body: paragraphDoc('Текст') },
    }),
    expected: [401, 403, 403, 403, 201, 403, 403],
  },
  {
    name: 'GET lessons/{id} (published)',
    content: true,
    request: (f) => ({ method: 'GET', url: `/api/lessons/${content(f).published}` }),
    expected: [401, 403, 200, 403, 200, 403, 403],
  },
  {
    name: 'GET lessons/{id} (draft)',
    content: true,
    request: (f) => ({ method: 'GET', url: `/api/lessons/${content(f).draft}` }),
    expected: [401, 404, 404, 404, 200, 404, 404],
  },
  {
    name: 'PUT lessons/{id}',
    content: true,
    request: (f) => ({
      method: 'PUT',
      url: `/api/lessons/${content(f).draft}`,
      payload: { title: 'Змінений', published: true },
    }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'DELETE lessons/{id}',
    content: true,
    request: (f) => ({ method: 'DELETE', url: `/api/lessons/${content(f).published}` }),
    expected: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    name: 'POST lessons/{id}/attachments',
    content: true,
    request: (f) => ({
      method: 'POST',
      url: `/api/lessons/${content(f).draft}/attachments`,
      ...pdfForm(),
    }),
    expected: [401, 403, 403, 403, 201, 403, 403],
  },
  {
    name: 'GET attachments/{id}/file (published lesson)',
    content: true,
    request: (f) => ({ method: 'GET', url: `/api/attachments/${content(f).publishedFile}/file` }),
    expected: [401, 403, 200, 403, 200, 403, 403],
  },
  {
    name: 'GET attachments/{id}/file (draft lesson)',
    content: true,
    request: (f) => ({ method: 'GET', url: `/api/attachments/${content(f).draftFile}/file` }),
    expected: [401, 404, 404, 404, 200, 404, 404],
  },
  {
    name: 'DELETE attachments/{id}',
    content: true,
    request: (f) => ({ method: 'DELETE', url: `/api/attachments/${content(f).publishedFile}` }),
    expected: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    name: 'PUT lessons/{id}/video',
    content: true,
    request: (f) => ({
      method: 'PUT',
      url: `/api/lessons/${content(f).draft}/video`,
      ...videoForm(),
    }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'GET lessons/{id}/video (published lesson)',
    content: true,
    request: (f) => ({
      method: 'GET',
      url: `/api/lessons/${content(f).published}/video`,
      headers: { range: 'bytes=0-99' },
    }),
    expected: [401, 403, 206, 403, 206, 403, 403],
  },
  {
    name: 'DELETE lessons/{id}/video',
    content: true,
    request: (f) => ({ method: 'DELETE', url: `/api/lessons/${content(f).published}/video` }),
    expected: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    name: 'PUT lessons/{id}/completion',
    content: true,
    request: (f) => ({ method: 'PUT', url: `/api/lessons/${content(f).published}/completion` }),
    expected: [401, 403, 204, 403, 403, 403, 403],
  },
  {
    name: 'DELETE lessons/{id}/completion',
    content: true,
    request: (f) => ({ method: 'DELETE', url: `/api/lessons/${content(f).published}/completion` }),
    expected: [401, 403, 204, 403, 403, 403, 403],
  },
  {
    name: 'GET courses/{id}/progress',
    content: true,
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/progress` }),
    expected: [401, 403, 200, 403, 200, 403, 403],
  },
);

/** Assignments and grading: who may do what. */
MATRIX.push(
  {
    name: 'POST courses/{id}/assignments',
    content: true,
    request: (f) => ({
      method: 'POST',
      url: `/api/courses/${f.course._id}/assignments`,
      payload: { sectionId: content(f).sectionId, title: 'Т', instructions: paragraphDoc('x') },
    }),
    expected: [401, 403, 403, 403, 201, 403, 403],
  },
  {
    name: 'GET assignments/{id} (published)',
    content: true,
    request: (f) => ({ method: 'GET', url: `/api/assignments/${content(f).publishedAssignment}` }),
    expected: [401, 403, 200, 403, 200, 403, 403],
  },
  {
    name: 'GET assignments/{id} (draft)',
    content: true,
    request: (f) => ({ method: 'GET', url: `/api/assignments/${content(f).draftAssignment}` }),
    expected: [401, 404, 404, 404, 200, 404, 404],
  },
  {
    name: 'PUT assignments/{id}',
    content: true,
    request: (f) => ({
      method: 'PUT',
      url: `/api/assignments/${content(f).publishedAssignment}`,
      payload: { title: 'Нова назва', maxPoints: 20 },
    }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'DELETE assignments/{id} (no submissions)',
    content: true,
    request: (f) => ({ method: 'DELETE', url: `/api/assignments/${content(f).draftAssignment}` }),
    expected: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    name: 'DELETE assignments/{id} (the default, with a submission)',
    content: true,
    request: (f) => ({ method: 'DELETE', url: `/api/assignments/${content(f).defaultAssignment}` }),
    expected: [401, 403, 403, 403, 409, 403, 403],
  },
  {
    name: 'POST courses/upload-homework (a published assignment)',
    content: true,
    request: (f) =>
      uploadHomeworkRequest(null, f.course._id, undefined, {
        assignmentId: content(f).publishedAssignment,
      }),
    expected: [401, 403, 201, 403, 403, 403, 403],
  },
  {
    name: 'POST courses/upload-homework (a draft assignment)',
    content: true,
    request: (f) =>
      uploadHomeworkRequest(null, f.course._id, undefined, {
        assignmentId: content(f).draftAssignment,
      }),
    expected: [401, 403, 404, 403, 403, 403, 403],
  },
  {
    name: 'POST homework/{id}/regrade',
    graded: true,
    request: (f) => ({
      method: 'POST',
      url: `/api/homework/${f.homework._id}/regrade`,
      payload: { grade: '9', reason: 'Перевірив ще раз' },
    }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'GET homework/{id}/comments',
    request: (f) => ({ method: 'GET', url: `/api/homework/${f.homework._id}/comments` }),
    expected: [401, 403, 200, 403, 200, 403, 403],
  },
  {
    name: 'POST homework/{id}/comments',
    request: (f) => ({
      method: 'POST',
      url: `/api/homework/${f.homework._id}/comments`,
      payload: { body: 'Питання щодо оцінки' },
    }),
    expected: [401, 403, 201, 403, 201, 403, 403],
  },
  {
    name: 'GET courses/{id}/gradebook',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/gradebook` }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'GET courses/{id}/gradebook.csv',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/gradebook.csv` }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: "GET user/{id}/grades (the enrolled student's)",
    request: (f) => ({ method: 'GET', url: `/api/user/${f.enrolled.user._id}/grades` }),
    expected: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    name: 'POST calendar/feed',
    request: () => ({ method: 'POST', url: '/api/calendar/feed' }),
    expected: [401, 201, 201, 201, 201, 201, 201],
  },
  {
    name: 'DELETE calendar/feed',
    request: () => ({ method: 'DELETE', url: '/api/calendar/feed' }),
    expected: [401, 204, 204, 204, 204, 204, 204],
  },
  {
    // The address is the credential: a bearer token opens no feed (holders: calendar.test.ts).
    name: 'GET calendar/{token}.ics (not a feed)',
    request: () => ({ method: 'GET', url: `/api/calendar/${'A'.repeat(43)}.ics` }),
    expected: [404, 404, 404, 404, 404, 404, 404],
  },
);

const CASES = MATRIX.flatMap((endpoint) =>
  ROLES.map((role, index) => ({
    endpoint: endpoint.name,
    role,
    status: endpoint.expected[index]!,
    request: endpoint.request,
    withContent: endpoint.content === true,
    graded: endpoint.graded === true,
  })),
);

describe.each(databaseTargets)('authorisation matrix on $name', (target) => {
  const t = useTestApp(target);
  let actors: Record<Exclude<Role, 'anonymous'>, Account>;

  beforeAll(async () => {
    const author = await registerTeacher(t.app, t.db, {
      username: 'Course Author',
      telephone: '+380671234501',
    });
    // The author moves their account to a new number: the role goes along, the old number grants nothing.
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updateUser',
      headers: bearer(author.token),
      payload: {
        username: author.user.username,
        telephone: '+380671234511',
        email: author.user.email,
        bio: '',
        currentPassword: author.password,
      },
    });
    if (moved.statusCode !== 200) throw new Error(`moving the author failed: ${moved.body}`);
    const demotedAuthor = await registerTeacher(t.app, t.db, {
      username: 'Demoted Author',
      telephone: '+380671234506',
    });
    await setRoleByTelephone(t.db, demotedAuthor.telephone, false);
    actors = {
      author: { ...author, telephone: '+380671234511' },
      otherTeacher: await registerTeacher(t.app, t.db, {
        username: 'Other Teacher',
        telephone: '+380671234502',
      }),
      student: await registerAccount(t.app, {
        username: 'Plain Student',
        telephone: '+380671234503',
      }),
      enrolled: await registerAccount(t.app, {
        username: 'Enrolled Student',
        telephone: '+380671234504',
      }),
      demotedAuthor,
      numberHolder: await registerAccount(t.app, {
        username: 'Number Holder',
        telephone: '+380671234501',
      }),
    };
  });

  /**
   * The course of the author, or (for the demoted author) of the demoted
   * teacher, written while still a teacher and demoted again before the call.
   */
  async function makeContent(owner: Account, courseId: string): Promise<ContentFixture> {
    const outline = await getOutlineAs(t.app, owner, courseId);
    const sectionId = outline.sections[0]._id as string;
    const empty = await addSection(t.app, owner, courseId, 'Порожня тема');
    const published = await addLesson(t.app, owner, courseId, {
      sectionId,
      title: 'Таємний урок',
      published: true,
    });
    const draft = await addLesson(t.app, owner, courseId, { sectionId, title: 'Таємна чернетка' });
    const publishedFile = await attachFile(
      t.app,
      owner,
      published._id,
      SAMPLE_JPEG,
      'таємниця.jpg',
    );
    const draftFile = await attachFile(t.app, owner, draft._id, SAMPLE_JPEG, 'таємниця.jpg');
    await uploadVideo(t.app, owner, published._id, sampleMp4());
    const publishedAssignment = await addAssignment(t.app, owner, courseId, {
      sectionId,
      title: 'Таємне завдання',
      published: true,
    });
    const draftAssignment = await addAssignment(t.app, owner, courseId, {
      sectionId,
      title: 'Таємна чернетка завдання',
    });
    return {
      defaultAssignment: await defaultAssignmentId(t.app, courseId),
      publishedAssignment: publishedAssignment._id,
      draftAssignment: draftAssignment._id,
      sectionId,
      emptySectionId: empty._id,
      published: published._id,
      draft: draft._id,
      publishedFile: publishedFile._id,
      draftFile: draftFile._id,
    };
  }

  async function makeFixture(role: Role, withContent = false, graded = false): Promise<Fixture> {
    const owner = role === 'demotedAuthor' ? actors.demotedAuthor : actors.author;
    if (role === 'demotedAuthor') await setRoleByTelephone(t.db, owner.telephone, true);
    const course = await createCourse(
      t.app,
      owner,
      { title: 'Секретний курс матриці' },
      { content: SAMPLE_JPEG },
    );
    await enroll(t.app, actors.enrolled, course._id);
    const homework = await uploadHomework(t.app, actors.enrolled, course._id, {
      content: Buffer.from('Таємна відповідь студента\n'),
      filename: 'таємниця.txt',
    });
    const content = withContent ? await makeContent(owner, course._id) : undefined;
    if (graded) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/homework/${homework._id}/grade`,
        payload: { grade: '7' },
        headers: bearer(owner.token),
      });
      if (response.statusCode !== 200) throw new Error(`grading failed: ${response.body}`);
    }
    if (role === 'demotedAuthor') await setRoleByTelephone(t.db, owner.telephone, false);
    return {
      course,
      homework,
      coverName: course.coverUrl!.split('/').pop()!,
      enrolled: actors.enrolled,
      ...(content ? { content } : {}),
    };
  }

  it.each(CASES)(
    '$endpoint as $role → $status',
    async ({ role, status, request, withContent, graded }) => {
      const fixture = await makeFixture(role, withContent, graded);
      const options = request(fixture);
      const caller = role === 'anonymous' ? null : actors[role];
      const response = await t.app.inject({
        ...options,
        headers: { ...options.headers, ...(caller ? bearer(caller.token) : {}) },
      } as InjectOptions);
      expect(response.statusCode, response.body).toBe(status);

      if (status >= 400) {
        // A refusal says why and nothing else: no course, homework, file or account data.
        const body = response.json() as Record<string, unknown>;
        expect(Object.keys(body).every((key) => ['message', 'code', 'fields'].includes(key))).toBe(
          true,
        );
        expect(typeof body.message).toBe('string');
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        for (const secret of [
          'Таємна',
          'таємниця',
          fixture.course._id,
          fixture.homework._id,
          actors.enrolled.telephone,
          actors.author.telephone,
          actors.demotedAuthor.telephone,
          'Таємний урок',
          'Таємна чернетка',
          'Таємне завдання',
          'Напишіть есе',
          'Текст уроку',
          ...Object.values(fixture.content ?? {}),
        ]) {
          expect(response.body).not.toContain(secret);
        }
      }
    },
  );

  it('leaves no stored file without a row, whatever was refused', async () => {
    const { removed } = await sweepOrphanFiles(t.db, t.app.storage, { graceMs: 0 });
    expect(removed).toEqual([]);
  });

  it('DELETE homework/{id} of a graded submission → 409 for its submitter, and it stays', async () => {
    const fixture = await makeFixture('enrolled');
    const graded = await t.app.inject({
      method: 'PUT',
      url: `/api/homework/${fixture.homework._id}/grade`,
      payload: { grade: '10' },
      headers: bearer(actors.author.token),
    });
    expect(graded.statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/homework/${fixture.homework._id}`,
      headers: bearer(actors.enrolled.token),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: messages.homeworkGradedCannotDelete,
      code: 'CONFLICT',
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/homework/${fixture.homework._id}/file`,
      headers: bearer(actors.enrolled.token),
    });
    expect(file.statusCode).toBe(200);
  });

  it('answers 404 courseNotFound / homeworkNotFound for unknown ids to a caller who would be allowed', async () => {
    const missing = '00000000-0000-7000-8000-000000000000';
    const author = actors.author;
    const requests: [InjectOptions, number][] = [
      [{ method: 'GET', url: `/api/courses/${missing}` }, 404],
      [{ method: 'POST', url: `/api/courses/${missing}/enroll` }, 404],
      [{ method: 'DELETE', url: `/api/courses/${missing}/enroll` }, 404],
      [{ method: 'GET', url: `/api/courses/${missing}/homework` }, 404],
      [{ method: 'GET', url: `/api/courses/${missing}/userswithhw` }, 404],
      [{ method: 'GET', url: `/api/courses/${missing}/homework.zip` }, 404],
      [{ method: 'GET', url: `/api/courses/${missing}/grades.csv` }, 404],
      [{ method: 'PUT', url: '/api/courses/update', ...courseForm({ courseId: missing }) }, 404],
      [{ method: 'GET', url: `/api/homework/${missing}/file` }, 404],
      [{ method: 'PUT', url: `/api/homework/${missing}/grade`, payload: { grade: '5' } }, 404],
      [{ method: 'DELETE', url: `/api/homework/${missing}` }, 404],
      [{ method: 'GET', url: `/api/courses/${missing}/outline` }, 404],
      [{ method: 'POST', url: `/api/courses/${missing}/sections`, payload: { title: 'Т' } }, 404],
      [{ method: 'GET', url: `/api/courses/${missing}/progress` }, 404],
      [
        {
          method: 'POST',
          url: `/api/courses/${missing}/assignments`,
          payload: { sectionId: missing, title: 'Т', instructions: paragraphDoc('x') },
        },
        404,
      ],
      [{ method: 'GET', url: `/api/assignments/${missing}` }, 404],
      [{ method: 'PUT', url: `/api/assignments/${missing}`, payload: { title: 'Т' } }, 404],
      [{ method: 'DELETE', url: `/api/assignments/${missing}` }, 404],
      [
        {
          method: 'POST',
          url: `/api/homework/${missing}/regrade`,
          payload: { grade: '5', reason: 'r' },
        },
        404,
      ],
      [{ method: 'GET', url: `/api/homework/${missing}/comments` }, 404],
      [{ method: 'GET', url: `/api/courses/${missing}/gradebook` }, 404],
      [{ method: 'GET', url: `/api/courses/${missing}/gradebook.csv` }, 404],
      [{ method: 'POST', url: `/api/homework/${missing}/comments`, payload: { body: 'x' } }, 404],
    ];
    for (const [options, status] of requests) {
      const response = await t.app.inject({
        ...options,
        headers: { ...(options.headers as object), ...bearer(author.token) },
      });
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(status);
      expect(['Курс не знайдено.', 'Роботу не знайдено.', messages.assignmentNotFound]).toContain(
        response.json().message,
      );
    }
  });
});
