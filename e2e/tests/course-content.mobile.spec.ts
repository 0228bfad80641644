import type { Page } from '@playwright/test';
import {
  apiSession,
  expectNoSeriousViolations,
  expectNoSideScroll,
  waitForSettledPage,
} from '../a11y.ts';
import {
  createCourseThroughApi,
  createStudent,
  DEMO_ACCOUNTS,
  expect,
  signIn,
  test,
} from '../fixtures.ts';

/** Course content on a phone: the pages fit the screen and pass axe. */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

test('lesson pages fit a phone', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Біологія клітини ${Date.now()}`,
    description: 'Будова клітини і як вона ділиться.',
    category: 'Біологія',
  });
  const outline = await (
    await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
  ).json();
  const lesson = await request.post(`/api/courses/${course._id}/lessons`, {
    headers: session.headers,
    data: {
      sectionId: outline.sections[0]._id,
      title: 'Мембрана клітини: довга назва уроку, що має переноситися на вузькому екрані',
      published: true,
      videoUrl: 'https://vimeo.com/76979871',
      body: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Будова' }] },
          {
            type: 'codeBlock',
            content: [{ type: 'text', text: 'дуже_довгий_рядок_коду_'.repeat(10) }],
          },
        ],
      },
    },
  });
  expect(lesson.status()).toBe(201);
  const lessonId = ((await lesson.json()) as { lesson: { _id: string } }).lesson._id;
  const student = await createStudent(request, `Телефон ${Date.now() % 100000}`);
  const studentSession = await apiSession(request, student);
  await request.post(`/api/courses/${course._id}/enroll`, { headers: studentSession.headers });

  const pages: [Page, string, string][] = [];
  await page.goto(`/mycourse-details/${course._id}`);
  await expect(page.getByRole('heading', { name: 'Програма курсу' })).toBeVisible();
  pages.push([page, `/mycourse-details/${course._id}`, 'the public course page']);

  const studentPage = await (await browser.newContext({ ...testInfo.project.use })).newPage();
  await signIn(studentPage, student, `/mycourse-details/${course._id}/lessons/${lessonId}`);
  await expect(studentPage.getByRole('button', { name: 'Позначити як пройдене' })).toBeVisible();
  pages.push([studentPage, '', 'the lesson page']);

  const teacherPage = await (await browser.newContext({ ...testInfo.project.use })).newPage();
  await signIn(teacherPage, teacher, `/mycourse-details/${course._id}/lessons/${lessonId}/edit`);
  await expect(teacherPage.getByRole('textbox', { name: 'Текст уроку' })).toBeVisible();
  pages.push([teacherPage, '', 'the lesson editor']);

  for (const [each, , label] of pages) {
    await waitForSettledPage(each);
    await expectNoSideScroll(each, label);
    await expectNoSeriousViolations(each, testInfo, label);
  }
});
