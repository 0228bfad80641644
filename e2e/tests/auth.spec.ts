import {
  createStudent,
  DEMO_ACCOUNTS,
  expect,
  signIn,
  test,
  uniqueTelephone,
} from '../fixtures.ts';

test.describe('sign-up, sign-out and sign-in', () => {
  test('a new student registers, lands on their course list, signs out and signs back in', async ({
    page,
  }) => {
    const telephone = uniqueTelephone();
    await page.goto('/register');
    await expect(page).toHaveTitle('Sign Up | Urok');
    await page.getByLabel('Username').fill('Taras Bondar');
    await page.getByLabel('Email').fill('taras@example.com');
    await page.getByLabel('Telephone').fill(telephone);
    await page.getByLabel('Password', { exact: true }).fill('Kyiv2024pass');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Kyiv2024pass');
    await page.getByRole('checkbox', { name: /terms/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL(/\/my-courselist$/);
    const userMenu = page.getByRole('button', { name: /Taras Bondar/ });
    await expect(userMenu).toContainText('Студент');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // Sign out from the user menu: the session is revoked on the server and the token removed.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await userMenu.click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/start$/);
    // Sign-out reloads the page: read the token once the navigation has settled.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('token')).catch(() => 'navigating'))
      .toBeNull();
    const revoked = await page.request.post('/api/auth/getUser', { data: { token } });
    expect(revoked.status()).toBe(401);

    // Sign in again with the other spelling of the same number.
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign In | Urok');
    await page.getByLabel('Telephone').fill(telephone.slice(1));
    await page.getByLabel('Password', { exact: true }).fill('Kyiv2024pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/my-courselist$/);
    await expect(page.getByRole('button', { name: /Taras Bondar/ })).toBeVisible();
  });

  test('a wrong password shows the server message', async ({ page, allowConsoleError }) => {
    allowConsoleError(/401|Помилка входу/);
    await page.goto('/login');
    await page.getByLabel('Telephone').fill(DEMO_ACCOUNTS[1]!.telephone);
    await page.getByLabel('Password', { exact: true }).fill('WrongPass123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.locator('#login-alert')).toHaveText('Невірний номер телефону або пароль');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a taken telephone is reported beside the field', async ({
    page,
    request,
    allowConsoleError,
  }) => {
    allowConsoleError(/409|Conflict/i);
    const existing = await createStudent(request);
    await page.goto('/register');
    await page.getByLabel('Username').fill('Another One');
    await page.getByLabel('Email').fill('another@example.com');
    await page.getByLabel('Telephone').fill(existing.telephone);
    await page.getByLabel('Password', { exact: true }).fill('Kyiv2024pass');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Kyiv2024pass');
    await page.getByRole('checkbox', { name: /terms/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Telephone')).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('An account with this telephone number already exists.'),
    ).toBeVisible();
  });

  test('the password toggles show and hide the password', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret2024');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('a stored session survives a reload on a deep link', async ({ page, request }) => {
    const student = await createStudent(request, 'Deep Link');
    await signIn(page, student, '/settings');
    await expect(page).toHaveURL(/\/settings$/);
    await page.reload();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByLabel('Username')).toHaveValue('Deep Link');
  });

  test('changing the telephone in /settings asks for the current password, and a wrong one does not sign out', async ({
    page,
    request,
    allowConsoleError,
  }) => {
    // The browser logs the refused save (401) as a failed resource.
    allowConsoleError(/401/);
    const student = await createStudent(request, 'Phone Changer');
    await signIn(page, student, '/settings');
    const profile = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Save changes' }) });
    const current = page.getByLabel('Поточний пароль', { exact: true });
    await expect(page.getByLabel('Telephone')).toHaveValue(student.telephone);
    await expect(current).toHaveCount(0);

    const newNumber = uniqueTelephone();
    await page.getByLabel('Telephone').fill(newNumber);
    await expect(current).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Щоб змінити телефон, введіть поточний пароль.')).toBeVisible();

    await current.fill('Wrong2024x');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Поточний пароль неправильний.')).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);

    await current.fill(student.password);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(profile.getByRole('status')).toContainText('Дані успішно оновлено!');
    await expect(current).toHaveCount(0);
    const withNewNumber = await request.post('/api/auth/login', {
      data: { telephone: newNumber, password: student.password },
    });
    expect(withNewNumber.status()).toBe(200);
  });
});
