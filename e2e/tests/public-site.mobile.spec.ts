import { createStudent, expect, signIn, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';

/** Nothing sticks out sideways: the page does not scroll horizontally. */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `scrollWidth ${scrollWidth} > innerWidth ${innerWidth}`).toBeLessThanOrEqual(
    innerWidth,
  );
}

test('on a phone /start and /vacancylist fit the screen and work', async ({ page, request }) => {
  await page.goto('/start');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Навчайтеся онлайн разом з Urok' }),
  ).toBeVisible();
  // Wait for the catalogue and the featured programmes, so the full page is measured.
  await expect(
    page.getByRole('region', { name: 'Курси з каталогу' }).getByRole('article'),
  ).toHaveCount(6);
  await expect(
    page.getByRole('region', { name: 'Рекомендовані програми' }).getByRole('link').first(),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  const register = page.getByRole('link', { name: 'Створити обліковий запис' });
  await expect(register).toBeInViewport();
  await register.click();
  await expect(page).toHaveURL(/\/register$/);

  const student = await createStudent(request, 'Phone Job Seeker');
  await signIn(page, student, '/vacancylist');
  const jobs = page.getByRole('main').getByRole('article');
  await expect(jobs).toHaveCount(10);
  await expectNoHorizontalScroll(page);

  // A tag tap filters; the filter bar fits the phone too.
  await page
    .getByRole('list', { name: 'Tags' })
    .getByRole('button', { name: 'Python', exact: true })
    .first()
    .tap();
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters.getByRole('button', { name: 'Remove filter Python' })).toBeVisible();
  await expect(jobs).not.toHaveCount(10);
  await expectNoHorizontalScroll(page);
  await filters.getByRole('button', { name: 'Clear' }).tap();
  await expect(jobs).toHaveCount(10);
});
