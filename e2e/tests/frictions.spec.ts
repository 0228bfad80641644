import type { Page } from '@playwright/test';
import { notificationMessages, offlineMessages } from '@urok/contract';
import { apiSession, expectNoSeriousViolations, waitForSettledPage } from '../a11y.ts';
import {
  createStudent,
  DEMO_ACCOUNTS,
  expect as baseExpect,
  signedInContext,
  signIn,
  test,
  uniqueTelephone,
  type Account,
} from '../fixtures.ts';

// The journeys here cross several pages and people: room for a slow machine.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 30_000 });

/** Leaves the page and comes back through the app's own router, so the page asks the server again. */
async function leaveAndReturn(page: Page, away: string, back: string): Promise<void> {
  for (const path of [away, back])
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
}

/**
 * The frictions a new user met in the first hour: the bell on a phone and
 * 'mark all read', errors that tell the truth, the operator's times, filters,
 * reasons and search, and the way from a public course page to signing in.
 */
const operator = DEMO_ACCOUNTS.find((account) => account.isOperator)!;

/** A student with an unread notification: their teacher application, decided by the operator. */
async function studentWithNotice(page: Page): Promise<Account> {
  const student = await createStudent(page.request, 'Сповіщена Студентка');
  const applied = await page.request.post('/api/applications/teachers', {
    data: {
      fullName: 'Сповіщена Студентка',
      telephone: student.telephone,
      email: 'notice@example.com',
      subject: 'Історія',
      experience: '2 роки',
      motivation: 'Хочу вести курс історії України для старших класів.',
    },
  });
  expect(applied.status()).toBe(201);
  const { application } = (await applied.json()) as { application: { _id: string } };
  const { headers } = await apiSession(page.request, operator);
  const rejected = await page.request.post(`/api/admin/applications/${application._id}/reject`, {
    headers,
    data: { note: 'Бракує досвіду.' },
  });
  expect(rejected.status()).toBe(200);
  return student;
}

for (const width of [360, 390]) {
  test(`the bell's panel fits a ${width}-pixel phone, and 'mark all read' clears the badge at once`, async ({
    browser,
    page,
    baseURL,
  }, testInfo) => {
    const student = await studentWithNotice(page);
    const context = await signedInContext(browser, page.request, baseURL!, student, {
      viewport: { width, height: 800 },
      isMobile: true,
      hasTouch: true,
    });
    const phone = await context.newPage();
    await phone.goto('/my-courselist');
    const bell = phone.getByRole('button', { name: /^Сповіщення/ });
    await expect(bell).toHaveAccessibleName('Сповіщення: непрочитаних 1', { timeout: 30_000 });
    await bell.click();
    const panel = phone.getByRole('region', { name: 'Останні сповіщення' });
    await expect(panel.getByText('Заявку відхилено')).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    await waitForSettledPage(phone);
    await phone.screenshot({ path: testInfo.outputPath(`bell-panel-${width}.png`) });
    await expectNoSeriousViolations(phone, testInfo, `the bell panel at ${width} px`);
    await panel.getByRole('button', { name: 'Позначити всі як прочитані' }).click();
    await expect(bell).toHaveAccessibleName('Сповіщення');
    await phone.reload();
    await expect(bell).toHaveAccessibleName('Сповіщення');
    await context.close();
  });
}

test('opening a notification from /notifications marks it read', async ({ page }) => {
  const student = await studentWithNotice(page);
  await signIn(page, student, '/notifications');
  const bell = page.getByRole('button', { name: /^Сповіщення/ });
  await expect(bell).toHaveAccessibleName('Сповіщення: непрочитаних 1');
  await page.getByRole('link', { name: /Заявку відхилено/ }).click();
  await expect(bell).toHaveAccessibleName('Сповіщення');
});

test('a dropped connection says the network is gone, not a server error', async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/Failed to load resource|ERR_INTERNET_DISCONNECTED|net::/);
  const student = await createStudent(page.request, 'Без Мережі');
  await signIn(page, student, '/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Сповіщення' })).toBeVisible();
  // The first read answered before the connection drops: a read still on its way would be
  // answered after the return, and the page would have its list instead of the message.
  await expect(page.getByText(notificationMessages.empty)).toBeVisible();
  await page.route('**/api/notifications?**', (route) => route.abort('internetdisconnected'));
  await leaveAndReturn(page, '/settings', '/notifications');
  // A page not saved for offline says it needs the network (lib/api.ts), not that the server failed.
  await expect(page.getByText(offlineMessages.needsNetwork)).toBeVisible();
  await expect(page.getByText(/Сталася помилка на сервері/)).toHaveCount(0);
});

test('a student blocked mid-session is signed out with the blocked message', async ({
  page,
  browser,
  baseURL,
}) => {
  const victim = await createStudent(page.request, 'Заблокована Посеред Уроку');
  const context = await signedInContext(browser, page.request, baseURL!, victim);
  const theirs = await context.newPage();
  await theirs.goto('/notifications');
  await expect(theirs.getByRole('heading', { level: 1, name: 'Сповіщення' })).toBeVisible();
  // The same student on another device, whose next step is a reload.
  const elsewhere = await signedInContext(browser, page.request, baseURL!, victim);
  const reloaded = await elsewhere.newPage();
  await reloaded.goto('/my-courselist');
  await expect(reloaded.getByRole('heading', { level: 1 })).toBeVisible();

  const { headers } = await apiSession(page.request, operator);
  const { userId } = await apiSession(page.request, victim);
  expect(
    (
      await page.request.post(`/api/admin/users/${userId}/block`, {
        headers,
        data: { reason: 'Перевірка журналу' },
      })
    ).status(),
  ).toBe(200);

  // Their next call is refused: the page says why, and the token is gone.
  await leaveAndReturn(theirs, '/settings', '/notifications');
  await expect(theirs.getByRole('heading', { level: 1, name: 'Сеанс завершено' })).toBeVisible();
  await expect(theirs.getByRole('alert')).toHaveText('Обліковий запис заблоковано.');
  expect(await theirs.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await theirs.getByRole('link', { name: 'Увійти знову' }).click();
  await expect(theirs).toHaveURL(/\/login$/);
  await context.close();

  // A reload lands on the public start page, which says why.
  await reloaded.reload();
  await expect(reloaded).toHaveURL(/\/start$/);
  await expect(reloaded.getByRole('alert')).toHaveText('Обліковий запис заблоковано.');
  await elsewhere.close();
});

test('the audit log shows Kyiv time, filters by actor, action and day, and keeps the reason', async ({
  page,
}) => {
  const student = await createStudent(page.request, 'Для Фільтра Журналу');
  const { headers } = await apiSession(page.request, operator);
  const { userId } = await apiSession(page.request, student);
  for (const verb of ['block', 'unblock'])
    expect(
      (
        await page.request.post(`/api/admin/users/${userId}/${verb}`, {
          headers,
          data: verb === 'block' ? { reason: 'Спам у коментарях' } : {},
        })
      ).status(),
    ).toBe(200);
  await signIn(page, operator, '/admin/audit');
  const filters = page.getByRole('search', { name: 'Фільтри журналу' });
  await filters.getByLabel('Хто').fill(operator.username);
  await filters.getByLabel('Дія').selectOption({ label: 'Блокування' });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date());
  await filters.getByLabel('Від дати').fill(today);
  await filters.getByLabel('До дати').fill(today);
  await filters.getByRole('button', { name: 'Показати' }).click();
  const table = page.getByRole('region', { name: 'Журнал дій' });
  const row = table
    .getByRole('row')
    .filter({ hasText: `Для Фільтра Журналу (${student.telephone})` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toHaveText('Блокування');
  await expect(row).toContainText('Причина: Спам у коментарях');
  await expect(row.locator('time')).toContainText(/GMT\+[23]/);
  await expect(table).not.toContainText('UTC');
  await expect(table.getByRole('rowheader').filter({ hasText: 'Розблокування' })).toHaveCount(0);
});

test('searching accounts finds Мельник stored as Melnyk', async ({ page }) => {
  const tag = Date.now().toString(36);
  await createStudent(page.request, `Melnyk Ostap ${tag}`);
  await signIn(page, operator, '/admin/users');
  await page.getByRole('searchbox', { name: "Ім'я або телефон" }).fill(`Мельник ${tag}`);
  await page.getByRole('button', { name: 'Знайти' }).click();
  await expect(
    page.getByRole('rowheader', { name: new RegExp(`Melnyk Ostap ${tag}`) }),
  ).toBeVisible();
});

test('a catalog card opens its course page, and signing in from it comes back to it', async ({
  page,
}, testInfo) => {
  const student = await createStudent(page.request, 'Повернута Студентка');
  await page.goto('/start');
  const catalog = page.getByRole('region', { name: 'Курси з каталогу' });
  const first = catalog.getByRole('article').first();
  const title = (await first.getByRole('heading', { level: 3 }).innerText()).trim();
  await first.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/mycourse-details\/[\w-]+$/);
  const coursePath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Викладач:')).toBeVisible();
  await expect(page.getByText(/^\d+ урок(и|ів)?$/)).toBeVisible();
  await waitForSettledPage(page);
  await expectNoSeriousViolations(page, testInfo, 'the public course page');

  await page.getByRole('link', { name: 'Увійти, щоб записатися' }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(coursePath)}`);
  await page.getByLabel('Telephone').fill(student.telephone);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(coursePath);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('registering from /register?next= comes back to the path, and an outside URL is refused', async ({
  page,
}) => {
  const register = async (next: string, name: string) => {
    await page.goto(`/register?next=${encodeURIComponent(next)}`);
    const telephone = uniqueTelephone();
    await page.getByLabel('Username').fill(name);
    await page.getByLabel('Email').fill(`${telephone.slice(1)}@example.com`);
    await page.getByLabel('Telephone').fill(telephone);
    await page.getByLabel('Password', { exact: true }).fill('Secret2024');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Secret2024');
    await page.getByRole('checkbox', { name: /terms/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
  };
  await register('https://evil.example/phish', 'Обережна Студентка');
  await expect(page).toHaveURL(/\/my-courselist$/);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/start');
  await register('/notifications', 'Повернута Новенька');
  await expect(page).toHaveURL(/\/notifications$/);
});
