import { createStudent, expect, signIn, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';

/** The field named `label` (an input, not its show/hide toggle) is marked invalid. */
async function expectInvalid(page: Page, label: string) {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveClass(/border-red-600/);
}

test.describe('sign-in checks, in order', () => {
  test('telephone, then password', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Sign In' });

    await page.getByLabel('Telephone').fill('0501112233');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await submit.click();
    await expect(page.getByText('Please enter a valid telephone number.')).toBeVisible();
    await expectInvalid(page, 'Telephone');

    await page.getByLabel('Telephone').fill('+380501112233');
    await submit.click();
    await expect(
      page.getByText(
        'Password must be at least 8 characters long and contain at least one uppercase letter.',
      ),
    ).toBeVisible();
    await expectInvalid(page, 'Password');
    await expect(page.getByLabel('Telephone')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('sign-up checks, in order', () => {
  test('username, all fields, password rule, confirmation, terms', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Sign Up' });

    await page.getByLabel('Username').fill('Al');
    await submit.click();
    await expect(page.getByText('Username must be at least 3 characters long.')).toBeVisible();
    await expectInvalid(page, 'Username');

    await page.getByLabel('Username').fill('Alla');
    await submit.click();
    await expect(page.getByText('Please fill in all fields.')).toBeVisible();
    await expectInvalid(page, 'Email');
    await expectInvalid(page, 'Telephone');

    await page.getByLabel('Email').fill('alla@example.com');
    await page.getByLabel('Telephone').fill('+380671234567');
    await page.getByLabel('Password', { exact: true }).fill('weakpassword');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('weakpassword');
    await submit.click();
    await expect(
      page.getByText('Пароль має містити щонайменше 8 символів і одну велику літеру.'),
    ).toBeVisible();
    await expectInvalid(page, 'Password');

    await page.getByLabel('Password', { exact: true }).fill('Strong2024');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Strong2025');
    await submit.click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await expectInvalid(page, 'Confirm password');

    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Strong2024');
    await submit.click();
    await expect(page.getByText('Please accept the terms.')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test.describe('profile check', () => {
  test('an empty email shows "Заповніть поле" with a red border', async ({
    page,
    request,
    allowConsoleError,
  }) => {
    allowConsoleError(/400|Bad Request/i);
    const student = await createStudent(request, 'Empty Email');
    await signIn(page, student, '/settings');
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Заповніть поле').first()).toBeVisible();
    await expectInvalid(page, 'Email');
    // The submit is not blocked; the server refuses, so the error banner shows.
    const profileForm = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Save changes' }) });
    await expect(profileForm.getByRole('status')).toContainText(
      'Сталась помилка під час оновлення даних',
    );
  });
});
