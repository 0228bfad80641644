/**
 * The demo quiz: the history course's quiz of every question kind
 * (db/demo-content.ts, DEMO_QUIZ) and the demo students' attempts, made
 * through the quiz service as the API makes them — the same validation,
 * draw and scoring — on a clock set days back. It lives above the features
 * because db/, which the features use, may not use a feature.
 */
import { textToDocument } from '@urok/contract';
import { createQuizBodySchema, questionBodySchema } from '@urok/contract/schemas';
import type { Db } from './db/database.ts';
import { DEMO_QUIZ } from './db/demo-content.ts';
import { findDemoQuizPlace } from './db/demo-data.ts';
import {
  courseHasQuizContent,
  createQuestion,
  createQuiz,
  gradeSlot,
  saveAnswer,
  startAttempt,
  submitAttempt,
} from './features/quizzes/quizzes.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Adds the demo quiz with its attempts to the demo history course; leaves a
 * course that already has questions or quizzes alone, so a second run
 * changes nothing (nor does a run without the demo course).
 */
export async function loadDemoQuiz(db: Db, nowMs: number = Date.now()): Promise<void> {
  const place = await findDemoQuizPlace(db, DEMO_QUIZ.course, DEMO_QUIZ.section);
  if (!place || (await courseHasQuizContent(db, place.courseId))) return;
  const teacher = { _id: place.teacherId, isAdmin: true };
  let clock = nowMs - 6 * DAY_MS;
  const now = () => clock;

  const questionIds: string[] = [];
  for (const { text, explanation, ...rest } of DEMO_QUIZ.questions) {
    const body = questionBodySchema.parse({
      ...rest,
      text: textToDocument(text),
      explanation: explanation === undefined ? null : textToDocument(explanation),
    });
    questionIds.push((await createQuestion(db, teacher, place.courseId, body, now))._id);
    // A millisecond apart, so the bank lists them in this order.
    clock += 1;
  }
  const quiz = await createQuiz(
    db,
    teacher,
    place.courseId,
    createQuizBodySchema.parse({
      sectionId: place.sectionId,
      title: DEMO_QUIZ.title,
      description: textToDocument(DEMO_QUIZ.description),
      published: true,
      closesAt: new Date(nowMs + 14 * DAY_MS).toISOString(),
      timeLimitMinutes: 20,
      attemptsAllowed: 2,
      grading: 'highest',
      review: 'after_submit',
      slots: questionIds.map((questionId) => ({ questionId })),
    }),
    now,
  );

  for (const demo of DEMO_QUIZ.attempts) {
    const studentId = place.students[demo.student];
    if (!studentId) continue;
    const student = { _id: studentId, isAdmin: false };
    clock = nowMs - demo.daysAgo * DAY_MS;
    const { attempt } = await startAttempt(db, student, quiz._id, now);
    // The quiz keeps its questions' order (shuffleQuestions is off): slot n is question n.
    for (const question of attempt.questions) {
      const answer = demo.answers[question.slot - 1];
      clock += 90_000;
      if (answer !== null && answer !== undefined)
        await saveAnswer(db, student, attempt._id, question.slot, answer, now);
    }
    clock += 60_000;
    const submitted = await submitAttempt(db, student, attempt._id, now);
    const essay = submitted.questions.find((question) => question.kind === 'essay');
    if (demo.essayGrade && essay) {
      clock += DAY_MS / 2;
      await gradeSlot(db, teacher, attempt._id, essay.slot, demo.essayGrade, now);
    }
  }
}
