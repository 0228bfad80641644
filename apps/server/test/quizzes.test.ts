import { beforeAll, describe, expect, it } from 'vitest';
import { KEY_FIELDS, messages } from '@urok/contract';
import type { Attempt, Outline } from '@urok/contract/schemas';
import { bearer, databaseTargets, registerAccount, useTestApp, type Account } from './helpers.ts';
import { createCourse, enroll, registerTeacher } from './course-fixtures.ts';
import { paragraphDoc } from './content-fixtures.ts';
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

/** Every key field anywhere in a student's question (answers are allowed their own `value`). */
function keyFieldsOf(attempt: Attempt): string[] {
  return attempt.questions.flatMap((question) =>
    KEY_FIELDS.filter((field) => field in question).map((field) => `${question.slot}:${field}`),
  );
}

describe.each(databaseTargets)('quizzes on $name', (target) => {
  const clock = new TestClock();
  const t = useTestApp(target, { now: clock.now });
  let author: Account;
  let student: Account;
  let outsider: Account;
  let otherTeacher: Account;
  let courseId: string;
  let sectionId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    author = await registerTeacher(t.app, t.db);
    otherTeacher = await registerTeacher(t.app, t.db);
    student = await registerAccount(t.app, { username: 'Olena' });
    outsider = await registerAccount(t.app);
    courseId = (await createCourse(t.app, author))._id;
    await enroll(t.app, student, courseId);
    const outline = (
      await t.app.inject({ url: `/api/courses/${courseId}/outline`, headers: bearer(author.token) })
    ).json() as Outline;
    sectionId = outline.sections[0]!._id;
    for (const [kind, body] of Object.entries(SAMPLE_QUESTIONS))
      ids[kind] = (
        await addQuestion(t.app, author, courseId, { ...body, tags: ['all', kind] })
      )._id;
  });

  // ---------------------------------------------------------------- the bank

  it('keeps a question of every kind with its key, for the author only', async () => {
    const response = await quizCall(t.app, author, 'GET', `questions/${ids.numeric}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().question).toMatchObject({
      kind: 'numeric',
      value: 9.81,
      tolerance: 0.01,
      points: 2,
      tags: ['all', 'numeric'],
    });
    expect((await quizCall(t.app, student, 'GET', `questions/${ids.numeric}`)).statusCode).toBe(
      403,
    );
    expect(
      (await quizCall(t.app, otherTeacher, 'GET', `questions/${ids.numeric}`)).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/questions/${ids.numeric}` })).statusCode).toBe(401);
    expect((await quizCall(t.app, author, 'GET', 'questions/nope')).statusCode).toBe(404);
  });

  it('lists the bank by tag, by words of the text and by cursor', async () => {
    const byTag = await quizCall(t.app, author, 'GET', `courses/${courseId}/questions?tag=short`);
    expect(byTag.json().questions.map((q: { _id: string }) => q._id)).toEqual([ids.short]);
    const byText = await quizCall(
      t.app,
      author,
      'GET',
      `courses/${courseId}/questions?q=${encodeURIComponent('СТОЛИЦЯ україни')}`,
    );
    expect(byText.json().questions.map((q: { _id: string }) => q._id)).toEqual([ids.single]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await quizCall(
        t.app,
        author,
        'GET',
        `courses/${courseId}/questions?tag=all&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.statusCode).toBe(200);
      const body = page.json() as { questions: { _id: string }[]; nextCursor: string | null };
      seen.push(...body.questions.map((q) => q._id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Object.values(ids).reverse());
    expect(
      (await quizCall(t.app, author, 'GET', `courses/${courseId}/questions?cursor=junk`))
        .statusCode,
    ).toBe(400);
    expect(
      (await quizCall(t.app, student, 'GET', `courses/${courseId}/questions`)).statusCode,
    ).toBe(403);
  });

  it('refuses a key that cannot be answered with its Ukrainian message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          kind: 'single',
          options: [
            { id: 'a', text: 'x' },
            { id: 'b', text: 'y' },
          ],
          correct: [],
        },
        messages.questionNoCorrect,
      ],
      [
        {
          kind: 'single',
          options: [
            { id: 'a', text: 'x' },
            { id: 'b', text: 'X' },
          ],
          correct: ['a'],
        },
        messages.questionOptionDuplicate,
      ],
      [{ kind: 'short', accepted: [] }, messages.questionAcceptedCount],
      [{ kind: 'numeric', value: 1, tolerance: -1 }, messages.questionNumericInvalid],
      [{ kind: 'matching', pairs: [{ left: 'a', right: 'b' }] }, messages.questionPairsCount],
      [{ kind: 'ordering', items: ['a', 'a'] }, messages.questionItemDuplicate],
      [{ kind: 'poll' }, messages.questionKindInvalid],
      [{ kind: 'essay', points: 0.1 }, messages.questionPointsInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await quizCall(t.app, author, 'POST', `courses/${courseId}/questions`, {
        text: paragraphDoc('?'),
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('edits and deletes a question; 409 while a quiz names it', async () => {
    const question = await addQuestion(t.app, author, courseId, {
      kind: 'truefalse',
      text: paragraphDoc('Тимчасове'),
      correct: false,
    });
    const put = await quizCall(t.app, author, 'PUT', `questions/${question._id}`, {
      kind: 'short',
      text: paragraphDoc('Тепер коротка'),
      accepted: ['так'],
      tags: ['temp'],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().question).toMatchObject({ kind: 'short', accepted: ['так'], tags: ['temp'] });
    expect(put.json().question.correct).toBeUndefined();
    const quiz = await addQuiz(t.app, author, courseId, {
      sectionId,
      title: 'Чернетка',
      slots: [{ questionId: question._id }],
    });
    expect((await quizCall(t.app, author, 'DELETE', `questions/${question._id}`)).statusCode).toBe(
      409,
    );
    expect((await quizCall(t.app, author, 'DELETE', `quizzes/${quiz._id}`)).statusCode).toBe(204);
    expect((await quizCall(t.app, student, 'DELETE', `questions/${question._id}`)).statusCode).toBe(
      403,
    );
    expect((await quizCall(t.app, author, 'DELETE', `questions/${question._id}`)).statusCode).toBe(
      204,
    );
    expect((await quizCall(t.app, author, 'GET', `questions/${question._id}`)).statusCode).toBe(
      404,
    );
  });

  // ---------------------------------------------------------------- quizzes and attempts

  it('takes a quiz of every kind: no key before review, each kind scored, review after submit', async () => {
    const quiz = await addQuiz(t.app, author, courseId, {
      sectionId,
      title: 'Усе разом',
      published: true,
      review: 'after_submit',
      attemptsAllowed: 2,
      slots: Object.keys(SAMPLE_QUESTIONS).map((kind) => ({ questionId: ids[kind] })),
    });
    expect(quiz).toMatchObject({ maxPoints: 19, questionCount: 8, published: true });

    const outline = (
      await t.app.inject({
        url: `/api/courses/${courseId}/outline`,
        headers: bearer(student.token),
      })
    ).json() as Outline;
    expect(outline.sections[0]!.items).toContainEqual(
      expect.objectContaining({ kind: 'quiz', _id: quiz._id, title: 'Усе разом' }),
    );
    const seen = await quizCall(t.app, student, 'GET', `quizzes/${quiz._id}`);
    expect(seen.json().quiz.slots).toBeUndefined();
    expect(seen.json().quiz).toMatchObject({ canStart: true, attempts: [] });
    expect((await quizCall(t.app, outsider, 'GET', `quizzes/${quiz._id}`)).statusCode).toBe(403);
    expect(
      (await quizCall(t.app, outsider, 'POST', `quizzes/${quiz._id}/attempts`)).statusCode,
    ).toBe(403);

    const attempt = await startAttempt(t.app, student, quiz._id);
    expect(keyFieldsOf(attempt)).toEqual([]);
    expect(attempt).toMatchObject({ state: 'open', score: null, maxPoints: 19, deadline: null });
    expect(JSON.stringify(attempt)).not.toContain('9.81');
    const slotOf = (kind: string) => attempt.questions.find((q) => q.kind === kind)!.slot;
    const matching = attempt.questions.find((q) => q.kind === 'matching')!;
    expect(matching.lefts).toEqual(['Україна', 'Польща']);
    expect([...matching.rights!].sort()).toEqual(['Варшава', 'Київ']);
    const ordering = attempt.questions.find((q) => q.kind === 'ordering')!;
    expect(ordering.items).not.toEqual(['1', '2', '3', '4']);

    // The same open attempt again (a reload, another tab): 200.
    const again = await quizCall(t.app, student, 'POST', `quizzes/${quiz._id}/attempts`);
    expect(again.statusCode).toBe(200);
    expect(again.json().attempt._id).toBe(attempt._id);

    const answers: [string, unknown][] = [
      ['single', { optionId: 'a' }], // 1 of 1
      ['multiple', { optionIds: ['a', 'b', 'd'] }], // (2 − 1) / 3 × 3 = 1
      ['truefalse', { value: false }], // 0
      ['short', { text: '  М’ЯТА ' }], // 1
      ['numeric', { value: '9,815' }], // 2
      ['matching', { matches: ['Київ', null] }], // 1 of 2
      ['ordering', { order: ['1', '2', '4', '3'] }], // 2 of 4
      ['essay', { text: 'Листя падає.' }],
    ];
    for (const [kind, answer] of answers) {
      const saved = await answerSlot(t.app, student, attempt._id, slotOf(kind), answer);
      expect(saved.statusCode, kind).toBe(204);
    }
    // The wrong shape is a 400; another's attempt a 403; an unknown slot a 404.
    const wrong = await answerSlot(t.app, student, attempt._id, slotOf('single'), {
      optionId: 'z',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.answerInvalid);
    const tooLong = await answerSlot(t.app, student, attempt._id, slotOf('essay'), {
      text: 'я'.repeat(20_001),
    });
    expect(tooLong.json().message).toBe(messages.answerEssayTooLong);
    expect((await answerSlot(t.app, outsider, attempt._id, 1, { value: true })).statusCode).toBe(
      403,
    );
    expect((await answerSlot(t.app, author, attempt._id, 1, { value: true })).statusCode).toBe(403);
    expect((await answerSlot(t.app, student, attempt._id, 99, { value: true })).statusCode).toBe(
      404,
    );

    // A reload finds every answer, still without a key.
    const reloaded = (await quizCall(t.app, student, 'GET', `attempts/${attempt._id}`)).json()
      .attempt as Attempt;
    expect(reloaded.questions.find((q) => q.kind === 'short')!.answer).toEqual({
      text: '  М’ЯТА ',
    });
    expect(reloaded.questions.find((q) => q.kind === 'numeric')!.answer).toEqual({ value: 9.815 });
    expect(keyFieldsOf(reloaded)).toEqual([]);
    expect(reloaded.questions.map((q) => q.options)).toEqual(
      attempt.questions.map((q) => q.options),
    );

    const done = await submit(t.app, student, attempt._id);
    expect(done).toMatchObject({
      state: 'submitted',
      score: 8,
      pendingGrading: true,
      reviewAllowed: true,
    });
    const scores = Object.fromEntries(done.questions.map((q) => [q.kind, q.score]));
    expect(scores).toEqual({
      single: 1,
      multiple: 1,
      truefalse: 0,
      short: 1,
      numeric: 2,
      matching: 1,
      ordering: 2,
      essay: null,
    });
    expect(done.questions.find((q) => q.kind === 'single')!.correct).toEqual({ optionId: 'a' });
    expect(done.questions.find((q) => q.kind === 'single')!.explanation).toEqual(
      paragraphDoc('Київ — столиця з 1934 року.'),
    );
    expect(
      (await answerSlot(t.app, student, attempt._id, slotOf('single'), { optionId: 'b' }))
        .statusCode,
    ).toBe(409);

    // The author grades the essay: the student hears of it; then overrides an automatic score.
    const essaySlot = slotOf('essay');
    const badGrade = await quizCall(
      t.app,
      author,
      'PUT',
      `attempts/${attempt._id}/slots/${essaySlot}/grade`,
      {
        points: 6,
      },
    );
    expect(badGrade.statusCode).toBe(400);
    expect(
      (
        await quizCall(t.app, student, 'PUT', `attempts/${attempt._id}/slots/${essaySlot}/grade`, {
          points: 1,
        })
      ).statusCode,
    ).toBe(403);
    const graded = await quizCall(
      t.app,
      author,
      'PUT',
      `attempts/${attempt._id}/slots/${essaySlot}/grade`,
      {
        points: '4,5',
        feedback: 'Гарно.',
      },
    );
    expect(graded.statusCode).toBe(200);
    expect(graded.json().attempt).toMatchObject({ score: 12.5, pendingGrading: false });
    const note = await t.db
      .selectFrom('notifications')
      .select(['kind', 'title'])
      .where('user_id', '=', student.user._id)
      .where('kind', '=', 'quiz.graded')
      .execute();
    expect(note).toHaveLength(1);
    const tfSlot = slotOf('truefalse');
    const override = await quizCall(
      t.app,
      author,
      'PUT',
      `attempts/${attempt._id}/slots/${tfSlot}/grade`,
      {
        points: 1,
        feedback: 'Зараховано: питання було неоднозначне.',
      },
    );
    const overridden = override.json().attempt as Attempt;
    expect(overridden.score).toBe(13.5);
    const tf = overridden.questions.find((q) => q.slot === tfSlot)!;
    expect(tf).toMatchObject({ score: 1, autoScore: 0 });
    expect(tf.gradeHistory).toHaveLength(1);
    expect(
      (
        await t.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', student.user._id)
          .where('kind', '=', 'quiz.graded')
          .execute()
      ).length,
    ).toBe(1);

    // The author's list; the student's quiz shows the attempt; slots/grading now 409, title still fine.
    const list = await quizCall(t.app, author, 'GET', `quizzes/${quiz._id}/attempts`);
    expect(list.json().attempts).toEqual([
      expect.objectContaining({
        _id: attempt._id,
        score: 13.5,
        student: { _id: student.user._id, username: 'Olena' },
      }),
    ]);
    expect((await quizCall(t.app, student, 'GET', `quizzes/${quiz._id}/attempts`)).statusCode).toBe(
      403,
    );
    expect(
      (await quizCall(t.app, author, 'PUT', `quizzes/${quiz._id}`, { slots: [] })).statusCode,
    ).toBe(409);
    expect(
      (await quizCall(t.app, author, 'PUT', `quizzes/${quiz._id}`, { grading: 'last' })).statusCode,
    ).toBe(409);
    expect(
      (await quizCall(t.app, author, 'PUT', `quizzes/${quiz._id}`, { title: 'Усе разом!' }))
        .statusCode,
    ).toBe(200);
    expect((await quizCall(t.app, author, 'DELETE', `quizzes/${quiz._id}`)).statusCode).toBe(409);
  });

  it('the server’s clock rules the deadline: late answers 409, the attempt submitted at the deadline with what was saved', async () => {
    const quiz = await addQuiz(t.app, author, courseId, {
      sectionId,
      title: 'На час',
      published: true,
      timeLimitMinutes: 10,
      slots: [{ questionId: ids.single }, { questionId: ids.truefalse }],
      shuffleQuestions: false,
    });
    const attempt = await startAttempt(t.app, student, quiz._id);
    expect(attempt.deadline).toBe(clock.iso(10 * MINUTE));
    clock.advance(9 * MINUTE);
    expect((await answerSlot(t.app, student, attempt._id, 1, { optionId: 'a' })).statusCode).toBe(
      204,
    );
    clock.advance(2 * MINUTE);
    const late = await answerSlot(t.app, student, attempt._id, 2, { value: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messages.attemptPastDeadline);
    const seen = (await quizCall(t.app, author, 'GET', `attempts/${attempt._id}`)).json()
      .attempt as Attempt;
    expect(seen).toMatchObject({ state: 'submitted', submittedAt: attempt.deadline, score: 1 });
    // A submit that arrives late changes nothing.
    expect((await submit(t.app, student, attempt._id)).submittedAt).toBe(attempt.deadline);
  });

  it('an open attempt past its deadline is submitted by the sweep, whether or not anyone asks', async () => {
    const { finishExpiredAttempts } = await import('../src/features/quizzes/quizzes.service.ts');
    const quiz = await addQuiz(t.app, author, courseId, {
      sectionId,
      title: 'Без нагляду',
      published: true,
      timeLimitMinutes: 1,
      slots: [{ questionId: ids.truefalse }],
    });
    const attempt = await startAttempt(t.app, student, quiz._id);
    await answerSlot(t.app, student, attempt._id, 1, { value: true });
    clock.advance(2 * MINUTE);
    expect(await finishExpiredAttempts(t.db, clock.now)).toBeGreaterThanOrEqual(1);
    const row = await t.db
      .selectFrom('quiz_attempts')
      .select(['state', 'score', 'submitted_at'])
      .where('id', '=', attempt._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'submitted', score: 1, submitted_at: attempt.deadline });
  });

  it('two racing submits: both answer the same attempt, scored once', async () => {
    const quiz = await addQuiz(t.app, author, courseId, {
      sectionId,
      title: 'Гонка',
      published: true,
      slots: [{ questionId: ids.single }, { questionId: ids.numeric }],
    });
    const attempt = await startAttempt(t.app, student, quiz._id);
    const numericSlot = attempt.questions.find((q) => q.kind === 'numeric')!.slot;
    await answerSlot(t.app, student, attempt._id, numericSlot, { value: 9.81 });
    const [a, b] = await Promise.all([
      quizCall(t.app, student, 'POST', `attempts/${attempt._id}/submit`),
      quizCall(t.app, student, 'POST', `attempts/${attempt._id}/submit`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().attempt.score).toBe(2);
    expect(b.json().attempt.score).toBe(2);
    expect(a.json().attempt.submittedAt).toBe(b.json().attempt.submittedAt);
    const rows = await t.db
      .selectFrom('quiz_answers')
      .select('slot')
      .where('attempt_id', '=', attempt._id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('an answer racing a submit is saved and scored, or refused with 409 — never saved unscored', async () => {
    const quiz = await addQuiz(t.app, author, courseId, {
      sectionId,
      title: 'Відповідь наввипередки',
      published: true,
      attemptsAllowed: 6,
      slots: [{ questionId: ids.truefalse }],
    });
    for (let round = 0; round < 6; round += 1) {
      const attempt = await startAttempt(t.app, student, quiz._id);
      const [saved, submitted] = await Promise.all([
        answerSlot(t.app, student, attempt._id, 1, { value: true }),
        quizCall(t.app, student, 'POST', `attempts/${attempt._id}/submit`),
      ]);
      expect(submitted.statusCode).toBe(200);
      expect([204, 409]).toContain(saved.statusCode);
      const row = await t.db
        .selectFrom('quiz_answers')
        .select(['answer', 'auto_score'])
        .where('attempt_id', '=', attempt._id)
        .executeTakeFirstOrThrow();
      const final = (await quizCall(t.app, student, 'GET', `attempts/${attempt._id}`)).json()
        .attempt;
      if (saved.statusCode === 204) {
        expect(row).toEqual({ answer: '{"value":true}', auto_score: 1 });
        expect(final.score).toBe(1);
      } else {
        expect(saved.json().message).toBe(messages.attemptSubmitted);
        expect(row).toEqual({ answer: null, auto_score: 0 });
        expect(final.score).toBe(0);
      }
    }
  });

  it('draws N questions at random from a tag and keeps the draw and its shuffles with the attempt', async () => {
    const quiz = await addQuiz(t.app, author, courseId, {
      sectionId,
      title: 'Випадкові',
      published: true,
      attemptsAllowed: 1,
      shuffleQuestions: true,
      slots: [{ tag: 'all', count: 3 }],
    });
    expect(quiz.questionCount).toBe(3);
    const attempt = await startAttempt(t.app, student, quiz._id);
    expect(attempt.questions).toHaveLength(3);
    expect(new Set(attempt.questions.map((q) => q.kind)).size).toBe(3);
    const stored = await t.db
      .selectFrom('quiz_attempts')
      .select('questions')
      .where('id', '=', attempt._id)
      .executeTakeFirstOrThrow();
    const drawn = JSON.parse(stored.questions) as {
      slot: number;
      kind: string;
      options?: unknown;
    }[];
    expect(drawn.map((q) => [q.slot, q.kind])).toEqual(
      attempt.questions.map((q) => [q.slot, q.kind]),
    );
    // Editing the bank changes no started attempt.
    const first = attempt.questions[0]!;
    const questionId = Object.entries(ids).find(([kind]) => kind === first.kind)![1];
    await quizCall(t.app, author, 'PUT', `questions/${questionId}`, {
      ...SAMPLE_QUESTIONS[first.kind],
      text: paragraphDoc('Змінено'),
      tags: ['all', first.kind],
    });
    const again = (await quizCall(t.app, student, 'GET', `attempts/${attempt._id}`)).json()
      .attempt as Attempt;
    expect(again.questions.map((q) => [q.kind, q.text, q.options, q.items, q.rights])).toEqual(
      attempt.questions.map((q) => [q.kind, q.text, q.options, q.items, q.rights]),
    );
    await submit(t.app, student, attempt._id);
    // One attempt allowed: no more.
    const none = await quizCall(t.app, student, 'POST', `quizzes/${quiz._id}/attempts`);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(messages.attemptNoneLeft);
  });

  it('opens and closes by its dates; review after close; a draft is 404 to students', async () => {
    const quiz = await addQuiz(t.app, author, courseId, {
      sectionId,
      title: 'За розкладом',
      published: true,
      opensAt: clock.iso(60 * MINUTE),
      closesAt: clock.iso(120 * MINUTE),
      slots: [{ questionId: ids.truefalse }],
    });
    const early = await quizCall(t.app, student, 'POST', `quizzes/${quiz._id}/attempts`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(messages.attemptNotOpenYet);
    clock.advance(61 * MINUTE);
    const attempt = await startAttempt(t.app, student, quiz._id);
    expect(attempt.deadline).toBe(quiz.closesAt);
    const done = await submit(t.app, student, attempt._id);
    expect(done.reviewAllowed).toBe(false);
    expect(done.questions[0]!.score).toBeUndefined();
    expect(keyFieldsOf(done)).toEqual([]);
    expect(done.score).toBe(0);
    clock.advance(60 * MINUTE);
    const closed = await quizCall(t.app, student, 'POST', `quizzes/${quiz._id}/attempts`);
    expect(closed.json().message).toBe(messages.attemptClosed);
    const reviewed = (await quizCall(t.app, student, 'GET', `attempts/${attempt._id}`)).json()
      .attempt;
    expect(reviewed).toMatchObject({ reviewAllowed: true });
    expect(reviewed.questions[0].correct).toEqual({ value: true });

    const draft = await addQuiz(t.app, author, courseId, { sectionId, title: 'Чернетка 2' });
    expect((await quizCall(t.app, student, 'GET', `quizzes/${draft._id}`)).statusCode).toBe(404);
    const publishEmpty = await quizCall(t.app, author, 'PUT', `quizzes/${draft._id}`, {
      published: true,
    });
    expect(publishEmpty.statusCode).toBe(400);
    expect(publishEmpty.json().message).toBe(messages.quizNoQuestions);
    expect(
      (await quizCall(t.app, otherTeacher, 'PUT', `quizzes/${draft._id}`, { title: 'x' }))
        .statusCode,
    ).toBe(403);
  });

  it('quiz.published goes once per quiz, not on each re-publish', async () => {
    const quiz = await addQuiz(t.app, author, courseId, {
      sectionId,
      title: 'Оголошення',
      slots: [{ questionId: ids.single }],
    });
    const count = async () =>
      (
        await t.db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', student.user._id)
          .where('kind', '=', 'quiz.published')
          .where('link', 'like', `%${quiz._id}%`)
          .execute()
      ).length;
    expect(await count()).toBe(0);
    await quizCall(t.app, author, 'PUT', `quizzes/${quiz._id}`, { published: true });
    await quizCall(t.app, author, 'PUT', `quizzes/${quiz._id}`, { published: false });
    await quizCall(t.app, author, 'PUT', `quizzes/${quiz._id}`, { published: true });
    expect(await count()).toBe(1);
  });

  it('refuses bad quiz settings with 400', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, messages.quizTitleInvalid],
      [{ timeLimitMinutes: 0 }, messages.quizTimeLimitInvalid],
      [{ attemptsAllowed: 21 }, messages.quizAttemptsAllowedInvalid],
      [{ grading: 'best' }, messages.quizGradingInvalid],
      [{ review: 'sometimes' }, messages.quizReviewInvalid],
      [{ slots: [{ questionId: 'nope' }] }, messages.quizSlotQuestionUnknown],
      [
        { slots: [{ questionId: ids.single }, { questionId: ids.single }] },
        messages.quizSlotDuplicate,
      ],
      [{ slots: [{ tag: 'short', count: 2 }] }, messages.quizSlotTagTooFew('short', 1)],
      [{ sectionId: 'nope' }, messages.quizSectionInvalid],
      [{ opensAt: 'завтра' }, messages.quizDateInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await quizCall(t.app, author, 'POST', `courses/${courseId}/quizzes`, {
        sectionId,
        title: 'Тест',
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(
      (
        await quizCall(t.app, student, 'POST', `courses/${courseId}/quizzes`, {
          sectionId,
          title: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });
});
