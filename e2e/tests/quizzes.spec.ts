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
 * Quizzes: a teacher builds a timed quiz from the bank in the outline and
 * publishes it; a student takes it, reloads mid-attempt and finds every
 * answer, loses the network for a moment and loses nothing, submits and
 * sees the score; the teacher grades the essay from the attempt. axe on
 * every quiz page.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;
const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function addQuestions(
  request: APIRequestContext,
  headers: Record<string, string>,
  courseId: string,
) {
  for (const question of [
    {
      kind: 'single',
      text: doc('Столиця України?'),
      options: [
        { id: 'a', text: 'Київ' },
        { id: 'b', text: 'Львів' },
      ],
      correct: ['a'],
      tags: ['географія'],
    },
    { kind: 'numeric', text: doc('Скільки буде 2,5 + 2,5?'), value: 5, tolerance: 0, points: 2 },
    { kind: 'essay', text: doc('Опишіть дослід з содою.'), points: 3 },
  ]) {
    const created = await request.post(`/api/courses/${courseId}/questions`, {
      headers,
      data: question,
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}

test('a teacher builds a timed quiz; a student takes it through a reload and a dropped connection; the teacher grades the essay', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Хімія і фізика ${Date.now()}`,
    description: 'Тести для 9 класу.',
    category: 'Фізика',
  });
  await addQuestions(request, session.headers, course._id);
  const coursePath = `/mycourse-details/${course._id}`;
  const teacherContext = await signedInContext(browser, request, baseURL!, teacher);
  const teacherPage = await teacherContext.newPage();
  const teacherErrors = consoleErrors(teacherPage);
  let quizUrl = '';

  await test.step('the teacher adds a quiz to a section, sets it up and publishes it', async () => {
    await teacherPage.goto(coursePath);
    await teacherPage
      .getByLabel(/^Назва нового тесту в розділі/)
      .first()
      .fill('Перевірка');
    await teacherPage.getByRole('button', { name: 'Додати тест' }).first().click();
    await teacherPage.getByRole('link', { name: /Перевірка/ }).click();
    await expect(teacherPage.getByRole('heading', { level: 1, name: 'Перевірка' })).toBeVisible();
    quizUrl = teacherPage.url();
    await teacherPage.getByLabel('Обмеження часу, хвилин (порожньо — без обмеження)').fill('15');
    await teacherPage
      .getByLabel('Коли студент бачить правильні відповіді')
      .selectOption('after_submit');
    for (const title of [
      'Столиця України?',
      'Скільки буде 2,5 + 2,5?',
      'Опишіть дослід з содою.',
    ]) {
      await teacherPage.getByLabel('Додати питання з банку').selectOption({ label: title });
      await teacherPage.getByRole('button', { name: 'Додати', exact: true }).click();
    }
    await teacherPage.getByLabel('Опубліковано (студенти бачать тест)').check();
    await teacherPage.getByRole('button', { name: 'Зберегти налаштування' }).click();
    await expect(teacherPage.getByText('Налаштування збережено.')).toBeVisible();
    await expectNoSeriousViolations(teacherPage, testInfo, 'quiz page (author)');
    await teacherPage.goto(`${coursePath}/questions`);
    await waitForSettledPage(teacherPage);
    await expect(teacherPage.getByTestId('question-list').getByRole('listitem')).toHaveCount(3);
    await expectNoSeriousViolations(teacherPage, testInfo, 'question bank');
  });

  const student = await createStudent(request, 'Марія Учениця');
  const studentSession = await apiSession(request, student);
  expect(
    (
      await request.post(`/api/courses/${course._id}/enroll`, { headers: studentSession.headers })
    ).status(),
  ).toBe(200);
  const studentContext = await signedInContext(browser, request, baseURL!, student);
  const studentPage = await studentContext.newPage();
  const studentErrors = consoleErrors(studentPage);

  await test.step('the student starts, answers, reloads and finds every answer', async () => {
    await studentPage.goto(new URL(quizUrl).pathname);
    await expect(studentPage.getByText('Час на спробу: 15 хв')).toBeVisible();
    await expectNoSeriousViolations(studentPage, testInfo, 'quiz page (student)');
    await studentPage.getByRole('button', { name: 'Почати спробу' }).click();
    await expect(studentPage.getByRole('timer')).toContainText('Залишилось: 1');
    await studentPage.getByRole('button', { name: 'Усі питання на одній сторінці' }).click();
    await studentPage.getByRole('radio', { name: 'Київ' }).check();
    await expect(studentPage.getByTestId('answer-save-state')).toHaveText('Збережено');
    await studentPage.getByLabel('Ваша відповідь').first().fill('5');
    await expect(studentPage.getByTestId('answer-save-state')).toHaveText('Збережено');
    await expectNoSeriousViolations(studentPage, testInfo, 'taking an attempt');
    await studentPage.reload();
    await studentPage.getByRole('button', { name: 'Усі питання на одній сторінці' }).click();
    await expect(studentPage.getByRole('radio', { name: 'Київ' })).toBeChecked();
    await expect(studentPage.getByLabel('Ваша відповідь').first()).toHaveValue('5');
  });

  await test.step('the connection drops while the student writes the essay; nothing is lost', async () => {
    await studentContext.setOffline(true);
    await studentPage.getByLabel('Ваша відповідь').nth(1).fill('Сода шипить в оцті.');
    await expect(studentPage.getByTestId('answer-save-state')).toHaveText(
      'Не збережено — повторюємо',
    );
    await studentContext.setOffline(false);
    await expect(studentPage.getByTestId('answer-save-state')).toHaveText('Збережено', {
      timeout: 20_000,
    });
    await studentPage.reload();
    await studentPage.getByRole('button', { name: 'Усі питання на одній сторінці' }).click();
    await expect(studentPage.getByLabel('Ваша відповідь').nth(1)).toHaveValue(
      'Сода шипить в оцті.',
    );
  });

  await test.step('the student finishes and sees the score', async () => {
    await studentPage.getByRole('button', { name: 'Завершити спробу' }).click();
    await expect(studentPage.getByRole('alertdialog')).toContainText(
      'Ви відповіли на всі питання.',
    );
    await studentPage.getByRole('button', { name: 'Так, завершити' }).click();
    await expect(studentPage.getByTestId('attempt-score')).toHaveText('Бали: 3 з 6');
    await expect(
      studentPage.getByText('Есе ще перевіряє викладач: бал може зрости.'),
    ).toBeVisible();
    await expectNoSeriousViolations(studentPage, testInfo, 'reviewing an attempt');
  });

  await test.step('the teacher grades the essay from the attempt', async () => {
    await teacherPage.goto(new URL(quizUrl).pathname);
    await teacherPage.getByRole('link', { name: 'Марія Учениця' }).click();
    await expect(teacherPage.getByTestId('attempt-score')).toHaveText('Бали: 3 з 6');
    await teacherPage.getByLabel('Бали (0–3)').fill('2,5');
    await teacherPage
      .getByLabel('Коментар (необов’язково)')
      .last()
      .fill('Добре, але без висновку.');
    await teacherPage.getByRole('button', { name: 'Оцінити' }).last().click();
    await expect(teacherPage.getByText('Оцінку збережено.')).toBeVisible();
    await expect(teacherPage.getByTestId('attempt-score')).toHaveText('Бали: 5,5 з 6');
    await expectNoSeriousViolations(teacherPage, testInfo, 'grading an attempt');
  });
  expect(teacherErrors).toEqual([]);
  expect(studentErrors).toEqual([]);
  await teacherContext.close();
  await studentContext.close();
});
