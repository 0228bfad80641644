import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations, waitForSettledPage } from '../a11y.ts';
import {
  createStudent,
  DEMO_ACCOUNTS,
  expect as baseExpect,
  signedInContext,
  test,
  uniqueTelephone,
} from '../fixtures.ts';

/**
 * Classes (DESIGN section 17) through the real pages: a teacher makes a
 * private course and shows its code; students join by the /join/{code} link
 * from signed out (one registers, one signs in); an outsider finds it
 * nowhere; a new code turns the old link away. And a forgotten password
 * reset through the link mailed to the SMTP server e2e/serve.mjs runs.
 */
// Course pages load several chunks and calls: on a busy machine 7 s is not always enough.
const expect = baseExpect.configure({ timeout: 20_000 });
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;
const mailDir = path.resolve(
  import.meta.dirname,
  `../../test-results/e2e-mail-${process.env.E2E_PORT ?? '4310'}`,
);

/** A mail as e2e/serve.mjs writes it. */
interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The code on the author's access panel, without the dash it is shown with. */
async function shownCode(page: Page): Promise<string> {
  const text = (await page.getByTestId('join-code').textContent()) ?? '';
  return text.replace(/-/g, '').trim();
}

test('a private class: made and shown by its teacher, joined by link, hidden from outsiders', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(420_000);
  const title = `Алгебра 9-Б ${Date.now()}`;
  const teacherPage = await (await signedInContext(browser, request, baseURL!, teacher)).newPage();
  let courseId = '';
  let code = '';

  await test.step('the teacher makes a private course and sees its code and QR code', async () => {
    await teacherPage.goto('/courseCreate');
    await teacherPage.getByLabel('Назва').fill(title);
    await teacherPage.getByLabel('Опис').fill('Рівняння, нерівності та функції для класу 9-Б.');
    await teacherPage.getByLabel('Категорія').fill('Математика');
    await teacherPage.getByRole('radio', { name: /Закритий клас/ }).check();
    await teacherPage.getByRole('button', { name: 'Створити курс' }).click();
    await expect(teacherPage).toHaveURL(/\/mycourse-details\/[^/]+$/);
    courseId = teacherPage.url().split('/').pop()!;
    await expect(teacherPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const header = teacherPage.locator('header', {
      has: teacherPage.getByRole('heading', { level: 1 }),
    });
    await expect(header.getByText('Закритий клас', { exact: true })).toBeVisible();

    // Who is in the class, and how to join it: the 'Студенти' tab.
    await teacherPage
      .getByRole('navigation', { name: 'Розділи курсу' })
      .getByRole('link', { name: 'Студенти' })
      .click();
    await expect(teacherPage).toHaveURL(new RegExp(`/mycourse-details/${courseId}/students$`));
    const panel = teacherPage.getByRole('region', { name: 'Доступ до курсу' });
    await expect(panel.getByTestId('join-code')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    code = await shownCode(teacherPage);
    await expect(panel.getByText(`${new URL(baseURL!).origin}/join/${code}`)).toBeVisible();
    await expect(panel.getByRole('img', { name: /QR-код/ })).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await teacherPage.screenshot({ path: testInfo.outputPath('access-panel.png'), fullPage: true });
    await expectNoSeriousViolations(teacherPage, testInfo, 'the access panel');

    await panel.getByRole('button', { name: 'Показати на весь екран' }).click();
    const screen = teacherPage.getByRole('dialog', { name: title });
    await expect(screen.getByText(`${code.slice(0, 4)}-${code.slice(4)}`)).toBeVisible();
    await expect(screen.getByRole('img', { name: /QR-код/ })).toBeVisible();
    await teacherPage.screenshot({ path: testInfo.outputPath('full-screen.png') });
    await expectNoSeriousViolations(teacherPage, testInfo, 'the full-screen code');
    await teacherPage.keyboard.press('Escape');
    await expect(screen).toBeHidden();
    await expect(panel.getByRole('button', { name: 'Показати на весь екран' })).toBeFocused();

    // The teacher's list carries the badge too.
    await teacherPage.goto('/my-courselist');
    const card = teacherPage.getByRole('article', { name: title });
    await expect(card.getByText('Закритий клас', { exact: true })).toBeVisible();
  });

  await test.step('signed out, a new student opens the link, registers and lands in the course', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/join/${code}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Приєднання до курсу' }),
    ).toBeVisible();
    await waitForSettledPage(page);
    await page.screenshot({ path: testInfo.outputPath('join-signed-out.png'), fullPage: true });
    await expectNoSeriousViolations(page, testInfo, '/join/{code} signed out');
    await page.getByRole('link', { name: 'Зареєструватися' }).click();
    await expect(page).toHaveURL(/\/register$/);
    const telephone = uniqueTelephone();
    await page.getByLabel('Username').fill('Марко Учень');
    await page.getByLabel('Email').fill(`${telephone.slice(1)}@example.com`);
    await page.getByLabel('Telephone').fill(telephone);
    await page.getByLabel('Password', { exact: true }).fill('Kyiv2024pass');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Kyiv2024pass');
    await page.getByRole('checkbox', { name: /terms/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(new RegExp(`/mycourse-details/${courseId}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await context.close();
  });

  await test.step('signed out, an existing student opens the link, signs in and lands in the course', async () => {
    const student = await createStudent(request, 'Софія Учениця');
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/join/${code.toLowerCase()}`);
    await page.getByRole('link', { name: 'Увійти' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Telephone').fill(student.telephone);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(new RegExp(`/mycourse-details/${courseId}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Signed in, the link joins at once (again: idempotent) and opens the course.
    await page.goto(`/join/${code}`);
    await expect(page).toHaveURL(new RegExp(`/mycourse-details/${courseId}$`));
    await context.close();
  });

  await test.step('the teacher sees the two students and adds a third by telephone', async () => {
    const added = await createStudent(request, 'Тарас Доданий');
    await teacherPage.goto(`/mycourse-details/${courseId}/students`);
    const panel = teacherPage.getByRole('region', { name: 'Доступ до курсу' });
    const form = panel.getByRole('form', { name: 'Додати студента за номером телефону' });
    await form.getByLabel('Номер телефону студента').fill(uniqueTelephone());
    await form.getByRole('button', { name: 'Додати' }).click();
    await expect(form.getByText('Облікового запису з таким номером немає.')).toBeVisible();
    await form.getByLabel('Номер телефону студента').fill(added.telephone);
    await form.getByRole('button', { name: 'Додати' }).click();
    await expect(form.getByText('Студента додано. У курсі студентів: 3.')).toBeVisible();
  });

  await test.step('an outsider finds it in no catalog and cannot open its page', async () => {
    const outsider = await createStudent(request, 'Сторонній Студент');
    const page = await (await signedInContext(browser, request, baseURL!, outsider)).newPage();
    await page.goto(`/course-grid-page?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.animate-pulse, .animate-spin')).toHaveCount(0);
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    await page.goto(`/mycourse-details/${courseId}`);
    await expect(page.getByText('Курс не знайдено.').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    const search = await request.get(`/api/courses?q=${encodeURIComponent(title)}`);
    expect(((await search.json()) as { courses: unknown[] }).courses).toEqual([]);
    // Signed out, its public page is not there either.
    const anonymous = await browser.newContext();
    const publicPage = await anonymous.newPage();
    await publicPage.goto(`/mycourse-details/${courseId}`);
    await expect(publicPage.getByText('Курс не знайдено.').first()).toBeVisible();
    await anonymous.close();
  });

  await test.step('a new code turns the old link away', async () => {
    const panel = teacherPage.getByRole('region', { name: 'Доступ до курсу' });
    await panel.getByRole('button', { name: 'Новий код' }).click();
    await expect(panel.getByText(/Старий код і посилання перестануть працювати/)).toBeVisible();
    await panel.getByRole('button', { name: 'Так, новий код' }).click();
    await expect(panel.getByText('Новий код готовий: старий більше не працює.')).toBeVisible();
    await expect.poll(() => shownCode(teacherPage)).not.toBe(code);

    const late = await createStudent(request, 'Запізнілий Студент');
    const page = await (await signedInContext(browser, request, baseURL!, late)).newPage();
    await page.goto(`/join/${code}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Код не знайдено' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'До каталогу курсів' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('join-unknown-code.png'), fullPage: true });
    await expectNoSeriousViolations(page, testInfo, '/join/{code} with an unknown code');
  });

  await test.step('a student joins by typing the code on their course list', async () => {
    const newCode = await shownCode(teacherPage);
    const typist = await createStudent(request, 'Ганна Друкує');
    const page = await (await signedInContext(browser, request, baseURL!, typist)).newPage();
    await page.goto('/my-courselist');
    const form = page.getByRole('form', { name: 'Приєднатися за кодом' });
    await form.getByLabel('Код від викладача').fill('abc');
    await form.getByRole('button', { name: 'Приєднатися' }).click();
    await expect(form.getByText('Код не знайдено')).toBeVisible();
    await form
      .getByLabel('Код від викладача')
      .fill(`${newCode.slice(0, 4).toLowerCase()}-${newCode.slice(4)}`);
    await form.getByRole('button', { name: 'Приєднатися' }).click();
    await expect(page).toHaveURL(new RegExp(`/mycourse-details/${courseId}$`));
  });
});

test('a forgotten password is reset through the mailed link', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const student = await createStudent(request, 'Забудькувата Студентка');
  const email = `${student.telephone.slice(1)}@example.com`;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Забули пароль?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Відновлення пароля' })).toBeVisible();
  await waitForSettledPage(page);
  await page.screenshot({ path: testInfo.outputPath('forgot-password.png'), fullPage: true });
  await expectNoSeriousViolations(page, testInfo, '/forgot-password');

  await page.getByLabel('Telephone').fill(student.telephone);
  await page.getByRole('button', { name: 'Надіслати посилання' }).click();
  await expect(
    page.getByText(/Якщо до облікового запису з цим номером додано e-mail/),
  ).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, '/forgot-password, sent');

  const findMail = () =>
    fs
      .readdirSync(mailDir)
      .map((name) => JSON.parse(fs.readFileSync(path.join(mailDir, name), 'utf8')) as Mail)
      .find((entry) => entry.to.includes(email));
  await expect.poll(findMail, { timeout: 15_000 }).toBeDefined();
  const mail = findMail()!;
  expect(mail.subject).toBe('Урок: зміна пароля');
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, 'the reset link in the mail').toBeTruthy();
  const { pathname, search } = new URL(link!);

  await page.goto(`${pathname}${search}`);
  await page.getByLabel('New password', { exact: true }).fill('Novyi2024pass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Novyi2024pass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await page.getByLabel('Telephone').fill(student.telephone);
  await page.getByLabel('Password', { exact: true }).fill('Novyi2024pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/my-courselist$/);
  // The link works once.
  const again = await request.post('/api/auth/reset-password', {
    data: { token: new URLSearchParams(search).get('token'), password: 'Inshyi2024pass' },
  });
  expect(again.status()).toBe(400);
});
