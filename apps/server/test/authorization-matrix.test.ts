import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type Course, type Homework } from '@urok/contract';
import { setRoleByTelephone } from '../src/features/auth/auth.service.ts';
import { setOperator } from '../src/features/admin/admin.service.ts';
import { cliActor } from '../src/lib/audit.ts';
import { sweepOrphanFiles } from '../src/features/files/files.service.ts';
import { readCacheVersions } from '../src/db/cache-versions.ts';
import {
  bearer,
  databaseTargets,
  registerAccount,
  testStorageKind,
  uniqueTelephone,
  useTestApp,
  type Account,
} from './helpers.ts';
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
  /** Built only for the endpoints that ask for it (`quiz: true`). */
  quiz?: QuizFixture;
  /** The first section of the course (with `quiz: true`). */
  sectionId?: string;
}

/**
 * The course's question bank and quizzes: a published quiz (single, essay)
 * with the enrolled student's open attempt, a draft, a second published quiz
 * whose attempt is submitted (its essay waits), and a question no quiz names.
 */
interface QuizFixture {
  question: string;
  spareQuestion: string;
  quiz: string;
  draftQuiz: string;
  openAttempt: string;
  submittedAttempt: string;
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
  quiz?: true;
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
    name: 'GET homework/{id}/file-link',
    request: (f) => ({ method: 'GET', url: `/api/homework/${f.homework._id}/file-link` }),
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
  {
    // A link to the caller's own stream, tied to this session (notification-streams.test.ts opens it).
    name: 'POST notifications/stream-link',
    request: () => ({ method: 'POST', url: '/api/notifications/stream-link' }),
    expected: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    // A link signed for nobody's session opens no stream, whoever holds it.
    name: 'GET notifications/stream (a forged link)',
    request: (f) => ({
      method: 'GET',
      url: `/api/notifications/stream?u=${f.enrolled.user._id}&exp=${Math.floor(Date.now() / 1000) + 60}&sig=${'A'.repeat(43)}`,
    }),
    expected: [401, 401, 401, 401, 401, 401, 401],
  },
);

/** The quiz fixture of an endpoint that asked for one. */
const quizOf = (f: Fixture): QuizFixture => {
  if (!f.quiz) throw new Error('this endpoint needs `quiz: true`');
  return f.quiz;
};
const QUESTION = {
  kind: 'single',
  text: paragraphDoc('Таємне питання?'),
  options: [
    { id: 'a', text: 'Таємна відповідь' },
    { id: 'b', text: 'Інша' },
  ],
  correct: ['a'],
};

MATRIX.push(
  {
    name: 'POST courses/{id}/questions',
    request: (f) => ({
      method: 'POST',
      url: `/api/courses/${f.course._id}/questions`,
      payload: QUESTION,
    }),
    expected: [401, 403, 403, 403, 201, 403, 403],
  },
  {
    name: 'GET courses/{id}/questions',
    quiz: true,
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/questions` }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'GET questions/{id}',
    quiz: true,
    request: (f) => ({ method: 'GET', url: `/api/questions/${quizOf(f).question}` }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'PUT questions/{id}',
    quiz: true,
    request: (f) => ({
      method: 'PUT',
      url: `/api/questions/${quizOf(f).question}`,
      payload: QUESTION,
    }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'DELETE questions/{id}',
    quiz: true,
    request: (f) => ({ method: 'DELETE', url: `/api/questions/${quizOf(f).spareQuestion}` }),
    expected: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    name: 'POST courses/{id}/questions/import',
    request: (f) => ({
      method: 'POST',
      url: `/api/courses/${f.course._id}/questions/import`,
      payload: { format: 'gift', text: 'Таємне? {TRUE}' },
    }),
    expected: [401, 403, 403, 403, 201, 403, 403],
  },
  {
    name: 'GET courses/{id}/questions/export',
    quiz: true,
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/questions/export` }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'POST courses/{id}/quizzes',
    quiz: true,
    request: (f) => ({
      method: 'POST',
      url: `/api/courses/${f.course._id}/quizzes`,
      payload: { sectionId: f.sectionId, title: 'Т', slots: [{ questionId: quizOf(f).question }] },
    }),
    expected: [401, 403, 403, 403, 201, 403, 403],
  },
  {
    name: 'GET quizzes/{id} (published)',
    quiz: true,
    request: (f) => ({ method: 'GET', url: `/api/quizzes/${quizOf(f).quiz}` }),
    expected: [401, 403, 200, 403, 200, 403, 403],
  },
  {
    name: 'GET quizzes/{id} (draft)',
    quiz: true,
    request: (f) => ({ method: 'GET', url: `/api/quizzes/${quizOf(f).draftQuiz}` }),
    expected: [401, 404, 404, 404, 200, 404, 404],
  },
  {
    name: 'PUT quizzes/{id}',
    quiz: true,
    request: (f) => ({
      method: 'PUT',
      url: `/api/quizzes/${quizOf(f).draftQuiz}`,
      payload: { title: 'Т' },
    }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'DELETE quizzes/{id}',
    quiz: true,
    request: (f) => ({ method: 'DELETE', url: `/api/quizzes/${quizOf(f).draftQuiz}` }),
    expected: [401, 403, 403, 403, 204, 403, 403],
  },
  {
    name: 'GET quizzes/{id}/attempts',
    quiz: true,
    request: (f) => ({ method: 'GET', url: `/api/quizzes/${quizOf(f).quiz}/attempts` }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    name: 'GET quizzes/{id}/statistics',
    quiz: true,
    request: (f) => ({ method: 'GET', url: `/api/quizzes/${quizOf(f).quiz}/statistics` }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
  {
    // The enrolled student has an open attempt: 200 with it.
    name: 'POST quizzes/{id}/attempts',
    quiz: true,
    request: (f) => ({ method: 'POST', url: `/api/quizzes/${quizOf(f).quiz}/attempts` }),
    expected: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    name: 'GET attempts/{id}',
    quiz: true,
    request: (f) => ({ method: 'GET', url: `/api/attempts/${quizOf(f).openAttempt}` }),
    expected: [401, 403, 200, 403, 200, 403, 403],
  },
  {
    name: 'PUT attempts/{id}/answers/{slot}',
    quiz: true,
    request: (f) => ({
      method: 'PUT',
      url: `/api/attempts/${quizOf(f).openAttempt}/answers/1`,
      payload: { answer: { optionId: 'b' } },
    }),
    expected: [401, 403, 204, 403, 403, 403, 403],
  },
  {
    name: 'POST attempts/{id}/submit',
    quiz: true,
    request: (f) => ({ method: 'POST', url: `/api/attempts/${quizOf(f).openAttempt}/submit` }),
    expected: [401, 403, 200, 403, 403, 403, 403],
  },
  {
    name: 'PUT attempts/{id}/slots/{slot}/grade',
    quiz: true,
    request: (f) => ({
      method: 'PUT',
      url: `/api/attempts/${quizOf(f).submittedAttempt}/slots/1/grade`,
      payload: { points: 1 },
    }),
    expected: [401, 403, 403, 403, 200, 403, 403],
  },
);

/**
 * With files in an object store (TEST_STORAGE=s3, the storage run of apps/server/test/suites.ts)
 * only the rows that store, serve or delete a file run again: who reaches which stored bytes is
 * what the store can change; every other row answers the same as in the run with files on disk.
 */
const FILE_ROW =
  /file|upload|\.zip|covers|attachments|video|^DELETE (homework|lessons|sections|assignments)|^POST courses$|^PUT courses\/update/;
const rowsForStorage = <T extends { name: string }>(rows: T[]): T[] =>
  testStorageKind === 's3' ? rows.filter((row) => FILE_ROW.test(row.name)) : rows;

const CASES = rowsForStorage(MATRIX).flatMap((endpoint) =>
  ROLES.map((role, index) => ({
    endpoint: endpoint.name,
    /** Every endpoint's name begins with its method. */
    method: endpoint.name.split(' ')[0]!,
    role,
    status: endpoint.expected[index]!,
    request: endpoint.request,
    withContent: endpoint.content === true,
    graded: endpoint.graded === true,
    withQuiz: endpoint.quiz === true,
  })),
);

/**
 * Every write the matrix expects to succeed builds a fresh course with a
 * submission of the one enrolled student (and the author's lesson files): past 500 cases that student would
 * pass the default per-student quota. Quotas have suites of their own
 * (homework-quota, lesson-file-quota); here they are out of the way.
 */
const ROOMY_QUOTAS = {
  quota: { userBytes: 2 ** 40, userFiles: 1_000_000, courseBytes: 2 ** 40, courseFiles: 1_000_000 },
  authorQuota: { bytes: 2 ** 40, files: 1_000_000 },
};

describe.each(databaseTargets)('authorisation matrix on $name', (target) => {
  const t = useTestApp(target, { config: ROOMY_QUOTAS });
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

  /** The quiz fixture in the owner's course (the enrolled student is in it). */
  async function makeQuizzes(
    owner: Account,
    courseId: string,
  ): Promise<QuizFixture & { sectionId: string }> {
    const sectionId = (await getOutlineAs(t.app, owner, courseId)).sections[0]._id as string;
    const post = async (url: string, payload: unknown, as: Account = owner) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/${url}`,
        payload: payload as object,
        headers: bearer(as.token),
      });
      if (response.statusCode >= 300) throw new Error(`${url} failed: ${response.body}`);
      return response.json();
    };
    const question = (await post(`courses/${courseId}/questions`, QUESTION)).question._id as string;
    const essay = (
      await post(`courses/${courseId}/questions`, {
        kind: 'essay',
        text: paragraphDoc('Таємне есе'),
      })
    ).question._id as string;
    const spareQuestion = (await post(`courses/${courseId}/questions`, QUESTION)).question
      ._id as string;
    const quiz = (
      await post(`courses/${courseId}/quizzes`, {
        sectionId,
        title: 'Таємний тест',
        published: true,
        attemptsAllowed: 3,
        shuffleQuestions: false,
        slots: [{ questionId: question }, { questionId: essay }],
      })
    ).quiz._id as string;
    const second = (
      await post(`courses/${courseId}/quizzes`, {
        sectionId,
        title: 'Таємний тест 2',
        published: true,
        slots: [{ questionId: essay }],
      })
    ).quiz._id as string;
    const draftQuiz = (
      await post(`courses/${courseId}/quizzes`, { sectionId, title: 'Таємна чернетка тесту' })
    ).quiz._id as string;
    const openAttempt = (await post(`quizzes/${quiz}/attempts`, undefined, actors.enrolled)).attempt
      ._id as string;
    const submittedAttempt = (await post(`quizzes/${second}/attempts`, undefined, actors.enrolled))
      .attempt._id as string;
    await post(`attempts/${submittedAttempt}/submit`, undefined, actors.enrolled);
    return { sectionId, question, spareQuestion, quiz, draftQuiz, openAttempt, submittedAttempt };
  }

  async function makeFixture(
    role: Role,
    withContent = false,
    graded = false,
    withQuiz = false,
  ): Promise<Fixture> {
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
    const quizzes = withQuiz ? await makeQuizzes(owner, course._id) : undefined;
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
      ...(quizzes ? { quiz: quizzes, sectionId: quizzes.sectionId } : {}),
    };
  }

  /**
   * Fixtures shared by the cases that change nothing: reads, and refusals.
   * Building a fresh course, enrolment, upload, content and quizzes for each
   * of the matrix's cases made it the longest suite by far; a call expected
   * to change something (a write that succeeds) still gets a fresh fixture.
   * That a refusal really changes nothing is checked on every refused write:
   * the database's own per-table versions (raised by triggers at every commit
   * that wrote a table, db/cache-versions.ts) are the same after the call.
   */
  const shared = new Map<string, Fixture>();
  async function fixtureFor(
    role: Role,
    reused: boolean,
    withContent: boolean,
    graded: boolean,
    withQuiz: boolean,
  ): Promise<Fixture> {
    if (!reused) return makeFixture(role, withContent, graded, withQuiz);
    const key = [role === 'demotedAuthor' ? 'demoted' : 'author', withContent, graded, withQuiz];
    let fixture = shared.get(key.join());
    if (!fixture) {
      fixture = await makeFixture(role, withContent, graded, withQuiz);
      shared.set(key.join(), fixture);
    }
    return fixture;
  }

  it.each(CASES)(
    '$endpoint as $role → $status',
    async ({ method, role, status, request, withContent, graded, withQuiz }) => {
      const refusedWrite = method !== 'GET' && status >= 400;
      const fixture = await fixtureFor(
        role,
        method === 'GET' || refusedWrite,
        withContent,
        graded,
        withQuiz,
      );
      const options = request(fixture);
      const caller = role === 'anonymous' ? null : actors[role];
      const versionsBefore = refusedWrite ? await readCacheVersions(t.db) : undefined;
      const response = await t.app.inject({
        ...options,
        headers: { ...options.headers, ...(caller ? bearer(caller.token) : {}) },
      } as InjectOptions);
      expect(response.statusCode, response.body).toBe(status);
      if (versionsBefore) {
        // A refused write changed no table (of the dozens whose versions are kept).
        expect(versionsBefore.size).toBeGreaterThan(20);
        expect(Object.fromEntries(await readCacheVersions(t.db))).toEqual(
          Object.fromEntries(versionsBefore),
        );
      }

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
          'Таємний тест',
          'Таємне питання',
          ...Object.values(fixture.quiz ?? {}),
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

// ---------------------------------------------------------------- private and draft courses

/**
 * Who may see what of a course by its visibility (DESIGN section 17). One
 * course of each visibility, with a published lesson (a file, a video) and a
 * published assignment; the public and the private ones have the enrolled
 * student (who joined by code) and a submission of theirs; a draft never has
 * students, so there "enrolled" is one more outsider. Outsiders of a private
 * or draft course get 404 wherever the course would otherwise show (403 on
 * a public one), so nothing tells them it exists.
 */
const VISIBILITY_ROLES = [...ROLES, 'operator'] as const;
type VisibilityRole = (typeof VISIBILITY_ROLES)[number];
type Visibility = 'public' | 'private' | 'draft';

type Statuses8 = [...Statuses, operator: number];

interface VisibilityFixture {
  course: Course;
  code: string;
  lesson: string;
  file: string;
  assignment: string;
}

interface VisibilityEndpoint {
  name: string;
  /** Changes what later calls see: runs on a fresh course of its own. */
  mutates?: true;
  request(f: VisibilityFixture): Omit<InjectOptions, 'headers'>;
  expected: Record<Visibility, Statuses8>;
}

//                                anon student enrolled other author demoted holder operator
const SEEN_BY_CLASS: Statuses8 = [404, 404, 200, 404, 200, 200, 404, 200];
const SEEN_BY_AUTHOR: Statuses8 = [404, 404, 404, 404, 200, 200, 404, 200];
const ALL_200: Statuses8 = [200, 200, 200, 200, 200, 200, 200, 200];
/** A lesson, its files and assignments: the enrolled and the (current) author; outsiders 403 or 404. */
const LESSON_PUBLIC: Statuses8 = [401, 403, 200, 403, 200, 403, 403, 403];
const LESSON_PRIVATE: Statuses8 = [401, 404, 200, 404, 200, 404, 404, 404];
const LESSON_DRAFT: Statuses8 = [401, 404, 404, 404, 200, 404, 404, 404];

const VISIBILITY_MATRIX: VisibilityEndpoint[] = [
  {
    name: 'GET courses/{id}',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}` }),
    expected: { public: ALL_200, private: SEEN_BY_CLASS, draft: SEEN_BY_AUTHOR },
  },
  {
    name: 'GET courses/{id}/outline',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/outline` }),
    expected: { public: ALL_200, private: SEEN_BY_CLASS, draft: SEEN_BY_AUTHOR },
  },
  {
    name: 'GET lessons/{id}',
    request: (f) => ({ method: 'GET', url: `/api/lessons/${f.lesson}` }),
    expected: { public: LESSON_PUBLIC, private: LESSON_PRIVATE, draft: LESSON_DRAFT },
  },
  {
    name: 'GET attachments/{id}',
    request: (f) => ({ method: 'GET', url: `/api/attachments/${f.file}/file` }),
    expected: { public: LESSON_PUBLIC, private: LESSON_PRIVATE, draft: LESSON_DRAFT },
  },
  {
    name: 'GET lessons/{id}/video',
    request: (f) => ({ method: 'GET', url: `/api/lessons/${f.lesson}/video` }),
    expected: { public: LESSON_PUBLIC, private: LESSON_PRIVATE, draft: LESSON_DRAFT },
  },
  {
    name: 'GET assignments/{id}',
    request: (f) => ({ method: 'GET', url: `/api/assignments/${f.assignment}` }),
    expected: { public: LESSON_PUBLIC, private: LESSON_PRIVATE, draft: LESSON_DRAFT },
  },
  {
    name: 'GET courses/{id}/progress',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/progress` }),
    expected: {
      public: LESSON_PUBLIC,
      private: LESSON_PRIVATE,
      draft: LESSON_DRAFT,
    },
  },
  {
    name: 'GET courses/{id}/homework',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/homework` }),
    expected: {
      public: [401, 403, 200, 403, 403, 403, 403, 403],
      private: [401, 404, 200, 404, 404, 404, 404, 404],
      draft: [401, 404, 404, 404, 404, 404, 404, 404],
    },
  },
  {
    name: 'POST courses/upload-homework',
    mutates: true,
    request: (f) => uploadHomeworkRequest(null, f.course._id),
    expected: {
      public: [401, 403, 201, 403, 403, 403, 403, 403],
      private: [401, 404, 201, 404, 404, 404, 404, 404],
      draft: [401, 404, 404, 404, 404, 404, 404, 404],
    },
  },
  {
    name: 'POST courses/{id}/enroll',
    mutates: true,
    request: (f) => ({ method: 'POST', url: `/api/courses/${f.course._id}/enroll` }),
    expected: {
      public: [401, 200, 200, 200, 403, 403, 200, 200],
      private: [401, 403, 200, 403, 403, 403, 403, 403],
      draft: [401, 403, 403, 403, 403, 403, 403, 403],
    },
  },
  {
    name: 'POST courses/join (the code in lower case)',
    mutates: true,
    request: (f) => ({
      method: 'POST',
      url: '/api/courses/join',
      payload: { code: f.code.toLowerCase() },
    }),
    expected: {
      public: [401, 200, 200, 200, 403, 403, 200, 200],
      private: [401, 200, 200, 200, 403, 403, 200, 200],
      draft: [401, 409, 409, 409, 409, 409, 409, 409],
    },
  },
  {
    name: 'GET courses/{id}/join-code',
    request: (f) => ({ method: 'GET', url: `/api/courses/${f.course._id}/join-code` }),
    expected: {
      public: [401, 403, 403, 403, 200, 403, 403, 403],
      private: [401, 403, 403, 403, 200, 403, 403, 403],
      draft: [401, 403, 403, 403, 200, 403, 403, 403],
    },
  },
  {
    name: 'POST courses/{id}/join-code',
    mutates: true,
    request: (f) => ({ method: 'POST', url: `/api/courses/${f.course._id}/join-code` }),
    expected: {
      public: [401, 403, 403, 403, 201, 403, 403, 403],
      private: [401, 403, 403, 403, 201, 403, 403, 403],
      draft: [401, 403, 403, 403, 201, 403, 403, 403],
    },
  },
  {
    name: 'POST courses/{id}/students',
    mutates: true,
    request: (f) => ({
      method: 'POST',
      url: `/api/courses/${f.course._id}/students`,
      payload: { telephone: '+380671234599' },
    }),
    expected: {
      public: [401, 403, 403, 403, 200, 403, 403, 403],
      private: [401, 403, 403, 403, 200, 403, 403, 403],
      draft: [401, 403, 403, 403, 409, 403, 403, 403],
    },
  },
  {
    name: 'PUT courses/update (visibility)',
    mutates: true,
    request: (f) => ({
      method: 'PUT',
      url: '/api/courses/update',
      ...courseForm({ courseId: f.course._id, visibility: 'private' }),
    }),
    expected: {
      public: [401, 403, 403, 403, 200, 403, 403, 403],
      private: [401, 403, 403, 403, 200, 403, 403, 403],
      draft: [401, 403, 403, 403, 200, 403, 403, 403],
    },
  },
];

const VISIBILITY_CASES = (['public', 'private', 'draft'] as const).flatMap((visibility) =>
  rowsForStorage(VISIBILITY_MATRIX).flatMap((endpoint) =>
    VISIBILITY_ROLES.map((role, index) => ({
      visibility,
      endpoint: endpoint.name,
      role,
      status: endpoint.expected[visibility][index]!,
    })),
  ),
);

describe.each(databaseTargets)('visibility matrix on $name', (target) => {
  const t = useTestApp(target);
  let actors: Record<Exclude<VisibilityRole, 'anonymous'>, Account>;
  const shared = new Map<string, VisibilityFixture>();

  beforeAll(async () => {
    const author = await registerTeacher(t.app, t.db, { username: 'Class Author' });
    // The author moves to a new number; whoever signs up with the old one holds nothing of theirs.
    const oldNumber = author.telephone;
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/updateUser',
      headers: bearer(author.token),
      payload: {
        username: author.user.username,
        telephone: uniqueTelephone(),
        email: author.user.email,
        bio: '',
        currentPassword: author.password,
      },
    });
    if (moved.statusCode !== 200) throw new Error(`moving the author failed: ${moved.body}`);
    const demotedAuthor = await registerTeacher(t.app, t.db, { username: 'Demoted Class Author' });
    await setRoleByTelephone(t.db, demotedAuthor.telephone, false);
    const operator = await registerAccount(t.app, { username: 'Class Operator' });
    await setOperator(t.db, operator.user._id, true, cliActor('test'));
    const numberHolder = await registerAccount(t.app, {
      username: 'Class Number Holder',
      telephone: oldNumber,
    });
    actors = {
      author,
      demotedAuthor,
      otherTeacher: await registerTeacher(t.app, t.db, { username: 'Other Class Teacher' }),
      student: await registerAccount(t.app, { username: 'Outside Student' }),
      enrolled: await registerAccount(t.app, { username: 'Class Student' }),
      numberHolder,
      operator: { ...operator, user: { ...operator.user, isOperator: true } },
    };
    // The student added by the author's POST courses/{id}/students.
    await registerAccount(t.app, { username: 'Added Student', telephone: '+380671234599' });
  });

  async function call(account: Account | null, options: Omit<InjectOptions, 'headers'>) {
    return t.app.inject({
      ...options,
      headers: {
        ...((options as { headers?: Record<string, string> }).headers ?? {}),
        ...(account ? bearer(account.token) : {}),
      },
    } as InjectOptions);
  }

  async function makeVisibilityFixture(
    visibility: Visibility,
    role: VisibilityRole,
    withContent = true,
  ): Promise<VisibilityFixture> {
    const owner = role === 'demotedAuthor' ? actors.demotedAuthor : actors.author;
    if (role === 'demotedAuthor') await setRoleByTelephone(t.db, owner.telephone, true);
    // Made public, given its content and its student, then set to its visibility.
    const course = await createCourse(t.app, owner, { title: 'Курс класу 7-Б' });
    const codeResponse = await call(owner, {
      method: 'GET',
      url: `/api/courses/${course._id}/join-code`,
    });
    const code = (codeResponse.json() as { code: string }).code;
    const content = { lesson: '', file: '', assignment: '' };
    if (withContent) {
      const sectionId = (await getOutlineAs(t.app, owner, course._id)).sections[0]._id as string;
      const lesson = await addLesson(t.app, owner, course._id, {
        sectionId,
        title: 'Таємний урок',
        published: true,
      });
      content.lesson = lesson._id;
      content.file = (await attachFile(t.app, owner, lesson._id, SAMPLE_JPEG, 'таємниця.jpg'))._id;
      await uploadVideo(t.app, owner, lesson._id, sampleMp4());
      content.assignment = (
        await addAssignment(t.app, owner, course._id, {
          sectionId,
          title: 'Таємне завдання',
          published: true,
        })
      )._id;
    }
    if (visibility !== 'draft') {
      const joined = await call(actors.enrolled, {
        method: 'POST',
        url: '/api/courses/join',
        payload: { code },
      });
      if (joined.statusCode !== 200) throw new Error(`joining failed: ${joined.body}`);
      await uploadHomework(t.app, actors.enrolled, course._id, {
        content: Buffer.from('Таємна відповідь студента\n'),
        filename: 'таємниця.txt',
      });
    }
    if (visibility !== 'public') {
      const updated = await call(owner, {
        method: 'PUT',
        url: '/api/courses/update',
        ...courseForm({ courseId: course._id, visibility }),
      });
      if (updated.statusCode !== 200) throw new Error(`visibility failed: ${updated.body}`);
    }
    if (role === 'demotedAuthor') await setRoleByTelephone(t.db, owner.telephone, false);
    return { course, code, ...content };
  }

  it.each(VISIBILITY_CASES)(
    '$visibility course: $endpoint as $role → $status',
    async ({ visibility, endpoint, role, status }) => {
      const spec = VISIBILITY_MATRIX.find((e) => e.name === endpoint)!;
      const owner = role === 'demotedAuthor' ? 'demoted' : 'author';
      let fixture = shared.get(`${visibility}:${owner}`);
      if (spec.mutates || !fixture) {
        // A call that changes the course needs no lesson, file or assignment of it.
        fixture = await makeVisibilityFixture(visibility, role, !spec.mutates);
        if (!spec.mutates) shared.set(`${visibility}:${owner}`, fixture);
      }
      const caller = role === 'anonymous' ? null : actors[role];
      const response = await call(caller, spec.request(fixture));
      expect(response.statusCode, response.body).toBe(status);
      if (status === 404 || (status >= 400 && visibility !== 'public')) {
        // A refusal names nothing of the course.
        for (const secret of ['Таємн', 'таємниця', 'Курс класу', fixture.code])
          expect(response.body).not.toContain(secret);
      }
    },
  );

  it('lists only public courses in the catalog and search, whoever asks', async () => {
    const byVisibility = {
      public: await makeVisibilityFixture('public', 'author', false),
      private: await makeVisibilityFixture('private', 'author', false),
      draft: await makeVisibilityFixture('draft', 'author', false),
    };
    for (const role of VISIBILITY_ROLES) {
      const caller = role === 'anonymous' ? null : actors[role];
      for (const url of [
        '/api/courses?limit=100',
        `/api/courses?q=${encodeURIComponent('класу 7-Б')}&limit=100`,
        `/api/courses?authorId=${actors.author.user._id}&limit=100`,
      ]) {
        const response = await call(caller, { method: 'GET', url });
        expect(response.statusCode).toBe(200);
        const ids = (response.json() as { courses: Course[] }).courses.map((c) => c._id);
        expect(ids, `${role} ${url}`).toContain(byVisibility.public.course._id);
        expect(ids, `${role} ${url}`).not.toContain(byVisibility.private.course._id);
        expect(ids, `${role} ${url}`).not.toContain(byVisibility.draft.course._id);
      }
    }
  });
});

/**
 * The second round's actors (docs/decisions.md, "Trust, second round"): two
 * operators, neither of whom may take the other's account through the
 * console, and an enrolled student an operator blocks mid-term, whose bearer
 * token, signed media links, calendar feed and stream link all stop at once.
 */
describe.each(databaseTargets)('operators and a blocked account on $name', (target) => {
  const t = useTestApp(target);

  const call = (token: string | null, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}) });

  async function operator(username: string): Promise<Account> {
    const account = await registerAccount(t.app, { username });
    await setOperator(t.db, account.user._id, true, cliActor('test'));
    return account;
  }

  it("an operator cannot take another operator's (or their own) account through the console; a student's still works", async () => {
    const operatorA = await operator('Operator A');
    const operatorB = await operator('Operator B');
    const student = await registerAccount(t.app, { username: 'Plain Student' });
    const cases: [by: Account, target: Account, status: number][] = [
      [operatorB, operatorA, 409],
      [operatorA, operatorB, 409],
      [operatorA, operatorA, 409],
      [operatorB, student, 201],
    ];
    for (const [by, whom, status] of cases) {
      const response = await call(by.token, 'POST', `/api/admin/users/${whom.user._id}/reset-link`);
      expect(response.statusCode, `${by.user.username} → ${whom.user.username}`).toBe(status);
    }
    // Blocking an operator is refused too: it would lock them out of the console.
    expect(
      (await call(operatorB.token, 'POST', `/api/admin/users/${operatorA.user._id}/block`))
        .statusCode,
    ).toBe(409);
  });

  it('a blocked student loses their token, media links, calendar feed and stream link at once', async () => {
    const blocker = await operator('Blocking Operator');
    const author = await registerTeacher(t.app, t.db, { username: 'Blocked Student Teacher' });
    const course = await createCourse(t.app, author);
    const sectionId = (await getOutlineAs(t.app, author, course._id)).sections[0]._id as string;
    const lesson = await addLesson(t.app, author, course._id, { sectionId, published: true });
    await uploadVideo(t.app, author, lesson._id, sampleMp4());
    await attachFile(t.app, author, lesson._id, SAMPLE_JPEG, 'схема.jpg');
    const student = await registerAccount(t.app, { username: 'Soon Blocked' });
    await enroll(t.app, student, course._id);

    const read = await call(student.token, 'GET', `/api/lessons/${lesson._id}`);
    expect(read.statusCode).toBe(200);
    const { video, attachments } = read.json().lesson as {
      video: { url: string };
      attachments: { url: string }[];
    };
    const feed = await call(student.token, 'POST', '/api/calendar/feed');
    expect(feed.statusCode).toBe(201);
    const feedPath = new URL(feed.json().url as string).pathname;
    const links = [video.url, attachments[0]!.url, feedPath];
    for (const url of links) expect((await call(null, 'GET', url)).statusCode, url).toBe(200);
    expect((await call(student.token, 'POST', '/api/notifications/stream-link')).statusCode).toBe(
      200,
    );

    expect(
      (await call(blocker.token, 'POST', `/api/admin/users/${student.user._id}/block`)).statusCode,
    ).toBe(200);

    expect((await call(student.token, 'GET', `/api/lessons/${lesson._id}`)).statusCode).toBe(401);
    expect((await call(student.token, 'POST', '/api/notifications/stream-link')).statusCode).toBe(
      401,
    );
    expect((await call(null, 'GET', video.url)).statusCode).toBe(403);
    expect((await call(null, 'GET', attachments[0]!.url)).statusCode).toBe(403);
    expect((await call(null, 'GET', feedPath)).statusCode).toBe(404);
  });
});
