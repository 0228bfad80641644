import { expectNoSeriousViolations, waitForSettledPage } from '../a11y.ts';
import { DEMO_ACCOUNTS, expect, signIn, test } from '../fixtures.ts';

const student = DEMO_ACCOUNTS.find((account) => !account.isTeacher)!;

test('the open mobile drawer has no serious axe violation', async ({ page }, testInfo) => {
  await signIn(page, student, '/my-courselist');
  await waitForSettledPage(page);
  await page.getByRole('button', { name: 'Відкрити меню' }).click();
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Всі курси' }),
  ).toBeVisible();
  await expectNoSeriousViolations(page, testInfo, 'mobile drawer');
});

for (const path of ['/start', '/donate']) {
  test(`${path} on a phone has no serious axe violation`, async ({ page }, testInfo) => {
    await page.goto(path);
    await waitForSettledPage(page);
    await expectNoSeriousViolations(page, testInfo, `${path} (phone)`);
  });
}
