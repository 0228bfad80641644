import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { textToDocument, type Course } from '@urok/contract';
import { databaseTargets, injectAs, registerAccount, useTestApp, type Account } from './helpers.ts';
import {
  createCourse,
  enroll,
  multipart,
  registerTeacher,
  uploadHomework,
} from './course-fixtures.ts';
import { getOutlineAs } from './content-fixtures.ts';
import { up as removeEmptyDefaults } from '../src/db/migrations/0021-empty-default-assignments.ts';

/**
 * The default assignment ('Домашнє завдання') exists only while it has
 * instructions or submissions; the course JSON's homeworkTask/homeworkDueAt
 * calls keep making and changing it.
 */
describe.each(databaseTargets)('the default assignment on $name', (target) => {
  const t = useTestApp(target);
  let author: Account;
  let student: Account;

  beforeAll(async () => {
    author = await registerTeacher(t.app, t.db, { username: 'Авторка Курсу' });
    student = await registerAccount(t.app, { username: 'Студент Петро' });
  });

  const as = (account: Account | null, options: InjectOptions) => injectAs(t.app, account, options);

  async function courseWithoutTask(fields: Record<string, string> = {}) {
    const course = await createCourse(t.app, author, { homeworkTask: '', ...fields });
    await enroll(t.app, student, course._id);
    return course;
  }

  const updateCourse = async (courseId: string, values: Record<string, string>) => {
    const body = multipart(
      Object.entries({ courseId, ...values }).map(([name, value]) => ({ name, value })),
    );
    const response = await as(author, {
      method: 'PUT',
      url: '/api/courses/update',
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json().course as Course;
  };

  const defaults = (courseId: string) =>
    t.db
      .selectFrom('assignments')
      .selectAll()
      .where('course_id', '=', courseId)
      .where('is_default', '=', 1)
      .execute();

  /** The assignments the outline, the gradebook and the student's grades show. */
  async function seenAssignments(courseId: string) {
    const outline = await getOutlineAs(t.app, author, courseId);
    const outlineItems = (
      outline.sections as { items: { kind: string; title: string }[] }[]
    ).flatMap((section) =>
      section.items.filter((item) => item.kind === 'assignment').map((item) => item.title),
    );
    const studentOutline = await getOutlineAs(t.app, student, courseId);
    const studentItems = (
      studentOutline.sections as { items: { kind: string; title: string }[] }[]
    ).flatMap((section) =>
      section.items.filter((item) => item.kind === 'assignment').map((item) => item.title),
    );
    const gradebook = (
      await as(author, { method: 'GET', url: `/api/courses/${courseId}/gradebook` })
    ).json() as { assignments: { title: string }[] };
    const grades = (
      await as(student, { method: 'GET', url: `/api/user/${student.user._id}/grades` })
    ).json() as { courses: { _id: string; assignments: { title: string }[] }[] };
    return {
      outline: outlineItems,
      studentOutline: studentItems,
      gradebook: gradebook.assignments.map((assignment) => assignment.title),
      grades: (grades.courses.find((course) => course._id === courseId)?.assignments ?? []).map(
        (assignment) => assignment.title,
      ),
    };
  }

  const nothing = { outline: [], studentOutline: [], gradebook: [], grades: [] };
  const homework = {
    outline: ['Домашнє завдання'],
    studentOutline: ['Домашнє завдання'],
    gradebook: ['Домашнє завдання'],
    grades: ['Домашнє завдання'],
  };

  it('is not made for a new course without a homework text: no empty assignment anywhere', async () => {
    const course = await courseWithoutTask();
    expect(course.homeworkTask).toBe('');
    expect(await defaults(course._id)).toEqual([]);
    expect(await seenAssignments(course._id)).toEqual(nothing);
  });

  it('is made for a new course with a homework text, published, with its due date', async () => {
    const course = await createCourse(t.app, author, {
      homeworkTask: 'Прочитайте параграф 5.',
      homeworkDueAt: '2031-05-01T18:00:00.000Z',
    });
    await enroll(t.app, student, course._id);
    const [row] = await defaults(course._id);
    expect(row).toMatchObject({
      title: 'Домашнє завдання',
      published: 1,
      due_at: '2031-05-01T18:00:00.000Z',
    });
    expect(JSON.parse(row!.instructions)).toEqual(textToDocument('Прочитайте параграф 5.'));
    expect(await seenAssignments(course._id)).toEqual(homework);
  });

  it('appears when a homework text is set, with the course due date, and goes when the text is emptied', async () => {
    const course = await courseWithoutTask({ homeworkDueAt: '2031-06-01T18:00:00.000Z' });
    expect(await defaults(course._id)).toEqual([]);

    const withTask = await updateCourse(course._id, { homeworkTask: 'Розв’яжіть задачі 1–4.' });
    expect(withTask.homeworkTask).toBe('Розв’яжіть задачі 1–4.');
    const [made] = await defaults(course._id);
    expect(made).toMatchObject({ published: 1, due_at: '2031-06-01T18:00:00.000Z' });
    expect(JSON.parse(made!.instructions)).toEqual(textToDocument('Розв’яжіть задачі 1–4.'));
    expect(await seenAssignments(course._id)).toEqual(homework);
    // The assignment's own call reads it as any other.
    const read = await as(student, { method: 'GET', url: `/api/assignments/${made!.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().assignment).toMatchObject({ isDefault: true, title: 'Домашнє завдання' });

    // Changing the text changes the same assignment.
    await updateCourse(course._id, { homeworkTask: 'Розв’яжіть задачі 1–6.' });
    const [changed] = await defaults(course._id);
    expect(changed!.id).toBe(made!.id);
    expect(JSON.parse(changed!.instructions)).toEqual(textToDocument('Розв’яжіть задачі 1–6.'));

    const emptied = await updateCourse(course._id, { homeworkTask: '' });
    expect(emptied.homeworkTask).toBe('');
    expect(await defaults(course._id)).toEqual([]);
    expect(await seenAssignments(course._id)).toEqual(nothing);
    expect(
      (await as(author, { method: 'GET', url: `/api/assignments/${made!.id}` })).statusCode,
    ).toBe(404);
  });

  it('a due date alone makes no assignment', async () => {
    const course = await courseWithoutTask();
    const updated = await updateCourse(course._id, { homeworkDueAt: '2031-07-01T18:00:00.000Z' });
    expect(updated.homeworkTask).toBe('');
    expect(await defaults(course._id)).toEqual([]);
    expect(await seenAssignments(course._id)).toEqual(nothing);
  });

  it("is made by the specification's upload without an assignment, and stays while it has a submission", async () => {
    const course = await courseWithoutTask();
    const submission = await uploadHomework(t.app, student, course._id);
    const [made] = await defaults(course._id);
    expect(submission.assignmentId).toBe(made!.id);
    expect(made).toMatchObject({ title: 'Домашнє завдання', published: 1 });
    expect(await seenAssignments(course._id)).toEqual(homework);
    // A second upload goes to the same assignment.
    const second = await uploadHomework(t.app, student, course._id);
    expect(second.assignmentId).toBe(made!.id);
    expect(await defaults(course._id)).toHaveLength(1);

    // Emptying an already empty text keeps it: it has submissions.
    await updateCourse(course._id, { homeworkTask: '' });
    expect(await defaults(course._id)).toHaveLength(1);

    // Withdrawing one submission keeps it; withdrawing the last one removes it.
    const withdraw = (id: string) => as(student, { method: 'DELETE', url: `/api/homework/${id}` });
    expect((await withdraw(submission._id)).statusCode).toBe(204);
    expect(await defaults(course._id)).toHaveLength(1);
    expect((await withdraw(second._id)).statusCode).toBe(204);
    expect(await defaults(course._id)).toEqual([]);
    expect(await seenAssignments(course._id)).toEqual(nothing);
  });

  it('keeps a default assignment with instructions when its last submission is withdrawn', async () => {
    const course = await createCourse(t.app, author, { homeworkTask: 'Есе на одну сторінку.' });
    await enroll(t.app, student, course._id);
    const submission = await uploadHomework(t.app, student, course._id);
    expect(
      (await as(student, { method: 'DELETE', url: `/api/homework/${submission._id}` })).statusCode,
    ).toBe(204);
    expect(await defaults(course._id)).toHaveLength(1);
  });

  it('keeps a graded submission: emptying the text leaves the assignment and its grade', async () => {
    const course = await createCourse(t.app, author, { homeworkTask: 'Есе.' });
    await enroll(t.app, student, course._id);
    const submission = await uploadHomework(t.app, student, course._id);
    const graded = await as(author, {
      method: 'PUT',
      url: `/api/homework/${submission._id}/grade`,
      payload: { grade: '10' },
    });
    expect(graded.statusCode).toBe(200);
    await updateCourse(course._id, { homeworkTask: '' });
    const [kept] = await defaults(course._id);
    expect(JSON.parse(kept!.instructions)).toEqual(textToDocument(''));
    expect(await seenAssignments(course._id)).toEqual(homework);
  });

  it('a draft default assignment still takes no upload without an assignment (404)', async () => {
    const course = await createCourse(t.app, author, { homeworkTask: 'Чернетка.' });
    await enroll(t.app, student, course._id);
    const [row] = await defaults(course._id);
    const unpublished = await as(author, {
      method: 'PUT',
      url: `/api/assignments/${row!.id}`,
      payload: { published: false },
    });
    expect(unpublished.statusCode).toBe(200);
    await expect(uploadHomework(t.app, student, course._id)).rejects.toThrow(/upload failed: 404/);
    expect(await defaults(course._id)).toHaveLength(1);
  });

  it('migration 0021 removes the empty default assignments nobody handed anything in for, and nothing else', async () => {
    // Three courses as the old code left them: each with a default assignment made at creation.
    const empty = await courseWithoutTask();
    const emptyWithWork = await courseWithoutTask();
    const withText = await createCourse(t.app, author, { homeworkTask: 'Текст завдання.' });
    const now = new Date().toISOString();
    const sectionOf = async (courseId: string) =>
      (
        await t.db
          .selectFrom('sections')
          .select('id')
          .where('course_id', '=', courseId)
          .executeTakeFirstOrThrow()
      ).id;
    for (const [course, id] of [
      [empty, 'old-empty'],
      [emptyWithWork, 'old-empty-with-work'],
    ] as const)
      await t.db
        .insertInto('assignments')
        .values({
          id,
          course_id: course._id,
          section_id: await sectionOf(course._id),
          title: 'Домашнє завдання',
          instructions: JSON.stringify(textToDocument('')),
          due_at: null,
          max_points: 12,
          published: 0,
          is_default: 1,
          position: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    await t.db
      .updateTable('courses')
      .set({ homework_published: 0 })
      .where('id', '=', empty._id)
      .execute();
    await t.db
      .updateTable('assignments')
      .set({ published: 1 })
      .where('id', '=', 'old-empty-with-work')
      .execute();
    const work = await uploadHomework(t.app, student, emptyWithWork._id);
    expect(work.assignmentId).toBe('old-empty-with-work');

    await removeEmptyDefaults(t.db as never);

    expect(await defaults(empty._id)).toEqual([]);
    expect(
      (
        await t.db
          .selectFrom('courses')
          .select('homework_published')
          .where('id', '=', empty._id)
          .executeTakeFirstOrThrow()
      ).homework_published,
    ).toBe(1);
    expect((await defaults(emptyWithWork._id)).map((row) => row.id)).toEqual([
      'old-empty-with-work',
    ]);
    expect(await defaults(withText._id)).toHaveLength(1);
  });
});
