import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSession, expectNoSeriousViolations, waitForSettledPage } from '../a11y.ts';
import {
  createCourseThroughApi,
  createStudent,
  DEMO_ACCOUNTS,
  expect,
  signedInContext,
  test,
} from '../fixtures.ts';

/**
 * The question bank and what a quiz gives back: a teacher pastes a GIFT
 * bank with a wrong question and is told its line while nothing is created,
 * fixes it and imports, exports the bank as GIFT; after the class's attempts
 * the quiz page shows each question's facility and discrimination, and the
 * gradebook shows the quiz as a column ('4 / 4', in progress, …) whose cells
 * open the attempts, and its CSV carries the column.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

const BANK = `// Фізика, 9 клас: механіка
::Одиниця:: Одиниця прискорення в СІ? {=м/с² ~м/с ~Н}

::Падіння:: Прискорення вільного падіння, м/с²? {#9.8:0.1}

::Сила тяжіння:: Скільки ньютонів на кілограм біля Землі? {=}

::Куля:: Земля має форму кулі. {T}
`;
const FIXED = BANK.replace('{=}', '{=9,8 Н/кг =9.8 Н/кг}');

/** After a full page load, which a busy machine may take long over: the page settled. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await waitForSettledPage(page);
}

interface AttemptQuestion {
  slot: number;
  kind: string;
  options?: { id: string; text: string }[];
}

/** The student starts the quiz, answers each kind as `right` says, and submits unless told not to. */
async function takeQuiz(
  request: APIRequestContext,
  headers: Record<string, string>,
  quizId: string,
  right: Record<string, boolean>,
  submit = true,
) {
  const started = await request.post(`/api/quizzes/${quizId}/attempts`, { headers });
  expect(started.status(), await started.text()).toBe(201);
  const attempt = (await started.json()).attempt as { _id: string; questions: AttemptQuestion[] };
  for (const question of attempt.questions) {
    const ok = right[question.kind]!;
    const answer =
      question.kind === 'single'
        ? { optionId: question.options!.find((o) => (o.text === 'м/с²') === ok)!.id }
        : question.kind === 'numeric'
          ? { value: ok ? 9.81 : 10.5 }
          : question.kind === 'short'
            ? { text: ok ? ' 9,8  н/кг ' : '10 Н/кг' }
            : { value: ok };
    const saved = await request.put(`/api/attempts/${attempt._id}/answers/${question.slot}`, {
      headers,
      data: { answer },
    });
    expect(saved.status(), await saved.text()).toBe(204);
  }
  if (submit) {
    const done = await request.post(`/api/attempts/${attempt._id}/submit`, { headers });
    expect(done.status(), await done.text()).toBe(200);
  }
  return attempt._id;
}

test('a teacher imports a GIFT bank (a wrong question refused by line), exports it, and reads the statistics and the gradebook after the class’s attempts', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Механіка ${Date.now()}`,
    description: 'Банк питань з фізики.',
    category: 'Фізика',
  });
  const coursePath = `/mycourse-details/${course._id}`;
  const context = await signedInContext(browser, request, baseURL!, teacher);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await test.step('a bank with a wrong question: its line is named and nothing is created', async () => {
    await page.goto(`${coursePath}/questions`);
    // A busy machine may take a while to load the quiz area the first time.
    await expect(
      page.getByText(
        'У банку ще немає питань. Створіть питання або імпортуйте їх з GIFT чи Aiken.',
      ),
    ).toBeVisible({ timeout: 30_000 });
    await page.getByText('Імпорт питань').click();
    await page.getByLabel('Текст питань').fill(BANK);
    await page.getByRole('button', { name: 'Імпортувати' }).click();
    await expect(page.getByTestId('import-errors')).toHaveText('Рядок 6: Порожня відповідь.');
    await expectNoSeriousViolations(page, testInfo, 'question bank with import errors');
    await expect(
      page.getByText(
        'У банку ще немає питань. Створіть питання або імпортуйте їх з GIFT чи Aiken.',
      ),
    ).toBeVisible();
    const listed = await request.get(`/api/courses/${course._id}/questions`, {
      headers: session.headers,
    });
    expect((await listed.json()).questions).toEqual([]);
  });

  await test.step('fixed, the bank imports; exported, it is GIFT of the same questions', async () => {
    await page.getByLabel('Текст питань').fill(FIXED);
    await page.getByRole('button', { name: 'Імпортувати' }).click();
    await expect(page.getByText('Імпортовано питань: 4.')).toBeVisible();
    await expect(page.getByTestId('import-errors')).toHaveCount(0);
    await expect(page.getByTestId('question-list').getByRole('listitem')).toHaveCount(4);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Експорт у GIFT' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('questions.gift.txt');
    const gift = await readFile((await download.path())!, 'utf8');
    for (const line of [
      'Одиниця прискорення в СІ?{',
      '\t=м/с²',
      '\t~м/с',
      'Прискорення вільного падіння, м/с²?{#9.8:0.1}',
      'Скільки ньютонів на кілограм біля Землі?{',
      '\t=9,8 Н/кг',
      'Земля має форму кулі.{TRUE}',
    ])
      expect(gift).toContain(line);
  });

  // A quiz of the four questions, and a class that takes it.
  const outline = await (
    await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
  ).json();
  const questions = (
    await (
      await request.get(`/api/courses/${course._id}/questions`, { headers: session.headers })
    ).json()
  ).questions as { _id: string; kind: string }[];
  const order = ['single', 'numeric', 'short', 'truefalse'];
  const created = await request.post(`/api/courses/${course._id}/quizzes`, {
    headers: session.headers,
    data: {
      sectionId: outline.sections[0]._id,
      title: 'Механіка: перевірка',
      published: true,
      slots: order.map((kind) => ({ questionId: questions.find((q) => q.kind === kind)!._id })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quizId = (await created.json()).quiz._id as string;
  const attempts: Record<string, string> = {};
  for (const [name, right, submit] of [
    ['Анна Бондар', { single: true, numeric: true, short: true, truefalse: true }, true],
    ['Богдан Гнатюк', { single: true, numeric: true, short: false, truefalse: false }, true],
    ['Віра Дорош', { single: false, numeric: false, short: false, truefalse: true }, true],
    ['Гліб Єрмак', { single: true, numeric: true, short: true, truefalse: true }, false],
  ] as const) {
    const student = await apiSession(request, await createStudent(request, name));
    const enrolled = await request.post(`/api/courses/${course._id}/enroll`, {
      headers: student.headers,
    });
    expect(enrolled.status()).toBe(200);
    attempts[name] = await takeQuiz(request, student.headers, quizId, right, submit);
  }

  await test.step('the quiz page shows each question’s facility and discrimination', async () => {
    await page.goto(`${coursePath}/quizzes/${quizId}`);
    await settled(page);
    const stats = page.getByRole('region', { name: 'Статистика' });
    await expect(stats.getByRole('columnheader')).toHaveText([
      'Питання',
      'Легкість',
      'Розрізнення',
      'Відповіді',
    ]);
    const row = (title: string) => stats.getByRole('row').filter({ hasText: title });
    // Scores 4, 2 and 1 of 4: worked out by hand (Pearson's r against the rest of the attempt).
    await expect(row('Одиниця прискорення в СІ?').getByRole('cell')).toHaveText([
      '0,67',
      '0,5',
      /м\/с²: 2/,
    ]);
    await expect(row('Скільки ньютонів на кілограм').getByRole('cell')).toHaveText([
      '0,33',
      '0,87',
      /.+/,
    ]);
    await expect(page.getByText('Завершених спроб')).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'quiz page with statistics');
  });

  await test.step('the gradebook shows the quiz as a column; a cell opens the attempt', async () => {
    await page.goto(`${coursePath}/gradebook`);
    await settled(page);
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: /Механіка: перевірка/ })).toContainText(
      'Тест · Максимум 4 балів',
    );
    const cellOf = (name: string) =>
      table
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name }) })
        .getByRole('cell')
        .nth(-2);
    await expect(cellOf('Анна Бондар')).toHaveText('4 / 4оцінено');
    await expect(cellOf('Богдан Гнатюк')).toHaveText('2 / 4оцінено');
    await expect(cellOf('Віра Дорош')).toHaveText('1 / 4оцінено');
    await expect(cellOf('Гліб Єрмак')).toHaveText('спроба триває');
    await expectNoSeriousViolations(page, testInfo, 'gradebook with a quiz column');
    await page.screenshot({ path: testInfo.outputPath('gradebook-quiz-columns.png') });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Завантажити журнал (CSV)' }).click();
    const csv = await readFile((await (await downloading).path())!, 'utf8');
    expect(csv).toContain('"Механіка: перевірка (4)"');
    expect(csv).toMatch(/"Гліб Єрмак",.*"спроба триває"/);

    await cellOf('Богдан Гнатюк').getByRole('link').click();
    await expect(page).toHaveURL(
      new RegExp(`/quizzes/${quizId}/attempts/${attempts['Богдан Гнатюк']}$`),
    );
    await expect(page.getByTestId('attempt-score')).toHaveText('Бали: 2 з 4');
  });
  expect(errors).toEqual([]);
  await context.close();
});
