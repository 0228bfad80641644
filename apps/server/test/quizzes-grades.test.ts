import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import type { Gradebook, Outline, UserGrades } from '@urok/contract/schemas';
import { Announcement } from '../src/lib/notify.ts';
import { sendQuizDueSoonReminders } from '../src/features/quizzes/quizzes.service.ts';
import { bearer, databaseTargets, registerAccount, useTestApp, type Account } from './helpers.ts';
import { createCourse, enroll, registerTeacher } from './course-fixtures.ts';
import {
  addQuestion,
  addQuiz,
  answerSlot,
  MINUTE,
  quizCall,
  SAMPLE_QUESTIONS,
  startAttempt,
  submit,
  TestClock,
} from './quiz-fixtures.ts';

const HOUR = 60 * MINUTE;

describe.each(databaseTargets)(
  'quizzes in grades, the calendar and reminders on $name',
  (target) => {
    const clock = new TestClock();
    const t = useTestApp(target, { now: clock.now });
    let author: Account;
    let ann: Account;
    let bob: Account;
    let courseId: string;
    let quizId: string;
    let essayQuizId: string;

    beforeAll(async () => {
      author = await registerTeacher(t.app, t.db);
      ann = await registerAccount(t.app, { username: 'Ann' });
      bob = await registerAccount(t.app, { username: 'Bob' });
      courseId = (await createCourse(t.app, author))._id;
      await enroll(t.app, ann, courseId);
      await enroll(t.app, bob, courseId);
      const outline = (
        await t.app.inject({
          url: `/api/courses/${courseId}/outline`,
          headers: bearer(author.token),
        })
      ).json() as Outline;
      const sectionId = outline.sections[0]!._id;
      const tf = await addQuestion(t.app, author, courseId, SAMPLE_QUESTIONS.truefalse!);
      const single = await addQuestion(t.app, author, courseId, SAMPLE_QUESTIONS.single!);
      const essay = await addQuestion(t.app, author, courseId, SAMPLE_QUESTIONS.essay!);
      quizId = (
        await addQuiz(t.app, author, courseId, {
          sectionId,
          title: 'Контрольна',
          published: true,
          grading: 'highest',
          attemptsAllowed: 3,
          timeLimitMinutes: 30,
          closesAt: clock.iso(20 * HOUR),
          slots: [{ questionId: tf._id }, { questionId: single._id }],
        })
      )._id;
      essayQuizId = (
        await addQuiz(t.app, author, courseId, {
          sectionId,
          title: 'Твір',
          published: true,
          slots: [{ questionId: essay._id }],
        })
      )._id;
    });

    it('the gradebook, its CSV and Мої оцінки list quizzes with kind, points by grading', async () => {
      // Ann: 1 of 2, then 2 of 2 (highest counts).
      for (const right of [false, true]) {
        const attempt = await startAttempt(t.app, ann, quizId);
        const slotOf = (kind: string) => attempt.questions.find((q) => q.kind === kind)!.slot;
        await answerSlot(t.app, ann, attempt._id, slotOf('truefalse'), { value: true });
        await answerSlot(t.app, ann, attempt._id, slotOf('single'), {
          optionId: right ? 'a' : 'b',
        });
        await submit(t.app, ann, attempt._id);
      }
      // Ann's essay waits for its grade.
      const essay = await startAttempt(t.app, ann, essayQuizId);
      await answerSlot(t.app, ann, essay._id, 1, { text: 'Осінь.' });
      await submit(t.app, ann, essay._id);
      // Bob starts and leaves: past the time limit his attempt counts as submitted with 1 point.
      const bobs = await startAttempt(t.app, bob, quizId);
      await answerSlot(
        t.app,
        bob,
        bobs._id,
        bobs.questions.find((q) => q.kind === 'truefalse')!.slot,
        { value: true },
      );

      const first = (
        await quizCall(t.app, author, 'GET', `courses/${courseId}/gradebook`)
      ).json() as Gradebook;
      const columns = first.assignments.filter((column) => column.kind === 'quiz');
      expect(columns.map((c) => [c.title, c.maxPoints, c.dueAt])).toEqual([
        ['Контрольна', 2, clock.iso(20 * HOUR)],
        ['Твір', 5, null],
      ]);
      expect(
        first.assignments.every((column) => column.kind === 'assignment' || column.kind === 'quiz'),
      ).toBe(true);
      const annRow = first.students.find((s) => s.username === 'Ann')!;
      expect(annRow.cells[quizId]).toMatchObject({ status: 'graded', points: 2 });
      expect(annRow.cells[essayQuizId]).toMatchObject({
        status: 'submitted',
        points: 0,
        attemptId: essay._id,
      });
      expect(annRow.percent).toBe(100);
      // Bob's attempt is open: no points yet, in progress.
      expect(first.students.find((s) => s.username === 'Bob')!.cells[quizId]).toMatchObject({
        status: 'missing',
        points: null,
        attemptId: null,
        openAttemptId: bobs._id,
      });
      expect(annRow.cells[quizId]!.openAttemptId).toBeNull();
      const openCsv = (
        await quizCall(t.app, author, 'GET', `courses/${courseId}/gradebook.csv`)
      ).rawPayload.toString('utf8');
      expect(openCsv).toContain(`"${messages.gradebookStatusInProgress}"`);
      const bobGrades = (
        await quizCall(t.app, bob, 'GET', `user/${bob.user._id}/grades`)
      ).json() as UserGrades;
      expect(
        bobGrades.courses
          .find((c) => c._id === courseId)!
          .assignments.find((i) => i._id === quizId),
      ).toMatchObject({ status: 'missing', openAttemptId: bobs._id });

      clock.advance(31 * MINUTE);
      const later = (
        await quizCall(t.app, author, 'GET', `courses/${courseId}/gradebook`)
      ).json() as Gradebook;
      expect(later.students.find((s) => s.username === 'Bob')!.cells[quizId]).toMatchObject({
        status: 'graded',
        points: 1,
        attemptId: bobs._id,
        openAttemptId: null,
      });

      const csv = (
        await quizCall(t.app, author, 'GET', `courses/${courseId}/gradebook.csv`)
      ).rawPayload.toString('utf8');
      expect(csv).toContain('"Контрольна (2)"');
      expect(csv).toContain(`"0 (${messages.gradebookStatusPending})"`);

      const grades = (
        await quizCall(t.app, ann, 'GET', `user/${ann.user._id}/grades`)
      ).json() as UserGrades;
      const items = grades.courses.find((c) => c._id === courseId)!.assignments;
      expect(items.find((i) => i._id === quizId)).toMatchObject({
        kind: 'quiz',
        status: 'graded',
        points: 2,
        maxPoints: 2,
      });
      expect(items.find((i) => i._id === essayQuizId)).toMatchObject({
        kind: 'quiz',
        status: 'submitted',
      });
      expect(items.filter((i) => i.kind === 'assignment').length).toBeGreaterThan(0);

      // The essay graded: the cell is graded too.
      await quizCall(t.app, author, 'PUT', `attempts/${essay._id}/slots/1/grade`, { points: 4 });
      const graded = (
        await quizCall(t.app, author, 'GET', `courses/${courseId}/gradebook`)
      ).json() as Gradebook;
      expect(graded.students.find((s) => s.username === 'Ann')!.cells[essayQuizId]).toMatchObject({
        status: 'graded',
        points: 4,
      });
    });

    it('the calendar feed carries a quiz’s close date', async () => {
      const feed = await quizCall(t.app, bob, 'POST', 'calendar/feed');
      const url = new URL(feed.json().url as string);
      const ics = (await t.app.inject({ url: url.pathname })).body;
      expect(ics).toContain(`UID:${quizId}@urok`);
      expect(ics).toContain('SUMMARY:Контрольна');
      expect(ics).not.toContain(`UID:${essayQuizId}@urok`);
    });

    it('reminds the students without a submitted attempt once, 24 hours before the close', async () => {
      const reminded = async () =>
        (
          await t.db
            .selectFrom('notifications')
            .select(['user_id', 'kind'])
            .where('link', 'like', `%quizzes/${quizId}`)
            .where('kind', '=', 'assignment.due_soon')
            .execute()
        ).map((row) => row.user_id);
      const window = 24 * HOUR;
      expect(
        await sendQuizDueSoonReminders(t.db, new Announcement(false), window, clock.ms - 10 * HOUR),
      ).toBe(0);
      const carol = await registerAccount(t.app, { username: 'Carol' });
      await enroll(t.app, carol, courseId);
      expect(await sendQuizDueSoonReminders(t.db, new Announcement(false), window, clock.ms)).toBe(
        1,
      );
      expect(await sendQuizDueSoonReminders(t.db, new Announcement(false), window, clock.ms)).toBe(
        0,
      );
      expect(await reminded()).toEqual([carol.user._id]);
    });
  },
);
