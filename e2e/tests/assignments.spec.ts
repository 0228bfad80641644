import fs from 'node:fs';
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
 * Assignments and the gradebook: a teacher adds two assignments, a student
 * submits to both (one after its due date), the teacher grades from the
 * gradebook and regrades one with a reason, the student sees the points, the
 * history and the comment thread, and the gradebook's CSV downloads. Every
 * new page is scanned by axe.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

/** A value for a datetime-local field, `days` from now (negative: in the past). */
function localDateTime(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The assignment page (with the submission's anchor), not its grading page (`…/grade?student=`). */
const ASSIGNMENT_PAGE = /\/assignments\/[\w-]+(?:#[\w-]*)?$/;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

test('two assignments, a late submission, grading from the gradebook, a regrade the student sees', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Українська література ${Date.now()}`,
    description: 'Читаємо й обговорюємо класику та сучасних авторів.',
    category: 'Література',
    homeworkTask: 'Прочитайте перший розділ.',
  });
  const coursePath = `/mycourse-details/${course._id}`;

  const student = await createStudent(request, `Оксана Літературна ${Date.now() % 10000}`);
  const studentSession = await apiSession(request, student);
  expect(
    (
      await request.post(`/api/courses/${course._id}/enroll`, { headers: studentSession.headers })
    ).status(),
  ).toBe(200);

  const teacherPage = await (await signedInContext(browser, request, baseURL!, teacher)).newPage();
  const studentPage = await (await signedInContext(browser, request, baseURL!, student)).newPage();

  const essay = 'Есе: образ осені в поезії';
  const lab = 'Аналіз вірша «Садок вишневий»';

  await test.step('the teacher adds two assignments, one already past its due date', async () => {
    await teacherPage.goto(`${coursePath}/assignments`);
    const add = teacherPage.getByRole('form', { name: 'Нове завдання' });
    for (const [title, days, maxPoints] of [
      [essay, 7, '12'],
      [lab, -1, '10'],
    ] as const) {
      await add.getByLabel('Назва завдання').fill(title);
      await add.getByLabel('Умова').fill(`Умова завдання «${title}».\n\nОбсяг — одна сторінка.`);
      await add.getByLabel('Термін здачі').fill(localDateTime(days));
      await add.getByLabel('Максимум балів').fill(maxPoints);
      await add.getByLabel('Опубліковано (студенти бачать завдання)').check();
      await add.getByRole('button', { name: 'Додати завдання' }).click();
      await expect(teacherPage.getByText(`Завдання «${title}» додано.`)).toBeVisible();
    }
    await expect(teacherPage.getByRole('link', { name: essay })).toBeVisible();
    await expect(teacherPage.getByRole('link', { name: lab })).toBeVisible();
  });

  await test.step('the student submits to both; the one past its due date is late', async () => {
    await studentPage.goto(coursePath);
    await studentPage
      .getByRole('region', { name: 'Завдання', exact: true })
      .getByRole('link', { name: essay })
      .click();
    await expect(studentPage.getByRole('heading', { level: 1, name: essay })).toBeVisible();
    await expect(studentPage.getByText(`Умова завдання «${essay}».`)).toBeVisible();
    await waitForSettledPage(studentPage);
    await expectNoSeriousViolations(studentPage, testInfo, 'assignment page (student)');
    await studentPage.getByLabel('Файл домашнього завдання').setInputFiles({
      name: 'Есе.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await studentPage.getByRole('button', { name: 'Надіслати роботу' }).click();
    await expect(studentPage.getByText('Домашнє завдання завантажено.')).toBeVisible();
    const mine = studentPage.getByRole('region', { name: 'Ваші роботи' });
    await expect(mine.getByText('Есе.pdf').first()).toBeVisible();

    await studentPage.goto(coursePath);
    await studentPage
      .getByRole('region', { name: 'Завдання', exact: true })
      .getByRole('link', { name: lab })
      .click();
    await studentPage.getByLabel('Файл домашнього завдання').setInputFiles({
      name: 'Аналіз.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Вишневий садок — символ родинного затишку.\n'),
    });
    await studentPage.getByRole('button', { name: 'Надіслати роботу' }).click();
    await expect(studentPage.getByText('Домашнє завдання завантажено.')).toBeVisible();
    const labWork = studentPage.getByRole('region', { name: 'Ваші роботи' });
    await expect(labWork.getByText('Аналіз.txt').first()).toBeVisible();
    await expect(labWork.getByText('Із запізненням')).toBeVisible();
    // Each assignment page lists only its own submissions.
    await expect(labWork.getByText('Есе.pdf')).toHaveCount(0);
  });

  const gradebookRow = () =>
    teacherPage
      .getByRole('region', { name: 'Таблиця оцінок (прокручується)' })
      .getByRole('row', { name: new RegExp(student.username) });

  await test.step('the teacher grades both from the gradebook', async () => {
    await teacherPage.goto(coursePath);
    await teacherPage.getByRole('link', { name: 'Журнал оцінок' }).first().click();
    await expect(
      teacherPage.getByRole('heading', { level: 2, name: 'Журнал оцінок' }),
    ).toBeVisible();
    await expect(gradebookRow()).toBeVisible();
    await expect(gradebookRow().getByText('здано', { exact: true })).toBeVisible();
    await expect(gradebookRow().getByText('із запізненням', { exact: true })).toBeVisible();
    await waitForSettledPage(teacherPage);
    await expectNoSeriousViolations(teacherPage, testInfo, 'gradebook');

    // A cell opens the grading page at that student (grading.spec.ts); this journey grades on the
    // assignment page's list, one step back from it.
    await gradebookRow().getByRole('link', { name: 'здано' }).click();
    await expect(teacherPage).toHaveURL(/\/assignments\/[\w-]+\/grade\?student=/);
    await teacherPage.getByRole('link', { name: 'До завдання' }).click();
    // The grading page has a form of the same name: fill the assignment page's, once it is there.
    await expect(teacherPage).toHaveURL(ASSIGNMENT_PAGE);
    const essayForm = teacherPage.getByRole('form', { name: 'Оцінити Есе.pdf' });
    await essayForm.getByLabel('Оцінка').fill('13');
    await essayForm.getByRole('button', { name: 'Оцінити' }).click();
    await expect(essayForm.getByText('Оцінка — число від 0 до 12').first()).toBeVisible();
    await essayForm.getByLabel('Оцінка').fill('10,5');
    await essayForm.getByLabel('Відгук').fill('Глибоко й образно.');
    await essayForm.getByRole('button', { name: 'Оцінити' }).click();
    await expect(teacherPage.getByText('Оцінка: 10,5 / 12', { exact: true })).toBeVisible();
    await waitForSettledPage(teacherPage);
    await expectNoSeriousViolations(teacherPage, testInfo, 'assignment page (author)');

    await teacherPage.goBack({ waitUntil: 'commit' });
    await teacherPage.goBack({ waitUntil: 'commit' });
    await expect(gradebookRow().getByText('10,5 / 12')).toBeVisible();
    await gradebookRow().getByRole('link', { name: 'із запізненням' }).click();
    await teacherPage.getByRole('link', { name: 'До завдання' }).click();
    await expect(teacherPage).toHaveURL(ASSIGNMENT_PAGE);
    const labForm = teacherPage.getByRole('form', { name: 'Оцінити Аналіз.txt' });
    await labForm.getByLabel('Оцінка').fill('6');
    await labForm.getByRole('button', { name: 'Оцінити' }).click();
    await expect(teacherPage.getByText('Оцінка: 6 / 10', { exact: true })).toBeVisible();
  });

  await test.step('the teacher regrades the late one with a reason and comments on it', async () => {
    await teacherPage.getByRole('button', { name: 'Переоцінити' }).click();
    const regrade = teacherPage.getByRole('form', { name: 'Переоцінка роботи Аналіз.txt' });
    await regrade.getByLabel('Оцінка').fill('8');
    await regrade.getByLabel('Відгук').fill('Після розмови: аргументи переконливі.');
    await regrade.getByLabel('Причина зміни оцінки').fill('Студентка пояснила свою думку усно');
    await regrade.getByRole('button', { name: 'Змінити оцінку' }).click();
    await expect(teacherPage.getByText('Оцінка: 8 / 10', { exact: true })).toBeVisible();
    await expect(teacherPage.getByText(/причина зміни: Студентка пояснила/)).toBeVisible();

    await teacherPage.getByText('Коментарі', { exact: true }).click();
    await teacherPage.getByLabel('Ваш коментар').fill('Наступного разу здавайте вчасно.');
    await teacherPage.getByRole('button', { name: 'Надіслати' }).click();
    // The sent comment joins the thread and the field empties in two renders: for a moment the
    // text is in both, where a bare getByText finds two matches (it failed a whole run so).
    await expect(
      teacherPage
        .getByRole('list', { name: 'Коментарі' })
        .getByText('Наступного разу здавайте вчасно.'),
    ).toBeVisible();
    await expect(teacherPage.getByLabel('Ваш коментар')).toHaveValue('');

    await teacherPage.goBack({ waitUntil: 'commit' });
    await teacherPage.goBack({ waitUntil: 'commit' });
    await expect(gradebookRow().getByText('8 / 10')).toBeVisible();
    // (10.5 + 8) of (12 + 10): the default assignment is not graded, so it does not count.
    await expect(gradebookRow().getByText('84,1%')).toBeVisible();
  });

  await test.step('the gradebook downloads as CSV, every cell quoted', async () => {
    const [csv] = await Promise.all([
      teacherPage.waitForEvent('download'),
      teacherPage.getByRole('button', { name: 'Завантажити журнал (CSV)' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync(await csv.path(), 'utf8');
    const row = text.split(/\r?\n/).find((line) => line.includes(student.username));
    expect(row).toBeDefined();
    expect(row).toMatch(/^"[^"]*"(,"[^"]*")+$/);
    // Decimal commas, as a Ukrainian spreadsheet reads them; the default assignment is missing.
    expect(row).toBe(`"${student.username}","не здано","10,5","8","84,1"`);
  });

  await test.step('the student sees points, the history and the thread, and answers', async () => {
    await studentPage.goto('/grades');
    await expect(studentPage.getByRole('heading', { level: 1, name: 'Мої оцінки' })).toBeVisible();
    const section = studentPage.getByRole('region', { name: course.title });
    await expect(section.getByText('10,5 / 12')).toBeVisible();
    await expect(section.getByText('8 / 10')).toBeVisible();
    await expect(section.getByText('Глибоко й образно.')).toBeVisible();
    await expect(section.getByText('Разом: 84,1%')).toBeVisible();
    await waitForSettledPage(studentPage);
    await expectNoSeriousViolations(studentPage, testInfo, "'Мої оцінки'");

    await section.getByRole('link', { name: lab }).click();
    const mine = studentPage.getByRole('region', { name: 'Ваші роботи' });
    await expect(mine.getByText('Оцінка: 8 / 10', { exact: true })).toBeVisible();
    await expect(mine.getByText('Історія оцінок')).toBeVisible();
    await expect(
      mine.getByText(/^6 \/ 10 \(.*\) — причина зміни: Студентка пояснила свою думку усно$/),
    ).toBeVisible();
    await mine.getByText('Коментарі', { exact: true }).click();
    await expect(mine.getByText('Наступного разу здавайте вчасно.')).toBeVisible();
    await mine.getByLabel('Ваш коментар').fill('Дякую, врахую.');
    await mine.getByRole('button', { name: 'Надіслати' }).click();
    await expect(
      mine.getByRole('list', { name: 'Коментарі' }).getByText('Дякую, врахую.'),
    ).toBeVisible();
    await expect(mine.getByLabel('Ваш коментар')).toHaveValue('');
  });
});
