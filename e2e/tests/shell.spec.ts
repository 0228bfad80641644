import { createStudent, DEMO_ACCOUNTS, expect, signIn, test } from '../fixtures.ts';

const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

test.describe('the signed-in shell', () => {
  test('a student sees MENU without "Створити курс"', async ({ page, request }) => {
    const student = await createStudent(request, 'Shell Student');
    await signIn(page, student, '/my-courselist');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('heading', { name: 'MENU', exact: true })).toBeVisible();
    await expect(nav.getByRole('heading', { name: 'OTHERS' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Всі курси' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Мої курси' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Створити курс' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Профіль' })).toHaveAttribute('href', '/settings');

    // The 'Курси' group collapses and expands.
    const group = nav.getByRole('button', { name: 'Курси' });
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Всі курси' })).toBeHidden();
    await group.click();
    await expect(nav.getByRole('link', { name: 'Всі курси' })).toBeVisible();

    // User menu: name, role, items.
    const userMenu = page.getByRole('button', { name: /Shell Student/ });
    await expect(userMenu).toContainText('Студент');
    await userMenu.click();
    const menu = page.getByRole('menu');
    for (const item of ['My Profile', 'My Contacts', 'Account Settings', 'Log Out']) {
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await menu.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  });

  test('a teacher sees TEACHER MENU with "Створити курс"', async ({ page }) => {
    await signIn(page, teacher, '/my-courselist');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('heading', { name: 'TEACHER MENU' })).toBeVisible();
    await nav.getByRole('link', { name: 'Створити курс' }).click();
    await expect(page).toHaveURL(/\/courseCreate$/);
    await expect(page.getByRole('button', { name: new RegExp(teacher.username) })).toContainText(
      'Викладач',
    );
  });

  test('the header search goes to the course catalog', async ({ page, request }) => {
    const student = await createStudent(request, 'Search Student');
    await signIn(page, student, '/my-courselist');
    await page.getByRole('search').getByLabel('Пошук курсів').fill('Python');
    await page.getByRole('search').getByRole('button', { name: 'Шукати' }).click();
    await expect(page).toHaveURL(/\/course-grid-page\?q=Python$/);
  });

  test('"Вийти з кабінету" signs out', async ({ page, request, allowConsoleError }) => {
    // A request the page had under way when the session ended (its notification stream's link,
    // a list) is answered 401 before the page reloads: the server refusing an ended session.
    allowConsoleError(/status of 401/);
    const student = await createStudent(request, 'Leaving Student');
    await signIn(page, student, '/my-courselist');
    await page.getByRole('button', { name: 'Вийти з кабінету' }).click();
    await expect(page).toHaveURL(/\/start$/);
    // Sign-out reloads the page: read the token once the navigation has settled.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('token')).catch(() => 'navigating'))
      .toBeNull();
  });

  test('the profile banner appears and clears after 5 seconds', async ({ page, request }) => {
    const student = await createStudent(request, 'Banner Student');
    await signIn(page, student, '/settings');
    await page.getByLabel('Bio').fill('I teach myself Python.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // The profile form's own banner (the page has a password section with its own status too).
    const banner = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Save changes' }) })
      .getByRole('status');
    await expect(banner).toContainText('Дані успішно оновлено!');
    await expect(banner).not.toContainText('Дані успішно оновлено!', { timeout: 8_000 });
    await page.goto('/profile');
    await expect(page.getByText('I teach myself Python.')).toBeVisible();
  });

  test('the sidebar width is kept in local storage', async ({ page, request }) => {
    const student = await createStudent(request, 'Sidebar Student');
    await signIn(page, student, '/my-courselist');
    await page.getByRole('button', { name: 'Згорнути бічну панель' }).click();
    expect(await page.evaluate(() => localStorage.getItem('sidebar-expanded'))).toBe('false');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Розгорнути бічну панель' })).toBeVisible();
  });
});
