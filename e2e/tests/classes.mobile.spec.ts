import {
  apiSession,
  expectNoSeriousViolations,
  expectNoSideScroll,
  waitForSettledPage,
} from '../a11y.ts';
import { DEMO_ACCOUNTS, expect as baseExpect, signedInContext, test } from '../fixtures.ts';

/**
 * The pages of classes and of a forgotten password on a 390 × 844 phone:
 * each fits the screen (nothing to scroll sideways) and passes axe.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test('the access panel, /join/{code} and /forgot-password fit a phone', async ({
  browser,
  request,
  baseURL,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const session = await apiSession(request, teacher);
  const title = `Фізика 8-А, дуже довга назва класу ${Date.now()}`;
  const created = await request.post('/api/courses', {
    headers: session.headers,
    multipart: {
      title,
      description: 'Механіка, теплота та електрика для класу 8-А.',
      category: 'Фізика',
      visibility: 'private',
    },
  });
  expect(created.status()).toBe(201);
  const course = ((await created.json()) as { course: { _id: string } }).course;

  const teacherPage = await (
    await signedInContext(browser, request, baseURL!, teacher, { viewport: PHONE, isMobile: true })
  ).newPage();
  await teacherPage.goto(`/mycourse-details/${course._id}/students`);
  const panel = teacherPage.getByRole('region', { name: 'Доступ до курсу' });
  await expect(panel.getByTestId('join-code')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(panel.getByRole('img', { name: /QR-код/ })).toBeVisible();
  const code = ((await panel.getByTestId('join-code').textContent()) ?? '').replace('-', '');
  await panel.scrollIntoViewIfNeeded();
  await expectNoSideScroll(teacherPage, 'the access panel');
  await teacherPage.screenshot({ path: testInfo.outputPath('access-panel-phone.png') });
  await expectNoSeriousViolations(teacherPage, testInfo, 'the access panel on a phone');

  await panel.getByRole('button', { name: 'Показати на весь екран' }).click();
  const screen = teacherPage.getByRole('dialog');
  await expect(screen.getByRole('img', { name: /QR-код/ })).toBeVisible();
  await expectNoSideScroll(teacherPage, 'the full-screen code');
  await teacherPage.screenshot({ path: testInfo.outputPath('full-screen-phone.png') });
  await screen.getByRole('button', { name: 'Закрити' }).click();

  await page.goto(`/join/${code}`);
  await expect(page.getByRole('link', { name: 'Зареєструватися' })).toBeVisible();
  await waitForSettledPage(page);
  await expectNoSideScroll(page, '/join/{code}');
  await page.screenshot({ path: testInfo.outputPath('join-phone.png'), fullPage: true });
  await expectNoSeriousViolations(page, testInfo, '/join/{code} on a phone');

  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: 'Надіслати посилання' })).toBeVisible();
  await waitForSettledPage(page);
  await expectNoSideScroll(page, '/forgot-password');
  await page.screenshot({ path: testInfo.outputPath('forgot-password-phone.png'), fullPage: true });
  await expectNoSeriousViolations(page, testInfo, '/forgot-password on a phone');
});
