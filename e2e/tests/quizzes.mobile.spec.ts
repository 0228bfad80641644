import type { Page } from '@playwright/test';
import {
  apiSession,
  expectNoSeriousViolations,
  expectNoSideScroll,
  waitForSettledPage,
} from '../a11y.ts';
import {
  createCourseThroughApi,
  createStudent,
  DEMO_ACCOUNTS,
  expect,
  signedInContext,
  test,
} from '../fixtures.ts';

/**
 * A student takes a timed quiz on a 390×844 phone: the navigator, every kind
 * of question answered with touch-sized controls, the countdown (and its
 * announcement at 5 minutes), 'Завершити спробу' with its confirmation; the
 * page never scrolls sideways and axe finds nothing serious.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;
const PHONE = { width: 390, height: 844 };
const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** One question of every kind, in the order the quiz asks them. */
const QUESTIONS = [
  {
    kind: 'single',
    text: doc('Столиця України?'),
    options: [
      { id: 'a', text: 'Київ' },
      { id: 'b', text: 'Львів' },
    ],
    correct: ['a'],
  },
  {
    kind: 'multiple',
    text: doc('Які числа прості?'),
    options: [
      { id: 'a', text: '2' },
      { id: 'b', text: '3' },
      { id: 'c', text: '4' },
    ],
    correct: ['a', 'b'],
  },
  { kind: 'truefalse', text: doc('Дніпро впадає в Чорне море.'), correct: true },
  { kind: 'short', text: doc('Рослина з запахом ментолу?'), accepted: ["м'ята"] },
  { kind: 'numeric', text: doc('Скільки буде 1,5 × 2?'), value: 3, tolerance: 0 },
  {
    kind: 'matching',
    text: doc('Країна і її столиця'),
    pairs: [
      { left: 'Україна', right: 'Київ' },
      { left: 'Польща', right: 'Варшава' },
    ],
  },
  {
    kind: 'ordering',
    text: doc('Від найменшого до найбільшого'),
    items: ['один', 'два', 'три'],
  },
  { kind: 'essay', text: doc('Опишіть осінь у трьох реченнях.'), points: 2 },
];

async function saved(page: Page) {
  await expect(page.getByTestId('answer-save-state')).toHaveText('Збережено', { timeout: 15_000 });
}

test('a student takes a timed quiz of every kind on a phone', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Усе потроху ${Date.now()}`,
    description: 'Тест з усіма видами питань.',
    category: 'Загальне',
  });
  const outline = await (
    await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
  ).json();
  const slots: { questionId: string }[] = [];
  for (const question of QUESTIONS) {
    const created = await request.post(`/api/courses/${course._id}/questions`, {
      headers: session.headers,
      data: question,
    });
    expect(created.status(), await created.text()).toBe(201);
    slots.push({ questionId: (await created.json()).question._id });
  }
  const quiz = await request.post(`/api/courses/${course._id}/quizzes`, {
    headers: session.headers,
    data: {
      sectionId: outline.sections[0]._id,
      title: 'Усі види питань',
      published: true,
      timeLimitMinutes: 5,
      review: 'after_submit',
      slots,
    },
  });
  expect(quiz.status(), await quiz.text()).toBe(201);
  const quizId = (await quiz.json()).quiz._id as string;
  const student = await createStudent(request, 'Соломія Телефонна');
  const studentSession = await apiSession(request, student);
  await request.post(`/api/courses/${course._id}/enroll`, { headers: studentSession.headers });

  const context = await signedInContext(browser, request, baseURL!, student, {
    ...testInfo.project.use,
    viewport: PHONE,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/mycourse-details/${course._id}/quizzes/${quizId}`);
  await page.getByRole('button', { name: 'Почати спробу' }).click({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Спроба: Усі види питань', {
    timeout: 30_000,
  });
  await waitForSettledPage(page);

  await test.step('the countdown runs and is announced at 5 minutes', async () => {
    await expect(page.getByRole('timer')).toHaveText(/^Залишилось: 0[45]:\d\d$/);
    await expect(page.getByTestId('countdown-announce')).toHaveText('Залишилось 5 хвилин.');
  });

  const navigator = page.getByRole('navigation', { name: 'Питання спроби' });
  const question = (slot: number) => page.locator(`#question-${slot}`);
  await expect(navigator.getByRole('listitem')).toHaveCount(8);
  await expect(navigator.getByRole('button', { name: 'Питання 1, без відповіді' })).toBeVisible();
  await expectNoSideScroll(page, 'attempt, first question');
  await expectNoSeriousViolations(page, testInfo, 'attempt at 390×844');
  await page.screenshot({ path: testInfo.outputPath('attempt-390x844.png'), fullPage: true });

  await test.step('each kind answered, one question at a time', async () => {
    await question(1).getByRole('radio', { name: 'Київ' }).check();
    await saved(page);
    await expect(navigator.getByRole('button', { name: 'Питання 1, є відповідь' })).toBeVisible();

    await page.getByRole('button', { name: 'Наступне →' }).click();
    await expect(question(2)).toContainText('Питання 2 з 8');
    await question(2).getByRole('checkbox', { name: '2', exact: true }).check();
    await question(2).getByRole('checkbox', { name: '3', exact: true }).check();
    await saved(page);

    await page.getByRole('button', { name: 'Наступне →' }).click();
    await question(3).getByRole('radio', { name: 'Правда', exact: true }).check();
    await saved(page);

    // The navigator jumps straight to a question.
    await navigator.getByRole('button', { name: 'Питання 4, без відповіді' }).click();
    await question(4).getByLabel('Ваша відповідь').fill('М’ята');
    await saved(page);

    await page.getByRole('button', { name: 'Наступне →' }).click();
    await question(5).getByLabel('Ваша відповідь').fill('3,0');
    await saved(page);

    await page.getByRole('button', { name: 'Наступне →' }).click();
    await question(6).getByLabel('Відповідність для «Україна»').selectOption('Київ');
    await question(6).getByLabel('Відповідність для «Польща»').selectOption('Варшава');
    await saved(page);

    await page.getByRole('button', { name: 'Наступне →' }).click();
    const items = question(7).getByRole('listitem');
    // Shuffled at the start: each item moved up to its place with the ↑ buttons.
    for (const [place, item] of ['один', 'два', 'три'].entries()) {
      for (;;) {
        const texts = await items.evaluateAll((nodes) =>
          nodes.map((node) => node.querySelector('span.grow')!.textContent),
        );
        if (texts.indexOf(item) <= place) break;
        await question(7)
          .getByRole('button', { name: `«${item}» вище` })
          .click();
      }
    }
    await expect(items).toContainText(['один', 'два', 'три']);
    await saved(page);
    await expectNoSideScroll(page, 'attempt, ordering question');
  });

  await test.step('finishing names the unanswered question, then scores the attempt', async () => {
    await page.getByRole('button', { name: 'Завершити спробу' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Без відповіді: питання 8.');
    await expectNoSideScroll(page, 'finish confirmation');
    await dialog.getByRole('button', { name: 'Повернутися до питань' }).click();
    await navigator.getByRole('button', { name: 'Питання 8, без відповіді' }).click();
    await question(8)
      .getByLabel('Ваша відповідь')
      .fill('Падає листя. Дні коротшають. Пахне дощем.');
    await saved(page);
    await expect(navigator.getByRole('button', { name: /, без відповіді$/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Завершити спробу' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Ви відповіли на всі питання.');
    await page.getByRole('button', { name: 'Так, завершити' }).click();
    // Seven objective questions right (1 point each); the essay waits for the teacher.
    await expect(page.getByTestId('attempt-score')).toHaveText('Бали: 7 з 9');
    await expect(page.getByText('Есе ще перевіряє викладач: бал може зрости.')).toBeVisible();
    await expectNoSideScroll(page, 'attempt review');
    await expectNoSeriousViolations(page, testInfo, 'attempt review at 390×844');
  });
  expect(errors).toEqual([]);
  await context.close();
});
