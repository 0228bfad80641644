import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiSession } from '../a11y.ts';
import {
  createCourseThroughApi,
  createStudent,
  DEMO_ACCOUNTS,
  expect,
  signIn,
  test,
} from '../fixtures.ts';

const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;
const coverPath = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/db/demo-covers/physics.jpg',
);

/** A real (tiny) PDF padded to `size` bytes, so the server's byte check accepts it. */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([
    head,
    Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20),
    tail,
  ]);
}

/** A local datetime-local value `days` from now. */
function localDateTime(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Slows this page's uploads down so the progress bar can be seen (Chromium's network emulation). */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

test('a course from creation to a graded homework', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const title = `Астрономія для допитливих ${Date.now()}`;
  const student = await createStudent(request, `Student ${Date.now() % 100000}`);
  const teacherPage = await (await browser.newContext()).newPage();
  const studentPage = await (await browser.newContext()).newPage();
  let courseUrl = '';

  await test.step('the teacher creates a course with a cover', async () => {
    await signIn(teacherPage, teacher, '/courseCreate');
    await teacherPage.getByLabel('Назва').fill(title);
    await teacherPage
      .getByLabel('Опис')
      .fill('Зорі, планети й галактики: спостереження неба для школярів.');
    await teacherPage.getByLabel('Категорія').fill('Астрономія');
    await teacherPage
      .getByLabel('Домашнє завдання')
      .fill('Опишіть три сузір’я, які видно з вашого вікна.');
    await teacherPage.getByLabel('Дедлайн').fill(localDateTime(7));
    await teacherPage.getByLabel('Обкладинка').setInputFiles(coverPath);
    await expect(
      teacherPage.getByRole('img', { name: 'Попередній перегляд обкладинки' }),
    ).toBeVisible();
    await teacherPage.getByRole('button', { name: 'Створити курс' }).click();
    await expect(teacherPage).toHaveURL(/\/mycourse-details\/[\w-]+$/);
    courseUrl = new URL(teacherPage.url()).pathname;
  });

  await test.step('the student finds it in the catalog and enrols', async () => {
    await signIn(studentPage, student, '/course-grid-page');
    const search = studentPage.getByRole('search', { name: 'Пошук курсів' });
    await search.getByRole('searchbox', { name: 'Пошук курсів' }).fill('астрономія для допитливих');
    await search.getByRole('button', { name: 'Знайти' }).click();
    await expect(studentPage).toHaveURL(/\?q=/);
    const card = studentPage.getByRole('article', { name: title });
    await expect(card.locator('img')).toHaveAttribute('src', /\/api\/files\/covers\//);
    await card.getByRole('button', { name: 'Записатися' }).click();
    await expect(card.getByText('Ви записані')).toBeVisible();
    await expect(card.getByText('Записано: 1')).toBeVisible();
    await card.getByRole('link', { name: 'Перейти до курсу' }).click();
    await expect(studentPage).toHaveURL(new RegExp(`${courseUrl}$`));
    await expect(studentPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  await test.step('the student opens the homework from the course page', async () => {
    const work = studentPage.getByRole('region', { name: 'Завдання', exact: true });
    const row = work.getByRole('listitem').filter({ hasText: 'Домашнє завдання' });
    await expect(row.getByText('не здано')).toBeVisible();
    await row.getByRole('link', { name: 'Домашнє завдання' }).click();
    await expect(studentPage).toHaveURL(new RegExp(`${courseUrl}/assignments/[\\w-]+$`));
    await expect(
      studentPage.getByText('Опишіть три сузір’я, які видно з вашого вікна.'),
    ).toBeVisible();
  });

  await test.step('the student uploads homework and sees the progress bar', async () => {
    const restore = await throttleUploads(studentPage, 256 * 1024);
    await studentPage.getByLabel('Файл домашнього завдання').setInputFiles({
      name: 'Домашнє завдання.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(900 * 1024),
    });
    await studentPage.getByLabel('Коментар').fill('Оріон, Кассіопея, Велика Ведмедиця.');
    await studentPage.getByRole('button', { name: 'Надіслати роботу' }).click();
    const progress = studentPage.getByRole('progressbar', { name: 'Надсилання файлу' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', /\d+/);
    await expect(studentPage.getByText('Домашнє завдання завантажено.')).toBeVisible({
      timeout: 20_000,
    });
    await restore();
    const yours = studentPage.getByRole('region', { name: 'Ваші роботи' });
    await expect(yours.getByText('Домашнє завдання.pdf').first()).toBeVisible();
    // Back on the course page, the submission names its assignment.
    await studentPage.getByRole('link', { name: 'До курсу' }).click();
    const mine = studentPage.getByRole('region', { name: 'Мої роботи' });
    await expect(mine.getByText('Домашнє завдання.pdf').first()).toBeVisible();
    await expect(mine.getByText('очікує оцінки')).toBeVisible();
    await expect(mine.getByRole('link', { name: 'Домашнє завдання' })).toBeVisible();
  });

  await test.step('the teacher sees the student and the file, downloads it and grades it', async () => {
    await teacherPage.goto(`${courseUrl}/students`);
    const submissions = teacherPage.getByRole('region', { name: 'Роботи студентів' });
    const row = submissions.getByRole('article', { name: student.username });
    await expect(row).toBeVisible();

    const [file] = await Promise.all([
      teacherPage.waitForEvent('download'),
      row.getByRole('button', { name: 'Завантажити файл Домашнє завдання.pdf' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('Домашнє завдання.pdf');
    expect(
      fs
        .readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const [zip] = await Promise.all([
      teacherPage.waitForEvent('download'),
      submissions.getByRole('button', { name: 'Завантажити всі роботи (ZIP)' }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const archive = fs.readFileSync(await zip.path());
    expect(archive.subarray(0, 2).toString()).toBe('PK');
    expect(archive.includes(Buffer.from(`${student.username}/Домашнє завдання.pdf`))).toBe(true);

    const grade = row.getByRole('form', { name: 'Оцінити Домашнє завдання.pdf' });
    // A grade is points on the assignment's scale (12 by default): the server's refusal shows beside the field.
    await grade.getByLabel('Оцінка').fill('11/12');
    await grade.getByLabel('Відгук').fill('Чудові спостереження!');
    await grade.getByRole('button', { name: 'Оцінити' }).click();
    await expect(grade.getByText('Оцінка — число від 0 до 12').first()).toBeVisible();
    await grade.getByLabel('Оцінка').fill('11');
    await grade.getByRole('button', { name: 'Оцінити' }).click();
    await expect(row.getByText('Оцінка: 11', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Оцінити', exact: true })).toHaveCount(0);

    const [csv] = await Promise.all([
      teacherPage.waitForEvent('download'),
      submissions.getByRole('button', { name: 'Оцінки (CSV)' }).click(),
    ]);
    const text = fs.readFileSync(await csv.path(), 'utf8');
    expect(text).toContain(student.username);
    expect(text).toContain('"11"');
  });

  await test.step('the student sees the grade and the feedback', async () => {
    await studentPage.reload();
    const mine = studentPage.getByRole('region', { name: 'Мої роботи' });
    await expect(mine.getByText('Оцінка: 11 / 12', { exact: true })).toBeVisible();
    await expect(mine.getByText('Відгук: Чудові спостереження!')).toBeVisible();
  });

  await test.step('after the deadline a resubmission is flagged late', async () => {
    await teacherPage.goto(`${courseUrl}/settings`);
    const edit = teacherPage.getByRole('region', { name: 'Редагування курсу' });
    await edit.getByLabel('Дедлайн').fill(localDateTime(-1));
    await edit.getByRole('button', { name: 'Зберегти зміни' }).click();
    await expect(edit.getByText('Зміни збережено.')).toBeVisible();

    await studentPage.reload();
    await expect(studentPage.getByText('Дедлайн минув')).toBeVisible();
    await studentPage
      .getByRole('region', { name: 'Завдання', exact: true })
      .getByRole('link', { name: 'Домашнє завдання' })
      .click();
    await studentPage.getByLabel('Файл домашнього завдання').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Доповнення: туманність Андромеди.\n'),
    });
    await studentPage.getByRole('button', { name: 'Надіслати роботу' }).click();
    await expect(studentPage.getByText('Домашнє завдання завантажено.')).toBeVisible();
    await studentPage.getByRole('link', { name: 'До курсу' }).click();
    const mine = studentPage.getByRole('region', { name: 'Мої роботи' });
    await expect(mine.getByText('Із запізненням')).toBeVisible();
    // The graded submission stays graded.
    await expect(mine.getByText('Оцінка: 11 / 12', { exact: true })).toBeVisible();
  });
});

test('a student withdraws a wrong upload before it is graded', async ({ page, request }) => {
  test.slow(); // a sign-in, an enrolment and an upload
  const student = await createStudent(request);
  // A course of its own with homework: the catalog's newest course may be another journey's.
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Хімія для 8 класу ${Date.now()}`,
    description: 'Досліди з кислотами й лугами, безпечно і вдома.',
    category: 'Хімія',
    homeworkTask: 'Опишіть дослід з содою й оцтом.',
  });
  await signIn(page, student, `/mycourse-details/${course._id}`);
  await page.getByRole('button', { name: 'Записатися' }).click();
  // The course's homework is handed in on its assignment's page.
  // The enrolled student's part of the page comes first.
  const work = page.getByRole('region', { name: 'Завдання', exact: true });
  await expect(work).toBeVisible();
  await work.getByRole('link', { name: 'Домашнє завдання' }).click();
  await page.getByLabel('Файл домашнього завдання').setInputFiles({
    name: 'не той файл.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(2048),
  });
  await page.getByRole('button', { name: 'Надіслати роботу' }).click();
  await expect(page.getByText('Домашнє завдання завантажено.')).toBeVisible();
  const mine = page.getByRole('region', { name: 'Ваші роботи' });
  await expect(mine.getByRole('listitem')).toHaveCount(1);

  await mine.getByRole('button', { name: 'Видалити роботу не той файл.pdf' }).click();
  await expect(
    mine.getByText('Видалити роботу «не той файл.pdf»? Файл буде видалено назавжди.'),
  ).toBeVisible();
  await mine.getByRole('button', { name: 'Так, видалити' }).click();
  await expect(mine.getByText('Ви ще не надсилали робіт.')).toBeVisible();
  // Gone on the server too.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Ваші роботи' }).getByText('Ви ще не надсилали робіт.'),
  ).toBeVisible();
});

test('a course that does not exist says so, for both roles', async ({
  page,
  request,
  allowConsoleError,
}) => {
  test.slow(); // two sign-ins, in two browser contexts
  allowConsoleError(/404|Not Found|failed/i);
  const student = await createStudent(request);
  await signIn(page, student, '/mycourse-details/no-such-course');
  await expect(page.getByRole('heading', { name: 'Курс не знайдено.' })).toBeVisible();

  const teacherPage = await (await page.context().browser()!.newContext()).newPage();
  await signIn(teacherPage, teacher, '/mycourse-details/no-such-course');
  await expect(teacherPage.getByRole('heading', { name: 'Курс не знайдено.' })).toBeVisible();
  await expect(teacherPage.getByText('111')).toHaveCount(0);
});
