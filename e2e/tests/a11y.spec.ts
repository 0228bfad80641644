import { apiSession, expectNoSeriousViolations, waitForSettledPage } from '../a11y.ts';
import { DEMO_ACCOUNTS, expect, signIn, test } from '../fixtures.ts';

/**
 * Every page of the three route tables, scanned by axe-core once it has
 * settled. Serious and critical violations fail; the rest are annotated.
 */
// Scans only read: the tests share nothing and spread over the workers.
test.describe.configure({ mode: 'parallel' });

const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;
const student = DEMO_ACCOUNTS.find((account) => !account.isTeacher)!;

const landingPages = (numbers: number[]) => numbers.map((number) => `/course-details:${number}`);

const SIGNED_OUT = [
  '/start',
  '/login',
  '/register',
  '/loginn',
  '/registerr',
  '/game',
  '/future-teacher',
  '/donate',
  ...landingPages([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]),
];

const SIGNED_IN = [
  '/home',
  '/settings',
  '/profile',
  '/contacts',
  '/vacancylist',
  '/my-courselist',
  '/course/1',
  '/test',
  '/course-grid-page',
  '/course-details',
  ...landingPages([1, 2, 4, 5, 6, 7]),
  '/future-teacher',
];

test.describe('signed out', () => {
  for (const path of SIGNED_OUT) {
    test(`${path} has no serious axe violation`, async ({ page }, testInfo) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await waitForSettledPage(page);
      await expectNoSeriousViolations(page, testInfo, path);
    });
  }

  for (const [path, submit] of [
    ['/login', 'Sign In'],
    ['/register', 'Sign Up'],
    ['/future-teacher', 'Submit application'],
    ['/donate', 'Pledge support'],
  ] as const) {
    test(`${path} showing validation errors has no serious axe violation`, async ({
      page,
    }, testInfo) => {
      await page.goto(path);
      await waitForSettledPage(page);
      await page.getByRole('button', { name: submit }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoSeriousViolations(page, testInfo, `${path} with errors`);
    });
  }
});

test('/game after an answer has no serious axe violation', async ({ page }, testInfo) => {
  await page.goto('/game');
  await waitForSettledPage(page);
  const answers = page.getByRole('list', { name: 'Варіанти відповіді' });
  await answers.getByRole('button').first().click();
  await expect(answers.getByRole('button').first()).toBeDisabled();
  await expectNoSeriousViolations(page, testInfo, '/game answered');
});

test.describe('signed-in student', () => {
  test('/vacancylist with a tag filter has no serious axe violation', async ({
    page,
  }, testInfo) => {
    await signIn(page, student, '/vacancylist');
    await waitForSettledPage(page);
    await page
      .getByRole('list', { name: 'Tags' })
      .getByRole('button', { name: 'Python', exact: true })
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Filters' })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, '/vacancylist filtered');
  });

  for (const path of SIGNED_IN) {
    test(`${path} has no serious axe violation`, async ({ page }, testInfo) => {
      await signIn(page, student, path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await waitForSettledPage(page);
      await expectNoSeriousViolations(page, testInfo, path);
    });
  }

  test('/mycourse-details of an enrolled course has no serious axe violation', async ({
    page,
    request,
  }, testInfo) => {
    const session = await apiSession(request, student);
    const response = await request.get(`/api/user/${session.userId}/courses`, {
      headers: session.headers,
    });
    expect(response.status()).toBe(200);
    const { courses } = (await response.json()) as { courses: { _id: string }[] };
    expect(courses.length).toBeGreaterThan(0);
    const path = `/mycourse-details/${courses[0]!._id}`;
    await signIn(page, student, path);
    await waitForSettledPage(page);
    await expectNoSeriousViolations(page, testInfo, path);
  });

  test('the open user menu has no serious axe violation', async ({ page }, testInfo) => {
    await signIn(page, student, '/my-courselist');
    await waitForSettledPage(page);
    await page.getByRole('button', { name: new RegExp(student.username) }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'user menu');
  });

  test('/settings showing validation errors has no serious axe violation', async ({
    page,
  }, testInfo) => {
    await signIn(page, student, '/settings');
    await waitForSettledPage(page);
    await page.getByLabel('Username').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, '/settings with errors');
  });
});

test.describe('signed-in teacher', () => {
  for (const path of [...SIGNED_IN, '/courseCreate']) {
    test(`${path} has no serious axe violation`, async ({ page }, testInfo) => {
      await signIn(page, teacher, path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await waitForSettledPage(page);
      await expectNoSeriousViolations(page, testInfo, path);
    });
  }

  test('/mycourse-details of an own course has no serious axe violation', async ({
    page,
    request,
  }, testInfo) => {
    const session = await apiSession(request, teacher);
    const response = await request.get('/api/users/created-courses', { headers: session.headers });
    expect(response.status()).toBe(200);
    const { createdCourses } = (await response.json()) as { createdCourses: { _id: string }[] };
    expect(createdCourses.length).toBeGreaterThan(0);
    const path = `/mycourse-details/${createdCourses[0]!._id}`;
    await signIn(page, teacher, path);
    await waitForSettledPage(page);
    await expectNoSeriousViolations(page, testInfo, path);
  });

  test('/courseCreate showing validation errors has no serious axe violation', async ({
    page,
  }, testInfo) => {
    await signIn(page, teacher, '/courseCreate');
    await waitForSettledPage(page);
    await page.getByRole('main').locator('form button[type="submit"]').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, '/courseCreate with errors');
  });
});
