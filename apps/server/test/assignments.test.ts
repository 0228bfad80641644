import type { InjectOptions } from 'fastify';
import yauzl from 'yauzl';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type Course, type Homework } from '@urok/contract';
import { gradebookSchema, type Assignment } from '@urok/contract/schemas';
import { getGradebook } from '../src/features/gradebook/gradebook.service.ts';
import { databaseTargets, injectAs, registerAccount, useTestApp, type Account } from './helpers.ts';
import {
  createCourse,
  enroll,
  listStored,
  multipart,
  registerTeacher,
  uploadHomework,
  uploadHomeworkRequest,
} from './course-fixtures.ts';
import { addLesson, addSection, getOutlineAs, imageDoc, paragraphDoc } from './content-fixtures.ts';
import { addAssignment, defaultAssignmentId } from './assignment-fixtures.ts';

const ASSIGNMENT_KEYS = [
  '_id',
  'courseId',
  'createdAt',
  'dueAt',
  'instructions',
  'isDefault',
  'maxPoints',
  'position',
  'published',
  'sectionId',
  'title',
  'updatedAt',
];

describe.each(databaseTargets)('assignments on $name', (target) => {
  const t = useTestApp(target);
  let author: Account;
  let otherTeacher: Account;
  let student: Account;
  let outsider: Account;

  beforeAll(async () => {
    author = await registerTeacher(t.app, t.db, { username: 'Автор Курсу' });
    otherTeacher = await registerTeacher(t.app, t.db, { username: 'Інший Викладач' });
    student = await registerAccount(t.app, { username: 'Студентка Оля' });
    outsider = await registerAccount(t.app, { username: 'Сторонній' });
  });

  const as = (account: Account | null, options: InjectOptions) => injectAs(t.app, account, options);

  async function freshCourse(fields: Record<string, string> = {}) {
    const course = await createCourse(t.app, author, fields);
    await enroll(t.app, student, course._id);
    const outline = await getOutlineAs(t.app, author, course._id);
    return {
      course,
      sectionId: outline.sections[0]._id as string,
      defaultId: await defaultAssignmentId(t.app, course._id),
    };
  }

  const getAssignment = (account: Account | null, id: string) =>
    as(account, { method: 'GET', url: `/api/assignments/${id}` });
  const putAssignment = (account: Account | null, id: string, payload: object) =>
    as(account, { method: 'PUT', url: `/api/assignments/${id}`, payload });
  const getCourse = async (id: string) =>
    (await t.app.inject({ url: `/api/courses/${id}` })).json().course as Course;
  const updateCourse = (courseId: string, values: Record<string, string>) => {
    const body = multipart(
      Object.entries({ courseId, ...values }).map(([name, value]) => ({ name, value })),
    );
    return as(author, {
      method: 'PUT',
      url: '/api/courses/update',
      payload: body.payload,
      headers: body.headers,
    });
  };
  const grade = (account: Account, homeworkId: string, payload: object) =>
    as(account, { method: 'PUT', url: `/api/homework/${homeworkId}/grade`, payload });

  // ---------------------------------------------------------------- the default assignment

  describe('the default assignment', () => {
    it('is created with the course from its homework text (a paragraph per line) and due date', async () => {
      const { course, sectionId, defaultId } = await freshCourse({
        homeworkTask: 'Перший рядок\n\nТретій рядок',
        homeworkDueAt: '2030-05-01T18:00:00.000Z',
      });
      const response = await getAssignment(student, defaultId);
      expect(response.statusCode).toBe(200);
      const assignment = response.json().assignment as Assignment;
      expect(Object.keys(assignment).sort()).toEqual(ASSIGNMENT_KEYS);
      expect(assignment).toMatchObject({
        courseId: course._id,
        sectionId,
        title: 'Домашнє завдання',
        dueAt: '2030-05-01T18:00:00.000Z',
        maxPoints: 12,
        published: true,
        isDefault: true,
        instructions: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Перший рядок' }] },
            { type: 'paragraph' },
            { type: 'paragraph', content: [{ type: 'text', text: 'Третій рядок' }] },
          ],
        },
      });
      expect(course.homeworkTask).toBe('Перший рядок\n\nТретій рядок');
    });

    it('follows a course update of homeworkTask/homeworkDueAt, and the course JSON follows the assignment', async () => {
      const { course, defaultId } = await freshCourse();
      const updated = await updateCourse(course._id, {
        homeworkTask: 'Нове завдання',
        homeworkDueAt: '2031-01-02T10:00:00Z',
      });
      expect(updated.statusCode).toBe(200);
      let assignment = (await getAssignment(author, defaultId)).json().assignment as Assignment;
      expect(assignment.instructions).toEqual(paragraphDoc('Нове завдання'));
      expect(assignment.dueAt).toBe('2031-01-02T10:00:00.000Z');

      // A title-only update leaves the assignment alone.
      expect((await updateCourse(course._id, { title: 'Інша назва курсу' })).statusCode).toBe(200);
      assignment = (await getAssignment(author, defaultId)).json().assignment as Assignment;
      expect(assignment.instructions).toEqual(paragraphDoc('Нове завдання'));

      const instructions = {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Есе' }] },
          {
            type: 'bulletList',
            content: [
              { type: 'listItem', content: [paragraphDoc('план').content[0]] },
              { type: 'listItem', content: [paragraphDoc('висновки').content[0]] },
            ],
          },
        ],
      };
      const put = await putAssignment(author, defaultId, { instructions, dueAt: null });
      expect(put.statusCode).toBe(200);
      const after = await getCourse(course._id);
      expect(after.homeworkTask).toBe('Есе\n- план\n- висновки');
      expect(after.homeworkDueAt).toBeNull();
    });

    it("mirrors at most the course form's 5,000 characters of long instructions into the course JSON", async () => {
      const { course, defaultId } = await freshCourse();
      const long = 'я'.repeat(12_000);
      expect(
        (await putAssignment(author, defaultId, { instructions: paragraphDoc(long) })).statusCode,
      ).toBe(200);
      expect((await getCourse(course._id)).homeworkTask).toBe('я'.repeat(5000));
      const assignment = (await getAssignment(author, defaultId)).json().assignment as Assignment;
      expect(assignment.instructions).toEqual(paragraphDoc(long));
      // A later title-only course update still goes through.
      expect((await updateCourse(course._id, { title: 'Нова назва курсу' })).statusCode).toBe(200);
    });

    it('cannot be deleted (409), but can be edited and hidden', async () => {
      const { defaultId } = await freshCourse();
      const response = await as(author, { method: 'DELETE', url: `/api/assignments/${defaultId}` });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(messages.assignmentIsDefault);
    });
  });

  describe('a draft default assignment', () => {
    it('keeps its text and due date out of every answer a student or visitor reads (cached ones too); the author keeps them', async () => {
      const secret = `Таємне завдання ${Date.now().toString(36)}`;
      const dueAt = '2031-03-04T05:06:07.000Z';
      const { course, defaultId } = await freshCourse({
        homeworkTask: secret,
        homeworkDueAt: dueAt,
      });
      const reads: [Account | null, string][] = [
        [null, `/api/courses/${course._id}`],
        [null, '/api/courses'],
        [null, `/api/courses?authorId=${author.user._id}`],
        [student, `/api/courses/${course._id}`],
        [student, '/api/courses'],
        [student, `/api/user/${student.user._id}/courses`],
        [outsider, `/api/courses/${course._id}`],
        [otherTeacher, `/api/courses/${course._id}`],
      ];
      const read = (account: Account | null, url: string) => as(account, { method: 'GET', url });
      // Published: everyone reads them, and the read cache keeps the answers.
      for (const [account, url] of reads)
        expect((await read(account, url)).body, url).toContain(secret);

      expect((await putAssignment(author, defaultId, { published: false })).statusCode).toBe(200);
      for (const [account, url] of reads) {
        const body = (await read(account, url)).body;
        expect(body, url).not.toContain(secret);
        expect(body, url).not.toContain(dueAt);
      }
      const shown = await getCourse(course._id);
      expect(shown).toMatchObject({ homeworkTask: '', homeworkDueAt: null });
      const enrolment = await as(student, {
        method: 'POST',
        url: `/api/courses/${course._id}/enroll`,
      });
      expect(enrolment.body).not.toContain(secret);
      // The author reads them, on the course page and in their own list, and edits them.
      expect((await read(author, `/api/courses/${course._id}`)).json().course).toMatchObject({
        homeworkTask: secret,
        homeworkDueAt: dueAt,
      });
      expect((await read(author, '/api/users/created-courses')).body).toContain(secret);
      const edited = await updateCourse(course._id, { homeworkTask: `${secret} 2` });
      expect(edited.json().course.homeworkTask).toBe(`${secret} 2`);
      expect((await read(null, `/api/courses/${course._id}`)).body).not.toContain(secret);

      expect((await putAssignment(author, defaultId, { published: true })).statusCode).toBe(200);
      for (const [account, url] of reads)
        expect((await read(account, url)).body, url).toContain(`${secret} 2`);
    });
  });

  // ---------------------------------------------------------------- CRUD

  describe('creating, reading, changing and deleting', () => {
    it('creates a draft with 12 points by default at the end of its section: 201 {assignment}', async () => {
      const { course, sectionId } = await freshCourse();
      await addLesson(t.app, author, course._id, { sectionId });
      const response = await as(author, {
        method: 'POST',
        url: `/api/courses/${course._id}/assignments`,
        payload: {
          sectionId,
          title: '  Контрольна  ',
          instructions: paragraphDoc('Розв’яжіть задачі.'),
          dueAt: '2030-01-01T12:00:00+02:00',
        },
      });
      expect(response.statusCode).toBe(201);
      const assignment = response.json().assignment as Assignment;
      expect(assignment).toMatchObject({
        title: 'Контрольна',
        maxPoints: 12,
        published: false,
        isDefault: false,
        dueAt: '2030-01-01T10:00:00.000Z',
        position: 2,
      });
      const read = await getAssignment(author, assignment._id);
      expect(read.json().assignment).toEqual(assignment);
    });

    it.each([
      ['an empty title', { title: '  ' }, messages.assignmentTitleInvalid],
      ['maxPoints 0', { maxPoints: 0 }, messages.assignmentMaxPointsInvalid],
      ['maxPoints 101', { maxPoints: 101 }, messages.assignmentMaxPointsInvalid],
      ['maxPoints 1.5', { maxPoints: 1.5 }, messages.assignmentMaxPointsInvalid],
      ['a bad due date', { dueAt: 'завтра' }, messages.assignmentDueInvalid],
      ['published as text', { published: 'так' }, messages.assignmentPublishedInvalid],
      ['a script node', { instructions: { type: 'doc', content: [{ type: 'script' }] } }, null],
      ['an image', { instructions: imageDoc('x') }, messages.assignmentImagesNotAllowed],
      ['a stranger field', { extra: 1 }, null],
    ])('refuses %s with 400', async (_, fields, message) => {
      const { course, sectionId } = await freshCourse();
      const response = await as(author, {
        method: 'POST',
        url: `/api/courses/${course._id}/assignments`,
        payload: { sectionId, title: 'Т', instructions: paragraphDoc('x'), ...fields },
      });
      expect(response.statusCode).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    });

    it('refuses a section of another course (400) and answers 401/403/404 to others', async () => {
      const { course, sectionId } = await freshCourse();
      const other = await freshCourse();
      const post = (account: Account | null, courseId: string, section: string) =>
        as(account, {
          method: 'POST',
          url: `/api/courses/${courseId}/assignments`,
          payload: { sectionId: section, title: 'Т', instructions: paragraphDoc('x') },
        });
      const foreign = await post(author, course._id, other.sectionId);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe(messages.assignmentSectionInvalid);
      expect((await post(null, course._id, sectionId)).statusCode).toBe(401);
      expect((await post(student, course._id, sectionId)).statusCode).toBe(403);
      expect((await post(otherTeacher, course._id, sectionId)).statusCode).toBe(403);
      expect((await post(author, 'missing', sectionId)).statusCode).toBe(404);
    });

    it('shows a draft to the author only (404 to others); a published one to the enrolled (403 to others)', async () => {
      const { course, sectionId } = await freshCourse();
      const draft = await addAssignment(t.app, author, course._id, { sectionId });
      for (const caller of [student, outsider, otherTeacher]) {
        const response = await getAssignment(caller, draft._id);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(messages.assignmentNotFound);
      }
      expect((await getAssignment(null, draft._id)).statusCode).toBe(401);
      expect((await putAssignment(author, draft._id, { published: true })).statusCode).toBe(200);
      expect((await getAssignment(student, draft._id)).statusCode).toBe(200);
      for (const caller of [outsider, otherTeacher]) {
        const response = await getAssignment(caller, draft._id);
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(messages.notEnrolled);
      }
      expect((await getAssignment(author, 'missing')).statusCode).toBe(404);
    });

    it('changes any field; moving to another section puts it at the end there', async () => {
      const { course, sectionId } = await freshCourse();
      const second = await addSection(t.app, author, course._id, 'Тема 2');
      await addLesson(t.app, author, course._id, { sectionId: second._id });
      const assignment = await addAssignment(t.app, author, course._id, { sectionId });
      const response = await putAssignment(author, assignment._id, {
        title: 'Нова назва',
        maxPoints: 100,
        published: true,
        dueAt: '2030-02-02T00:00:00Z',
        sectionId: second._id,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().assignment).toMatchObject({
        title: 'Нова назва',
        maxPoints: 100,
        published: true,
        dueAt: '2030-02-02T00:00:00.000Z',
        sectionId: second._id,
        position: 1,
      });
      expect((await putAssignment(student, assignment._id, { title: 'x' })).statusCode).toBe(403);
      expect((await putAssignment(otherTeacher, assignment._id, { title: 'x' })).statusCode).toBe(
        403,
      );
      expect((await putAssignment(author, assignment._id, { maxPoints: 0 })).statusCode).toBe(400);
      expect((await putAssignment(author, 'missing', { title: 'x' })).statusCode).toBe(404);
    });

    it('deletes an assignment without submissions (204); 409 once it has one', async () => {
      const { course, sectionId } = await freshCourse();
      const unused = await addAssignment(t.app, author, course._id, { sectionId });
      const del = (account: Account, id: string) =>
        as(account, { method: 'DELETE', url: `/api/assignments/${id}` });
      expect((await del(student, unused._id)).statusCode).toBe(403);
      expect((await del(author, unused._id)).statusCode).toBe(204);
      expect((await del(author, unused._id)).statusCode).toBe(404);

      const used = await addAssignment(t.app, author, course._id, { sectionId, published: true });
      await uploadHomework(t.app, student, course._id, undefined, { assignmentId: used._id });
      const refused = await del(author, used._id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(messages.assignmentHasSubmissions);
    });

    it('refuses to lower maxPoints below points already given (409)', async () => {
      const { course, defaultId } = await freshCourse();
      const homework = await uploadHomework(t.app, student, course._id);
      expect((await grade(author, homework._id, { grade: '11' })).statusCode).toBe(200);
      const refused = await putAssignment(author, defaultId, { maxPoints: 10 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(messages.assignmentMaxPointsBelowGrades);
      expect((await putAssignment(author, defaultId, { maxPoints: 11 })).statusCode).toBe(200);
    });
  });

  // ---------------------------------------------------------------- the outline

  describe('the outline', () => {
    it('lists assignments beside lessons with their due date, reorders them, and keeps drafts from others', async () => {
      const { course, sectionId, defaultId } = await freshCourse();
      const second = await addSection(t.app, author, course._id, 'Тема 2');
      const lesson = await addLesson(t.app, author, course._id, { sectionId, published: true });
      const draft = await addAssignment(t.app, author, course._id, {
        sectionId: second._id,
        title: 'Чернетка завдання',
        dueAt: '2030-03-03T03:03:00Z',
      });
      const outline = await getOutlineAs(t.app, author, course._id);
      expect(
        outline.sections.map((s: { items: { kind: string; _id: string }[] }) =>
          s.items.map((i) => `${i.kind}:${i._id}`),
        ),
      ).toEqual([[`assignment:${defaultId}`, `lesson:${lesson._id}`], [`assignment:${draft._id}`]]);
      expect(outline.sections[1].items[0]).toEqual({
        kind: 'assignment',
        _id: draft._id,
        title: 'Чернетка завдання',
        published: false,
        dueAt: '2030-03-03T03:03:00.000Z',
        maxPoints: 12,
        completed: false,
      });
      const theirs = await getOutlineAs(t.app, student, course._id);
      expect(JSON.stringify(theirs)).not.toContain('Чернетка завдання');

      const reordered = await as(author, {
        method: 'PUT',
        url: `/api/courses/${course._id}/outline`,
        payload: {
          sections: [
            {
              _id: second._id,
              items: [
                { kind: 'assignment', _id: draft._id },
                { kind: 'lesson', _id: lesson._id },
              ],
            },
            { _id: sectionId, items: [{ kind: 'assignment', _id: defaultId }] },
          ],
        },
      });
      expect(reordered.statusCode).toBe(200);
      expect(
        reordered
          .json()
          .sections.map((s: { items: { _id: string }[] }) => s.items.map((i) => i._id)),
      ).toEqual([[draft._id, lesson._id], [defaultId]]);
      const moved = (await getAssignment(author, draft._id)).json().assignment as Assignment;
      expect(moved).toMatchObject({ sectionId: second._id, position: 0 });

      // An outline that leaves an assignment out is refused; a section holding one is not deleted.
      const missing = await as(author, {
        method: 'PUT',
        url: `/api/courses/${course._id}/outline`,
        payload: {
          sections: [
            { _id: second._id, items: [{ kind: 'lesson', _id: lesson._id }] },
            { _id: sectionId, items: [{ kind: 'assignment', _id: defaultId }] },
          ],
        },
      });
      expect(missing.statusCode).toBe(400);
      const del = await as(author, { method: 'DELETE', url: `/api/sections/${sectionId}` });
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe(messages.sectionNotEmpty);
    });
  });

  // ---------------------------------------------------------------- uploads and grading

  describe('handing in and grading', () => {
    it('hands in to the default assignment without assignmentId, and to the one named with it', async () => {
      const { course, sectionId, defaultId } = await freshCourse();
      const plain = await uploadHomework(t.app, student, course._id);
      expect(plain).toMatchObject({ assignmentId: defaultId, points: null, grade: null });
      const other = await addAssignment(t.app, author, course._id, {
        sectionId,
        published: true,
        dueAt: '2000-01-01T00:00:00Z',
      });
      const late = await uploadHomework(t.app, student, course._id, undefined, {
        assignmentId: other._id,
      });
      expect(late).toMatchObject({ assignmentId: other._id, isLate: true });
      const users = (
        await as(author, { method: 'GET', url: `/api/courses/${course._id}/userswithhw` })
      ).json().users;
      expect(users[0].homework.map((h: Homework) => h.assignmentId)).toEqual([
        other._id,
        defaultId,
      ]);
    });

    it.each([
      ['a draft', 'draft'],
      ["another course's", 'foreign'],
      ['an unknown', 'unknown'],
    ])('refuses %s assignment with 404 before storing the file', async (_, kind) => {
      const { course, sectionId } = await freshCourse();
      const elsewhere = await freshCourse();
      const draft = await addAssignment(t.app, author, course._id, { sectionId });
      const id = { draft: draft._id, foreign: elsewhere.defaultId, unknown: 'nope' }[kind]!;
      const before = await listStored(t.app, 'homework');
      for (const fileFirst of [false, true]) {
        const response = await t.app.inject(
          uploadHomeworkRequest(student, course._id, undefined, { assignmentId: id, fileFirst }),
        );
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(messages.assignmentNotFound);
      }
      expect(await listStored(t.app, 'homework')).toEqual(before);
    });

    it('a hidden default assignment takes no uploads without assignmentId (404)', async () => {
      const { course, defaultId } = await freshCourse();
      expect((await putAssignment(author, defaultId, { published: false })).statusCode).toBe(200);
      const response = await t.app.inject(uploadHomeworkRequest(student, course._id));
      expect(response.statusCode).toBe(404);
    });

    it.each([
      ['10', 10],
      ['9.5', 9.5],
      [' 9,5 ', 9.5],
      ['0', 0],
      ['12', 12],
    ])('grades %j as %d points, keeping the text', async (text, points) => {
      const { course } = await freshCourse();
      const homework = await uploadHomework(t.app, student, course._id);
      const response = await grade(author, homework._id, { grade: text });
      expect(response.statusCode).toBe(200);
      expect(response.json().homework).toMatchObject({ grade: text.trim(), points });
    });

    it.each(['A', 'зараховано', '13', '-1', '9.555', '1e1', '0x5'])(
      'refuses the grade %j with 400 naming the range',
      async (text) => {
        const { course } = await freshCourse();
        const homework = await uploadHomework(t.app, student, course._id);
        const response = await grade(author, homework._id, { grade: text });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: messages.gradePointsInvalid(12),
          fields: { grade: messages.gradePointsInvalid(12) },
        });
      },
    );

    it("grades against the assignment's own maxPoints", async () => {
      const { course, sectionId } = await freshCourse();
      const big = await addAssignment(t.app, author, course._id, {
        sectionId,
        published: true,
        maxPoints: 100,
      });
      const homework = await uploadHomework(t.app, student, course._id, undefined, {
        assignmentId: big._id,
      });
      const response = await grade(author, homework._id, { grade: '87,25' });
      expect(response.statusCode).toBe(200);
      expect(response.json().homework.points).toBe(87.25);
    });
  });

  // ---------------------------------------------------------------- regrades and comments

  describe('regrades and comments', () => {
    const regrade = (account: Account, homeworkId: string, payload: object) =>
      as(account, { method: 'POST', url: `/api/homework/${homeworkId}/regrade`, payload });

    it('changes a grade only by a regrade with a reason, keeping the history the student sees', async () => {
      const { course } = await freshCourse();
      const homework = await uploadHomework(t.app, student, course._id);
      const notYet = await regrade(author, homework._id, { grade: '10', reason: 'Помилка' });
      expect(notYet.statusCode).toBe(409);
      expect(notYet.json().message).toBe(messages.regradeNotGraded);

      const first = await grade(author, homework._id, { grade: '7', feedback: 'Слабкі висновки' });
      expect(first.json().homework.gradeHistory).toEqual([]);
      expect((await grade(author, homework._id, { grade: '9' })).statusCode).toBe(409);

      const second = await regrade(author, homework._id, {
        grade: '9,5',
        reason: '  Не врахував додаток  ',
      });
      expect(second.statusCode).toBe(200);
      const regraded = second.json().homework as Homework;
      expect(regraded).toMatchObject({ grade: '9,5', points: 9.5, feedback: 'Слабкі висновки' });
      expect(regraded.gradeHistory).toEqual([
        {
          grade: '7',
          points: 7,
          feedback: 'Слабкі висновки',
          gradedAt: first.json().homework.gradedAt,
          reason: 'Не врахував додаток',
          replacedAt: regraded.gradedAt,
        },
      ]);
      const third = await regrade(author, homework._id, {
        grade: '11',
        feedback: '',
        reason: 'Апеляція',
      });
      expect(third.json().homework).toMatchObject({ points: 11, feedback: null });

      const own = (
        await as(student, { method: 'GET', url: `/api/courses/${course._id}/homework` })
      ).json().homework as Homework[];
      expect(own[0]!.gradeHistory.map((h) => [h.grade, h.reason])).toEqual([
        ['7', 'Не врахував додаток'],
        ['9,5', 'Апеляція'],
      ]);
      const users = (
        await as(author, { method: 'GET', url: `/api/courses/${course._id}/userswithhw` })
      ).json().users;
      expect(users[0].homework[0].gradeHistory).toHaveLength(2);
    });

    it.each([
      ['no reason', { grade: '10' }, messages.regradeReasonInvalid],
      ['a blank reason', { grade: '10', reason: '   ' }, messages.regradeReasonInvalid],
      ['a long reason', { grade: '10', reason: 'я'.repeat(501) }, messages.regradeReasonInvalid],
      ['text for a grade', { grade: 'добре', reason: 'x' }, messages.gradePointsInvalid(12)],
      ['points over the maximum', { grade: '12,5', reason: 'x' }, messages.gradePointsInvalid(12)],
      ['a stranger field', { grade: '10', reason: 'x', points: 10 }, null],
    ])('refuses a regrade with %s (400), changing nothing', async (_, payload, message) => {
      const { course } = await freshCourse();
      const homework = await uploadHomework(t.app, student, course._id);
      await grade(author, homework._id, { grade: '5' });
      const response = await regrade(author, homework._id, payload);
      expect(response.statusCode).toBe(400);
      if (message) expect(response.json().message).toBe(message);
      const row = await t.db
        .selectFrom('homework_grade_history')
        .selectAll()
        .where('homework_id', '=', homework._id)
        .execute();
      expect(row).toEqual([]);
    });

    it('loses no grade when regrades race: each one that succeeds replaced the grade it saw', async () => {
      const { course } = await freshCourse();
      const homework = await uploadHomework(t.app, student, course._id);
      await grade(author, homework._id, { grade: '5' });
      const results = await Promise.all(
        ['6', '7', '8'].map((g) => regrade(author, homework._id, { grade: g, reason: 'r' })),
      );
      for (const result of results) expect([200, 409]).toContain(result.statusCode);
      const winners = results
        .filter((r) => r.statusCode === 200)
        .map((r) => (r.json().homework as Homework).grade!);
      expect(winners.length).toBeGreaterThan(0);
      const history = await t.db
        .selectFrom('homework_grade_history')
        .select('grade')
        .where('homework_id', '=', homework._id)
        .orderBy('replaced_at')
        .orderBy('id')
        .execute();
      const final = await t.db
        .selectFrom('homework')
        .select('grade')
        .where('id', '=', homework._id)
        .executeTakeFirstOrThrow();
      // A chain: 5 → w1 → w2 …, every winner once, the last one the grade now.
      expect(history.length).toBe(winners.length);
      expect(history[0]!.grade).toBe('5');
      expect([...history.slice(1).map((h) => h.grade), final.grade].sort()).toEqual(
        [...winners].sort(),
      );
    });

    it('keeps a private thread per submission between its student and the author', async () => {
      const { course } = await freshCourse();
      const homework = await uploadHomework(t.app, student, course._id);
      const url = `/api/homework/${homework._id}/comments`;
      const post = (account: Account | null, body: unknown) =>
        as(account, { method: 'POST', url, payload: { body } });
      const mine = await post(student, '  Чи можна перездати?  ');
      expect(mine.statusCode).toBe(201);
      expect(mine.json().comment).toEqual({
        _id: expect.any(String),
        homeworkId: homework._id,
        author: { _id: student.user._id, username: 'Студентка Оля' },
        body: 'Чи можна перездати?',
        createdAt: expect.any(String),
      });
      expect((await post(author, 'Так, до п’ятниці.')).statusCode).toBe(201);
      for (const caller of [outsider, otherTeacher]) {
        expect((await post(caller, 'Я теж')).statusCode).toBe(403);
        expect((await as(caller, { method: 'GET', url })).statusCode).toBe(403);
      }
      expect((await post(null, 'x')).statusCode).toBe(401);
      for (const bad of ['', '   ', 'я'.repeat(2001), 5, null]) {
        const response = await post(student, bad);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(messages.homeworkCommentInvalid);
      }
      expect((await post(student, 'я'.repeat(2000))).statusCode).toBe(201);
      for (const reader of [student, author]) {
        const thread = await as(reader, { method: 'GET', url });
        expect(thread.statusCode).toBe(200);
        expect(
          thread.json().comments.map((c: { author: { username: string } }) => c.author.username),
        ).toEqual(['Студентка Оля', 'Автор Курсу', 'Студентка Оля']);
      }
      expect(
        (await as(author, { method: 'GET', url: '/api/homework/missing/comments' })).statusCode,
      ).toBe(404);
    });
  });

  // ---------------------------------------------------------------- the gradebook

  describe('the gradebook', () => {
    /** A: the default (12), B: 20 points and past due, C: a draft; Алла, Борис and Оля enrolled. */
    async function classroom() {
      const { course, sectionId, defaultId } = await freshCourse();
      const b = await addAssignment(t.app, author, course._id, {
        sectionId,
        title: 'Проєкт',
        maxPoints: 20,
        published: true,
        dueAt: '2000-01-01T00:00:00Z',
      });
      await addAssignment(t.app, author, course._id, { sectionId, title: 'Чернетка' });
      const alla = await registerAccount(t.app, { username: 'Алла' });
      const borys = await registerAccount(t.app, { username: 'Борис' });
      for (const account of [alla, borys]) await enroll(t.app, account, course._id);
      const upload = (account: Account, assignmentId: string) =>
        uploadHomework(t.app, account, course._id, undefined, { assignmentId });
      const olyaA = await upload(student, defaultId);
      await grade(author, olyaA._id, { grade: '10', feedback: 'Добре' });
      await upload(student, defaultId); // resubmitted after the grade: the graded one counts
      const olyaB = await upload(student, b._id);
      const allaA = await upload(alla, defaultId);
      const allaB = await upload(alla, b._id);
      await grade(author, allaB._id, { grade: '15' });
      const borysA = await upload(borys, defaultId);
      // A free-text grade kept from before grades were points.
      await t.db
        .updateTable('homework')
        .set({ grade: 'зараховано', graded_at: new Date().toISOString() })
        .where('id', '=', borysA._id)
        .execute();
      return { course, defaultId, b, alla, borys, olyaA, olyaB, allaA, allaB, borysA };
    }

    it('shows every enrolled student × every published assignment, with status, points and percent', async () => {
      const c = await classroom();
      const response = await as(author, {
        method: 'GET',
        url: `/api/courses/${c.course._id}/gradebook`,
      });
      expect(response.statusCode).toBe(200);
      const cell = (
        status: string,
        points: number | null,
        grade: string | null,
        homeworkId: string | null,
      ) => ({ status, points, grade, homeworkId });
      expect(response.json()).toEqual({
        assignments: [
          {
            _id: c.defaultId,
            kind: 'assignment',
            title: 'Домашнє завдання',
            maxPoints: 12,
            dueAt: c.course.homeworkDueAt,
          },
          {
            _id: c.b._id,
            kind: 'assignment',
            title: 'Проєкт',
            maxPoints: 20,
            dueAt: '2000-01-01T00:00:00.000Z',
          },
        ],
        students: [
          {
            _id: c.alla.user._id,
            username: 'Алла',
            cells: {
              [c.defaultId]: cell('submitted', null, null, c.allaA._id),
              [c.b._id]: cell('graded', 15, '15', c.allaB._id),
            },
            percent: 75,
          },
          {
            _id: c.borys.user._id,
            username: 'Борис',
            cells: {
              [c.defaultId]: cell('graded', null, 'зараховано', c.borysA._id),
              [c.b._id]: cell('missing', null, null, null),
            },
            percent: null,
          },
          {
            _id: student.user._id,
            username: 'Студентка Оля',
            cells: {
              [c.defaultId]: cell('graded', 10, '10', c.olyaA._id),
              [c.b._id]: cell('late', null, null, c.olyaB._id),
            },
            percent: 83.3,
          },
        ],
      });
    });

    it("after a grade builds only that student's row again, and answers as if built whole", async () => {
      const c = await classroom();
      const url = `/api/courses/${c.course._id}/gradebook`;
      const whole = async () =>
        JSON.stringify(gradebookSchema.parse(await getGradebook(t.db, author.user, c.course._id)));
      const loads: string[] = [];
      t.app.readCache.audit = (record) => loads.push(record.key.split(':')[0]!);
      try {
        const first = await as(author, { method: 'GET', url });
        expect(first.body).toBe(await whole());
        expect(loads.filter((name) => name === 'gradebook-row')).toHaveLength(3);
        loads.length = 0;
        await grade(author, c.allaA._id, { grade: '9' });
        const after = await as(author, { method: 'GET', url });
        expect(after.body).toBe(await whole());
        expect(after.json().students[0].cells[c.defaultId]).toMatchObject({ grade: '9' });
        // The gradebook itself, and Алла's row: Борис's and Оля's come from the cache.
        expect(loads.sort()).toEqual(['gradebook', 'gradebook-row']);
        loads.length = 0;
        // A new published assignment is a new column in every row: each is built again.
        await addAssignment(t.app, author, c.course._id, {
          sectionId: (
            await t.db
              .selectFrom('sections')
              .select('id')
              .where('course_id', '=', c.course._id)
              .executeTakeFirstOrThrow()
          ).id,
          title: 'Ще одне',
          published: true,
        });
        const widened = await as(author, { method: 'GET', url });
        expect(widened.body).toBe(await whole());
        expect(loads.filter((name) => name === 'gradebook-row')).toHaveLength(3);
      } finally {
        t.app.readCache.audit = undefined;
      }
    });

    it('exports the gradebook as CSV, every cell quoted', async () => {
      const c = await classroom();
      const response = await as(author, {
        method: 'GET',
        url: `/api/courses/${c.course._id}/gradebook.csv`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('attachment');
      const text = response.rawPayload.toString('utf8');
      expect(text.startsWith('\ufeff')).toBe(true);
      expect(text.slice(1).split('\r\n')).toEqual([
        '"Студент","Домашнє завдання (12)","Проєкт (20)","Відсоток"',
        '"Алла","здано","15","75"',
        '"Борис","зараховано","не здано",""',
        '"Студентка Оля","10","здано із запізненням","83,3"',
        '',
      ]);
    });

    it('answers 401, 403 and 404 to others', async () => {
      const { course } = await freshCourse();
      for (const suffix of ['gradebook', 'gradebook.csv']) {
        const url = `/api/courses/${course._id}/${suffix}`;
        expect((await as(null, { method: 'GET', url })).statusCode).toBe(401);
        for (const caller of [student, otherTeacher])
          expect((await as(caller, { method: 'GET', url })).statusCode).toBe(403);
        expect(
          (await as(author, { method: 'GET', url: `/api/courses/missing/${suffix}` })).statusCode,
        ).toBe(404);
      }
    });

    it("gives a student their own grades in every course, and nobody else's", async () => {
      const c = await classroom();
      const response = await as(student, {
        method: 'GET',
        url: `/api/user/${student.user._id}/grades`,
      });
      expect(response.statusCode).toBe(200);
      const mine = response
        .json()
        .courses.find((course: { _id: string }) => course._id === c.course._id);
      expect(mine).toEqual({
        _id: c.course._id,
        title: c.course.title,
        percent: 83.3,
        assignments: [
          {
            _id: c.defaultId,
            kind: 'assignment',
            title: 'Домашнє завдання',
            maxPoints: 12,
            dueAt: c.course.homeworkDueAt,
            status: 'graded',
            points: 10,
            grade: '10',
            feedback: 'Добре',
          },
          {
            _id: c.b._id,
            kind: 'assignment',
            title: 'Проєкт',
            maxPoints: 20,
            dueAt: '2000-01-01T00:00:00.000Z',
            status: 'late',
            points: null,
            grade: null,
            feedback: null,
          },
        ],
      });
      const borys = await as(c.borys, {
        method: 'GET',
        url: `/api/user/${c.borys.user._id}/grades`,
      });
      expect(borys.json().courses[0].assignments[0]).toMatchObject({
        status: 'graded',
        points: null,
        grade: 'зараховано',
      });
      for (const caller of [c.borys, author]) {
        const other = await as(caller, {
          method: 'GET',
          url: `/api/user/${student.user._id}/grades`,
        });
        expect(other.statusCode).toBe(403);
      }
      expect(
        (await as(null, { method: 'GET', url: `/api/user/${student.user._id}/grades` })).statusCode,
      ).toBe(401);
    });
  });

  // ---------------------------------------------------------------- the zip export

  describe('the zip export', () => {
    it('puts each submission under <assignment>/<student>/<file>, assignments of one name told apart', async () => {
      const { course, sectionId } = await freshCourse();
      const first = await addAssignment(t.app, author, course._id, {
        sectionId,
        title: 'Есе / чернетка',
        published: true,
      });
      const second = await addAssignment(t.app, author, course._id, {
        sectionId,
        title: 'Есе / чернетка',
        published: true,
      });
      const file = (name: string) => ({ content: Buffer.from(`${name}\n`), filename: name });
      await uploadHomework(t.app, student, course._id, file('a.txt'));
      await uploadHomework(t.app, student, course._id, file('b.txt'), { assignmentId: first._id });
      await uploadHomework(t.app, student, course._id, file('c.txt'), { assignmentId: second._id });
      await uploadHomework(t.app, student, course._id, file('c.txt'), { assignmentId: second._id });
      const response = await as(author, {
        method: 'GET',
        url: `/api/courses/${course._id}/homework.zip`,
      });
      expect(response.statusCode).toBe(200);
      const names = await new Promise<string[]>((resolve, reject) => {
        yauzl.fromBuffer(response.rawPayload, { lazyEntries: true }, (error, zip) => {
          if (error || !zip) return reject(error);
          const found: string[] = [];
          zip.on('entry', (entry: yauzl.Entry) => {
            found.push(entry.fileName);
            zip.readEntry();
          });
          zip.on('end', () => resolve(found));
          zip.readEntry();
        });
      });
      expect(names).toEqual([
        'Домашнє завдання/Студентка Оля/a.txt',
        'Есе _ чернетка/Студентка Оля/b.txt',
        'Есе _ чернетка (2)/Студентка Оля/c.txt',
        'Есе _ чернетка (2)/Студентка Оля/c (2).txt',
      ]);
    });
  });
});
