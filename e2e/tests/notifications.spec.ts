import { apiSession, expectNoSeriousViolations, waitForSettledPage } from '../a11y.ts';
import {
  createCourseThroughApi,
  createStudent,
  DEMO_ACCOUNTS,
  expect,
  signedInContext,
  test,
} from '../fixtures.ts';

/**
 * Notifications: the student's bell counts up live while the teacher grades
 * in another browser, and its panel leads to the graded work; the
 * notifications page lists it, read. A kind of mail turned off on /settings
 * is still off after a reload.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

test('the bell counts a grade live and leads to it', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Хімія елементів ${Date.now()}`,
    description: 'Періодична таблиця зблизька.',
    category: 'Хімія',
    homeworkTask: 'Опишіть один елемент.',
  });
  const student = await createStudent(request, `Сповіщена ${Date.now() % 100000}`);
  const studentSession = await apiSession(request, student);
  await request.post(`/api/courses/${course._id}/enroll`, { headers: studentSession.headers });
  const upload = await request.post('/api/courses/upload-homework', {
    headers: studentSession.headers,
    multipart: {
      courseId: course._id,
      file: { name: 'Натрій.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(upload.status()).toBe(201);
  const homework = ((await upload.json()) as { homework: { _id: string; assignmentId: string } })
    .homework;

  const studentPage = await (await signedInContext(browser, request, baseURL!, student)).newPage();
  await studentPage.goto('/my-courselist');
  const bell = studentPage.getByRole('button', { name: /^Сповіщення/ });
  await expect(bell).toHaveAccessibleName('Сповіщення');

  const teacherPage = await (await signedInContext(browser, request, baseURL!, teacher)).newPage();
  await teacherPage.goto(
    `/mycourse-details/${course._id}/assignments/${homework.assignmentId}#homework-${homework._id}`,
  );
  const form = teacherPage.getByRole('form', { name: 'Оцінити Натрій.pdf' });
  await form.getByLabel('Оцінка').fill('11');
  await form.getByRole('button', { name: 'Оцінити', exact: true }).click();
  await expect(teacherPage.getByText('Оцінка: 11 / 12', { exact: true })).toBeVisible();

  // No reload: the stream brings it.
  await expect(bell).toHaveAccessibleName('Сповіщення: непрочитаних 1');
  await bell.click();
  const panel = studentPage.getByRole('region', { name: 'Останні сповіщення' });
  await expect(panel.getByRole('link', { name: /Оцінка: 11/ })).toBeVisible();
  await waitForSettledPage(studentPage);
  await expectNoSeriousViolations(studentPage, testInfo, 'the bell panel');
  await panel.getByRole('link', { name: /Оцінка: 11/ }).click();
  await expect(studentPage).toHaveURL(
    new RegExp(`/assignments/${homework.assignmentId}#homework-${homework._id}$`),
  );
  await expect(studentPage.getByText('Оцінка: 11 / 12', { exact: true })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Сповіщення');

  await studentPage.goto('/notifications');
  await expect(studentPage.getByRole('heading', { level: 1, name: 'Сповіщення' })).toBeVisible();
  await expect(studentPage.getByRole('link', { name: /Оцінка: 11/ })).toBeVisible();
  await waitForSettledPage(studentPage);
  await expectNoSeriousViolations(studentPage, testInfo, '/notifications');
});

test('a kind of mail turned off on /settings stays off', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const student = await createStudent(request, `Без листів ${Date.now() % 100000}`);
  const page = await (await signedInContext(browser, request, baseURL!, student)).newPage();
  await page.goto('/settings');
  const section = page.getByRole('group', { name: 'Листи на пошту' });
  const graded = section.getByLabel('Оцінки моїх робіт');
  await expect(graded).toBeChecked();
  await graded.uncheck();
  await expect(page.getByText('Збережено', { exact: true })).toBeVisible();
  await page.reload();
  await expect(section.getByLabel('Оцінки моїх робіт')).not.toBeChecked();
  await expect(section.getByLabel('Нові уроки')).toBeChecked();
  await waitForSettledPage(page);
  await expectNoSeriousViolations(page, testInfo, '/settings with the mail preferences');
});
