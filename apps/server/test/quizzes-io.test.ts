import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@urok/contract';
import type { Outline, Question, QuizStatistics } from '@urok/contract/schemas';
import { bearer, databaseTargets, registerAccount, useTestApp, type Account } from './helpers.ts';
import { createCourse, enroll, registerTeacher } from './course-fixtures.ts';
import { addQuiz, answerSlot, quizCall, startAttempt, submit } from './quiz-fixtures.ts';

const GIFT = `// [tag:фізика]
::Прискорення:: Прискорення вільного падіння, м/с²? {#9.81:0.01}

::Столиця:: Столиця України — {=Київ ~Львів ~Одеса}.

Земля обертається навколо Сонця. {TRUE}

Назвіть рослину з м'ятним запахом. {=м'ята =мента}
`;

const AIKEN = `Яке число просте?
A. 4
B. 7
C. 9
ANSWER: B
`;

/** A question without what the bank adds to it. */
function body(question: Question) {
  const { _id: _i, courseId: _c, createdAt: _a, updatedAt: _u, ...rest } = question;
  return rest;
}

describe.each(databaseTargets)('question import, export and statistics on $name', (target) => {
  const t = useTestApp(target);
  let author: Account;
  let student: Account;
  let courseId: string;
  let sectionId: string;

  beforeAll(async () => {
    author = await registerTeacher(t.app, t.db);
    student = await registerAccount(t.app);
    courseId = (await createCourse(t.app, author))._id;
    await enroll(t.app, student, courseId);
    const outline = (
      await t.app.inject({ url: `/api/courses/${courseId}/outline`, headers: bearer(author.token) })
    ).json() as Outline;
    sectionId = outline.sections[0]!._id;
  });

  const list = async (course = courseId) =>
    (await quizCall(t.app, author, 'GET', `courses/${course}/questions?limit=100`)).json()
      .questions as Question[];

  it('imports GIFT and Aiken with a tag; a wrong question creates nothing and names its line', async () => {
    const wrong = await quizCall(t.app, author, 'POST', `courses/${courseId}/questions/import`, {
      format: 'gift',
      text: `${GIFT}\nЗламане питання {=так ~ні\n`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.importFailed);
    expect(wrong.json().errors).toEqual([expect.objectContaining({ line: 10 })]);
    expect(await list()).toEqual([]);

    const gift = await quizCall(t.app, author, 'POST', `courses/${courseId}/questions/import`, {
      format: 'gift',
      text: GIFT,
      tag: 'імпорт',
    });
    expect(gift.statusCode).toBe(201);
    expect(gift.json().created).toHaveLength(4);
    const aiken = await quizCall(t.app, author, 'POST', `courses/${courseId}/questions/import`, {
      format: 'aiken',
      text: AIKEN,
    });
    expect(aiken.statusCode).toBe(201);
    const questions = await list();
    expect(questions.map((q) => q.kind).sort()).toEqual(
      ['numeric', 'short', 'single', 'single', 'truefalse'].sort(),
    );
    const numeric = questions.find((q) => q.kind === 'numeric')!;
    expect(numeric).toMatchObject({ value: 9.81, tolerance: 0.01 });
    expect(numeric.tags).toContain('імпорт');
    expect(questions.find((q) => q.kind === 'short')!.accepted).toEqual(["м'ята", 'мента']);

    const empty = await quizCall(t.app, author, 'POST', `courses/${courseId}/questions/import`, {
      format: 'gift',
      text: '// лише коментар\n',
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (
        await quizCall(t.app, author, 'POST', `courses/${courseId}/questions/import`, {
          format: 'xml',
          text: 'x',
        })
      ).json().message,
    ).toBe(messages.importFormatInvalid);
    expect(
      (
        await quizCall(t.app, student, 'POST', `courses/${courseId}/questions/import`, {
          format: 'gift',
          text: GIFT,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('exports GIFT that imports back to the same questions', async () => {
    const exported = await quizCall(
      t.app,
      author,
      'GET',
      `courses/${courseId}/questions/export?format=gift`,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/plain; charset=utf-8');
    const other = (await createCourse(t.app, author))._id;
    const back = await quizCall(t.app, author, 'POST', `courses/${other}/questions/import`, {
      format: 'gift',
      text: exported.body,
    });
    expect(back.statusCode, back.body).toBe(201);
    const byKind = (questions: Question[]) =>
      questions.map(body).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(byKind(await list(other))).toEqual(byKind(await list()));
    const tagged = await quizCall(
      t.app,
      author,
      'GET',
      `courses/${courseId}/questions/export?tag=${encodeURIComponent('імпорт')}`,
    );
    expect(tagged.body).not.toContain('Яке число просте');
    expect(
      (await quizCall(t.app, student, 'GET', `courses/${courseId}/questions/export`)).statusCode,
    ).toBe(403);
  });

  it('gives the author statistics of the submitted attempts', async () => {
    const questions = await list();
    const tf = questions.find((q) => q.kind === 'truefalse')!;
    const capital = questions.find((q) => q.kind === 'single' && q.tags.includes('імпорт'))!;
    const quiz = await addQuiz(t.app, author, courseId, {
      sectionId,
      title: 'Статистика',
      published: true,
      attemptsAllowed: 5,
      shuffleOptions: false,
      slots: [{ questionId: tf._id }, { questionId: capital._id }],
    });
    const right = (capital.correct as string[])[0]!;
    const wrong = capital.options!.find((o) => o.id !== right)!.id;
    // Scores 2, 1, 0 (both right, one right, none).
    for (const [value, option] of [
      [true, right],
      [true, wrong],
      [false, wrong],
    ] as const) {
      const attempt = await startAttempt(t.app, student, quiz._id);
      await answerSlot(t.app, student, attempt._id, 1, { value });
      await answerSlot(t.app, student, attempt._id, 2, { optionId: option });
      await submit(t.app, student, attempt._id);
    }
    const response = await quizCall(t.app, author, 'GET', `quizzes/${quiz._id}/statistics`);
    expect(response.statusCode).toBe(200);
    const stats = response.json() as QuizStatistics;
    expect(stats).toMatchObject({ attempts: 3, maxPoints: 2, mean: 1, median: 1, stdev: 1 });
    expect(stats.questions.map((q) => [q.questionId, q.facility])).toEqual([
      [tf._id, expect.closeTo(2 / 3, 2)],
      [capital._id, expect.closeTo(1 / 3, 2)],
    ]);
    expect(stats.questions[0]!.answers).toEqual(
      expect.arrayContaining([
        { answer: 'Правда', count: 2 },
        { answer: 'Неправда', count: 1 },
      ]),
    );
    expect(
      (await quizCall(t.app, student, 'GET', `quizzes/${quiz._id}/statistics`)).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/quizzes/${quiz._id}/statistics` })).statusCode).toBe(
      401,
    );
  });
});
