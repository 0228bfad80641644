import { createStudent, expect, signIn, test } from '../fixtures.ts';

test('on a phone the sidebar is a drawer closed by Escape or a click outside', async ({
  page,
  request,
}) => {
  const student = await createStudent(request, 'Phone Student');
  await signIn(page, student, '/my-courselist');
  const open = page.getByRole('button', { name: 'Відкрити меню' });
  const nav = page.getByRole('navigation', { name: 'Main navigation' });

  await open.click();
  await expect(nav.getByRole('link', { name: 'Всі курси' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Всі курси' })).toBeHidden();

  await open.click();
  await expect(nav.getByRole('link', { name: 'Всі курси' })).toBeVisible();
  const viewport = page.viewportSize()!;
  await page.mouse.click(viewport.width - 10, viewport.height / 2);
  await expect(nav.getByRole('link', { name: 'Всі курси' })).toBeHidden();

  await open.click();
  await nav.getByRole('link', { name: 'Всі курси' }).click();
  await expect(page).toHaveURL(/\/course-grid-page$/);
});
