import { createStudent, DEMO_ACCOUNTS, expect, signIn, test } from '../fixtures.ts';

const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

test.describe('signed out', () => {
  for (const [from, to] of [
    ['/', '/start'],
    ['/no-such-page', '/start'],
    ['/course-details:3', '/start'],
    ['/my-courselist', '/start'],
    ['/settings', '/start'],
    ['/courseCreate', '/start'],
    ['/grades', '/start'],
  ] as const) {
    test(`${from} goes to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    });
  }

  for (const path of [
    '/login',
    '/register',
    '/loginn',
    '/registerr',
    '/start',
    '/game',
    '/future-teacher',
    '/donate',
    '/course-details:1',
    '/course-details:13',
  ]) {
    test(`${path} is public`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});

test.describe('signed-in student', () => {
  test('the student table and its redirects', async ({ page, request }) => {
    test.slow(); // eighteen page loads in one session
    const student = await createStudent(request, 'Route Student');
    await signIn(page, student, '/');
    await expect(page).toHaveURL(/\/my-courselist$/);
    for (const path of [
      '/home',
      '/settings',
      '/profile',
      '/contacts',
      '/vacancylist',
      '/course/1',
      '/test',
      '/course-grid-page',
      '/grades',
      '/course-details',
      '/course-details:7',
      '/future-teacher',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    }
    for (const path of [
      '/courseCreate',
      '/login',
      '/register',
      '/start',
      '/course-details:8',
      '/course-details:3',
      '/nowhere',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/my-courselist$/);
    }
  });
});

test.describe('signed-in teacher', () => {
  test('the teacher table adds /courseCreate and has no /grades', async ({ page }) => {
    await signIn(page, teacher, '/courseCreate');
    await expect(page).toHaveURL(/\/courseCreate$/);
    await page.goto('/grades');
    await expect(page).toHaveURL(/\/my-courselist$/);
    await page.goto('/nowhere');
    await expect(page).toHaveURL(/\/my-courselist$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/my-courselist$/);
  });
});
