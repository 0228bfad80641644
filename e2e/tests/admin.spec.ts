import type { Browser, Page } from '@playwright/test';
import { apiSession, expectNoSeriousViolations, waitForSettledPage } from '../a11y.ts';
import { createStudent, DEMO_ACCOUNTS, expect, signIn, test, type Account } from '../fixtures.ts';

/**
 * The operator's console in the browser, as the demo
 * operator: decisions reach the people they concern on their next request.
 */
const operator = DEMO_ACCOUNTS.find((account) => account.isOperator)!;

const ADMIN_PAGES = [
  ['/admin', 'Огляд платформи'],
  ['/admin/applications', 'Заявки викладачів'],
  ['/admin/users', 'Користувачі'],
  ['/admin/courses', 'Курси платформи'],
  ['/admin/audit', 'Журнал дій'],
] as const;

/** A second person at their own computer: a browser context of their own, signed in. */
async function elsewhere(browser: Browser, account: Account, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account, path);
  return page;
}

async function findUser(page: Page, telephone: string) {
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: "Ім'я або телефон" }).fill(telephone.slice(-9));
  await page.getByRole('button', { name: 'Знайти' }).click();
}

test('the sidebar has the ОПЕРАТОР section, and every console page is there', async ({ page }) => {
  await signIn(page, operator, '/my-courselist');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('heading', { name: 'ОПЕРАТОР' })).toBeVisible();
  for (const [path, title] of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
});

test('an approved applicant is a teacher on their next page load', async ({ page, browser }) => {
  const applicant = await createStudent(page.request, 'Майбутня Викладачка');
  const fullName = `Заявниця ${applicant.telephone.slice(-4)}`;
  const applied = await page.request.post('/api/applications/teachers', {
    data: {
      fullName,
      telephone: applicant.telephone,
      email: 'applicant@example.com',
      subject: 'Хімія',
      experience: '3 роки',
      motivation: 'Хочу вести онлайн-курс з хімії для старших класів.',
    },
  });
  expect(applied.status()).toBe(201);
  const theirs = await elsewhere(browser, applicant, '/my-courselist');
  const theirNav = theirs.getByRole('navigation', { name: 'Main navigation' });
  await expect(theirNav.getByRole('heading', { name: 'MENU', exact: true })).toBeVisible();

  await signIn(page, operator, '/admin/applications');
  const card = page.getByRole('article', { name: fullName });
  await expect(card.getByText('Хочу вести онлайн-курс з хімії для старших класів.')).toBeVisible();
  await card.getByLabel('Примітка до рішення').fill('Досвід підтверджено');
  await card.getByRole('button', { name: 'Схвалити' }).click();
  await expect(page.getByText('Заявку схвалено.')).toBeVisible();
  await expect(page.getByRole('article', { name: fullName })).toHaveCount(0);

  await theirs.reload();
  await expect(theirNav.getByRole('heading', { name: 'TEACHER MENU' })).toBeVisible();
  await expect(theirNav.getByRole('link', { name: 'Створити курс' })).toBeVisible();
  await theirs.context().close();
});

test("a blocked user's open page is signed out on its next call, and sign-in is refused", async ({
  page,
  browser,
}) => {
  const victim = await createStudent(page.request, 'Порушник Правил');
  const theirs = await elsewhere(browser, victim, '/settings');
  await expect(theirs.getByRole('heading', { level: 1 })).toBeVisible();

  await signIn(page, operator, '/admin');
  await findUser(page, victim.telephone);
  await page.getByRole('button', { name: 'Заблокувати: Порушник Правил' }).click();
  const confirm = page.getByRole('group', { name: /Заблокувати Порушник Правил\?/ });
  await confirm.getByRole('button', { name: 'Заблокувати' }).click();
  await expect(page.getByText('Заблоковано', { exact: true })).toBeVisible();

  // Their session is gone: the next request answers 401 and the app signs them out.
  await theirs.reload();
  await expect(theirs).toHaveURL(/\/start$/);
  const refused = await theirs.request.post('/api/auth/login', {
    data: { telephone: victim.telephone, password: victim.password },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Обліковий запис заблоковано.');
  await theirs.context().close();
});

test('a hidden course leaves the catalog at once, and comes back', async ({ page }) => {
  const title = 'Основи графічного дизайну';
  const inCatalog = async () => {
    const response = await page.request.get(`/api/courses?q=${encodeURIComponent(title)}`);
    return ((await response.json()).courses as { title: string }[]).some((c) => c.title === title);
  };
  expect(await inCatalog()).toBe(true);
  await signIn(page, operator, '/admin/courses');
  await page.getByRole('searchbox', { name: 'Назва, опис або категорія' }).fill('графічного');
  await page.getByRole('button', { name: 'Знайти' }).click();
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Приховати' }).click();
  await card.getByRole('group').getByRole('button', { name: 'Приховати' }).click();
  await expect(card.getByText('Курс приховано.')).toBeVisible();
  await expect(card.getByText('Приховано', { exact: true })).toBeVisible();
  expect(await inCatalog()).toBe(false);

  await card.getByRole('button', { name: 'Показати' }).click();
  await card.getByRole('group').getByRole('button', { name: 'Показати' }).click();
  await expect(card.getByText('Курс знову в каталозі.')).toBeVisible();
  expect(await inCatalog()).toBe(true);
});

test('the audit log names who did what, newest first', async ({ page }) => {
  const student = await createStudent(page.request, 'Для Журналу');
  const { headers } = await apiSession(page.request, operator);
  const { userId } = await apiSession(page.request, student);
  expect(
    (
      await page.request.put(`/api/admin/users/${userId}/role`, {
        headers,
        data: { role: 'teacher' },
      })
    ).status(),
  ).toBe(200);
  await signIn(page, operator, '/admin/audit');
  const table = page.getByRole('region', { name: 'Журнал дій' });
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('rowheader')).toHaveText('Зміна ролі');
  await expect(first).toContainText(operator.username);
  await expect(first).toContainText(`Для Журналу (${student.telephone})`);
  await expect(first).toContainText('Було: студент');
  await expect(first).toContainText('Стало: викладач');
});

test('a reset link is shown once, ready to copy', async ({ page }) => {
  const student = await createStudent(page.request, 'Забула Пароль');
  await signIn(page, operator, '/admin');
  await findUser(page, student.telephone);
  await page.getByRole('button', { name: 'Посилання для скидання пароля: Забула Пароль' }).click();
  await page
    .getByRole('group')
    .getByRole('button', { name: 'Посилання для скидання пароля' })
    .click();
  // Exactly: the confirmation before it asks to "створити одноразове посилання…" and may still be on screen.
  const link = page.getByLabel('Одноразове посилання', { exact: true });
  await expect(link).toHaveValue(/\/reset-password\?token=[\w-]{43}$/);
  await page.getByRole('button', { name: 'Закрити' }).click();
  await expect(link).toHaveCount(0);
});

test('for a student and a teacher /admin is an unknown path, and there is no ОПЕРАТОР section', async ({
  browser,
  baseURL,
}) => {
  // A browser of each account's own: clearing one tab's storage under its live
  // page (the bell still starting its stream) would sign it out mid-request.
  for (const account of DEMO_ACCOUNTS.filter((a) => !a.isOperator).slice(0, 2)) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await signIn(page, account, '/admin/users');
    await expect(page).toHaveURL(/\/my-courselist$/);
    await expect(page.getByRole('heading', { name: 'ОПЕРАТОР' })).toHaveCount(0);
    expect(errors, account.telephone).toEqual([]);
    await context.close();
  }
});

test.describe('accessibility', () => {
  for (const [path] of ADMIN_PAGES) {
    test(`${path} has no serious axe violation`, async ({ page }, testInfo) => {
      await signIn(page, operator, path);
      await waitForSettledPage(page);
      await expectNoSeriousViolations(page, testInfo, path);
    });
  }

  test('/admin/users with a confirmation open has no serious axe violation', async ({
    page,
  }, testInfo) => {
    await signIn(page, operator, '/admin/users');
    await waitForSettledPage(page);
    await page
      .getByRole('button', { name: /^Заблокувати: / })
      .first()
      .click();
    await expect(page.getByRole('group', { name: /Заблокувати .*\?/ })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, '/admin/users (confirmation)');
  });

  test('on a phone the console pages do not overflow sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, operator, '/admin');
    for (const [path] of ADMIN_PAGES) {
      await page.goto(path);
      await waitForSettledPage(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
