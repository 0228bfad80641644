import { createStudent, DEMO_ACCOUNTS, expect, signIn, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';

const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

/** 'Page | Urok', or just 'Urok'. */
const ANY_TITLE = /^(?:.+ \| )?Urok$/;

/** Opens a page in the current session, waits for its heading, and checks its title. */
async function expectTitle(page: Page, path: string, title: string | RegExp) {
  await page.goto(path);
  await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[/:]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  await expect(page, path).toHaveTitle(title);
}

for (const [path, title] of [
  ['/start', 'Start | Urok'],
  ['/game', 'Game | Urok'],
  ['/future-teacher', 'Become a teacher | Urok'],
  ['/donate', 'Donate | Urok'],
  ['/loginn', 'Sign In | Urok'],
  ['/registerr', 'Sign Up | Urok'],
  ['/login', 'Sign In | Urok'],
  ['/register', 'Sign Up | Urok'],
  ['/course-details:1', 'Математика для НМТ | Urok'],
  ['/course-details:13', 'Публічні виступи | Urok'],
] as const) {
  test(`signed out: ${path} has its title`, async ({ page }) => {
    await expectTitle(page, path, title);
  });
}

for (const [path, title] of [
  ['/vacancylist', 'Vacancies | Urok'],
  ['/test', 'Grading demo | Urok'],
  ['/contacts', 'My Contacts | Urok'],
  ['/course/1', 'Основи вебдизайну | Urok'],
  ['/course/404', 'Курс не знайдено | Urok'],
  ['/course-details', 'Рекомендовані програми | Urok'],
  ['/course-details:7', 'Веброзробка: HTML, CSS і JavaScript | Urok'],
  ['/future-teacher', 'Become a teacher | Urok'],
  ['/home', ANY_TITLE],
  ['/settings', ANY_TITLE],
  ['/profile', ANY_TITLE],
  ['/my-courselist', ANY_TITLE],
  ['/course-grid-page', ANY_TITLE],
] as const) {
  test(`signed in as a student: ${path} has its title`, async ({ page, request }) => {
    const student = await createStudent(request, 'Title Student');
    await signIn(page, student, '/my-courselist');
    await expectTitle(page, path, title);
  });
}

test('signed in as the teacher: the teacher pages have their titles', async ({ page }) => {
  test.slow();
  await signIn(page, teacher, '/my-courselist');
  for (const path of ['/my-courselist', '/courseCreate', '/contacts', '/vacancylist', '/test']) {
    await expectTitle(page, path, ANY_TITLE);
  }
});
