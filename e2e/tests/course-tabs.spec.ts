import {
  apiSession,
  expectNoSeriousViolations,
  expectNoSideScroll,
  waitForSettledPage,
} from '../a11y.ts';
import {
  createCourseThroughApi,
  DEMO_ACCOUNTS,
  expect,
  signedInContext,
  test,
} from '../fixtures.ts';
import type { Page } from '@playwright/test';

/**
 * The teacher's course page as tabs, each its own address: a click changes
 * the address, the back button returns to the tab before, a link opens a
 * tab directly; on a phone the tab bar scrolls inside itself and the page
 * does not. Every tab passes axe. A new course without a homework text has
 * no empty 'Домашнє завдання' in its programme or assignments.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

const TABS = [
  { name: 'Програма', suffix: '', heading: 'Програма курсу' },
  { name: 'Завдання', suffix: '/assignments', heading: 'Завдання і тести' },
  { name: 'Студенти', suffix: '/students', heading: 'Роботи студентів' },
  { name: 'Журнал оцінок', suffix: '/gradebook', heading: 'Журнал оцінок' },
  { name: 'Налаштування', suffix: '/settings', heading: 'Редагування курсу' },
] as const;

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Розділи курсу' });

async function expectOnTab(page: Page, coursePath: string, tab: (typeof TABS)[number]) {
  await expect(page).toHaveURL(new RegExp(`${coursePath}${tab.suffix}$`));
  await expect(tabBar(page).getByRole('link', { name: tab.name })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(tabBar(page).locator('[aria-current="page"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: tab.heading })).toBeVisible();
}

test("the teacher's course tabs: addresses, the back button, a phone, axe", async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(360_000);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Вкладки курсу ${Date.now()}`,
    description: 'Курс, на якому перевіряють вкладки сторінки викладача.',
    category: 'Інформатика',
    homeworkTask: '',
  });
  const coursePath = `/mycourse-details/${course._id}`;
  const page = await (
    await signedInContext(browser, request, baseURL!, teacher, {
      viewport: { width: 1366, height: 900 },
    })
  ).newPage();

  await test.step('the course address is the programme; no empty default assignment', async () => {
    await page.goto(coursePath);
    // The first visit loads the course pages' chunk.
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible({
      timeout: 30_000,
    });
    await waitForSettledPage(page);
    await expectOnTab(page, coursePath, TABS[0]);
    await expect(page.getByRole('link', { name: 'Домашнє завдання' })).toHaveCount(0);
  });

  await test.step('each tab by a click: its address, its content, axe', async () => {
    for (const tab of TABS) {
      await tabBar(page).getByRole('link', { name: tab.name }).click();
      await expectOnTab(page, coursePath, tab);
      await waitForSettledPage(page);
      await expectNoSeriousViolations(page, testInfo, `course tab ${tab.name}`);
    }
    // The assignments tab of a new course without a homework text: nothing to list yet.
    await tabBar(page).getByRole('link', { name: 'Завдання' }).click();
    await expect(
      page.getByText('У курсі ще немає завдань і тестів. Додайте завдання нижче.'),
    ).toBeVisible();
  });

  await test.step('the back button returns to the tab before, and forward again', async () => {
    await tabBar(page).getByRole('link', { name: 'Студенти' }).click();
    await expectOnTab(page, coursePath, TABS[2]);
    await tabBar(page).getByRole('link', { name: 'Налаштування' }).click();
    await expectOnTab(page, coursePath, TABS[4]);
    await page.goBack();
    await expectOnTab(page, coursePath, TABS[2]);
    await page.goBack();
    await expectOnTab(page, coursePath, TABS[1]);
    await page.goForward();
    await expectOnTab(page, coursePath, TABS[2]);
  });

  await test.step('a link opens a tab directly, after a reload too', async () => {
    await page.goto(`${coursePath}/gradebook`);
    await expectOnTab(page, coursePath, TABS[3]);
    await page.reload();
    await expectOnTab(page, coursePath, TABS[3]);
    await page.goto(`${coursePath}/programme`);
    await expect(tabBar(page).getByRole('link', { name: 'Програма' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  await test.step('a new assignment from the assignments tab is listed there', async () => {
    await page.goto(`${coursePath}/assignments`);
    const form = page.getByRole('form', { name: 'Нове завдання' });
    await form.getByLabel('Назва завдання').fill('Перша програма');
    await form.getByLabel('Умова').fill('Напишіть програму, що вітається.');
    await form.getByLabel('Опубліковано (студенти бачать завдання)').check();
    await form.getByRole('button', { name: 'Додати завдання' }).click();
    const list = page.getByRole('region', { name: 'Завдання і тести' });
    await expect(list.getByRole('link', { name: 'Перша програма' })).toBeVisible();
    await list.getByRole('link', { name: 'Перша програма' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Перша програма' })).toBeVisible();
    await page.goBack();
    await expectOnTab(page, coursePath, TABS[1]);
  });

  await test.step('on a 390 × 844 phone: the tab bar scrolls inside itself, the page does not', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const tab of TABS) {
      await page.goto(`${coursePath}${tab.suffix}`);
      await expectOnTab(page, coursePath, tab);
      await waitForSettledPage(page);
      await expectNoSideScroll(page, `course tab ${tab.name} (phone)`);
      // The current tab is in the bar's view (scrolled there when further along), at least 44 px tall.
      const current = tabBar(page).getByRole('link', { name: tab.name });
      const box = await current.boundingBox();
      expect(box, `${tab.name}: the tab is laid out`).not.toBeNull();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(391);
      await expectNoSeriousViolations(page, testInfo, `course tab ${tab.name} (phone)`);
    }
    // The last tab is reached by scrolling the bar, then a tap opens it.
    await page.goto(coursePath);
    await waitForSettledPage(page);
    const settings = tabBar(page).getByRole('link', { name: 'Налаштування' });
    await settings.scrollIntoViewIfNeeded();
    await settings.click();
    await expectOnTab(page, coursePath, TABS[4]);
    await expectNoSideScroll(page, 'the settings tab after a tap (phone)');
  });
});
