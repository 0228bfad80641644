import type { APIRequestContext, Page } from '@playwright/test';
import { apiSession, expectNoSeriousViolations, waitForSettledPage } from '../a11y.ts';
import {
  createCourseThroughApi,
  createStudent,
  DEMO_ACCOUNTS,
  expect,
  signedInContext,
  test,
  type Account,
} from '../fixtures.ts';

/**
 * English beside Ukrainian (DESIGN section 16), in the browser: the switcher
 * of /login, the choice on /settings, `<html lang>`, and every page of a
 * teacher's and an operator's day read in English. The journey's own data
 * (names, course, lesson and assignment texts) is Latin only, so Cyrillic
 * left on those pages is a text of the interface not yet translated; each is
 * reported with its page.
 */

const demoOperator = DEMO_ACCOUNTS.find((account) => account.isOperator)!;
const run = Date.now() % 1e6;

/**
 * Every Cyrillic text the page shows or names to a screen reader (text,
 * aria-label, placeholder, title, alt, the document's title), outside what
 * `userContent` selects and outside elements that say they are Ukrainian
 * (`lang="uk"`: the switcher's 'Українська').
 */
async function cyrillicTexts(page: Page, userContent: string[] = []): Promise<string[]> {
  return page.evaluate((excluded) => {
    const cyrillic = /[\u0400-\u04FF]/;
    const found = new Set<string>();
    const skipped = (element: Element | null) =>
      !element ||
      element.closest('script, style, noscript, template') !== null ||
      element.closest('[lang]:not([lang^="en"])') !== null ||
      excluded.some((selector) => element.closest(selector) !== null) ||
      !element.checkVisibility();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      if (cyrillic.test(text) && !skipped(node.parentElement)) found.add(text);
    }
    for (const element of Array.from(
      document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
    )) {
      if (skipped(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value && cyrillic.test(value)) found.add(`[${name}] ${value}`);
      }
    }
    if (cyrillic.test(document.title)) found.add(`<title> ${document.title}`);
    return [...found];
  }, userContent);
}

/** Opens `path`, waits for it to settle, checks `<html lang="en">` and notes its Cyrillic texts. */
async function readInEnglish(
  page: Page,
  path: string,
  findings: string[],
  userContent: string[] = [],
  prepare?: () => Promise<void>,
): Promise<void> {
  await page.goto(path);
  await waitForSettledPage(page);
  if (prepare) {
    await prepare();
    await waitForSettledPage(page);
  }
  await expect(page.locator('html'), path).toHaveAttribute('lang', 'en');
  for (const text of await cyrillicTexts(page, userContent)) findings.push(`${path}: ${text}`);
}

/** The journey's result: every Cyrillic text found, one line each, with its page. */
function expectAllEnglish(findings: string[], who: string) {
  expect(
    findings,
    `${who}: Cyrillic (untranslated) texts on pages read in English:\n${findings.join('\n')}`,
  ).toEqual([]);
}

/** Chooses English on /settings, as a signed-in user does. */
async function chooseEnglishOnSettings(page: Page) {
  await page.goto('/settings');
  await waitForSettledPage(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  // A controlled choice: it shows checked once the server has kept it.
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Language changed.' })).toBeVisible();
}

async function userId(request: APIRequestContext, account: Account): Promise<string> {
  return (await apiSession(request, account)).userId;
}

test.describe('English beside Ukrainian', () => {
  test('a visitor switches /login to English, signs in, and the choice sticks', async ({
    page,
    request,
  }, testInfo) => {
    const student = await createStudent(request, `Language Visitor ${run}`);
    await page.goto('/login');
    await waitForSettledPage(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await expect(
      page.getByText('Увійдіть за номером телефону, щоб продовжити навчання.'),
    ).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, '/login in Ukrainian');

    const switcher = page.getByRole('group', { name: 'Мова сайту' });
    await switcher.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('group', { name: 'Site language' }).getByRole('button', { name: 'English' }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The specification's heading stays; the rest reads English.
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    await expect(
      page.getByText('Sign in with your telephone number to continue learning.'),
    ).toBeVisible();
    const onLogin: string[] = [];
    for (const text of await cyrillicTexts(page)) onLogin.push(`/login: ${text}`);
    expect(onLogin, onLogin.join('\n')).toEqual([]);
    await expectNoSeriousViolations(page, testInfo, '/login in English');

    await page.getByLabel('Telephone').fill(student.telephone);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/my-courselist$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // The account took the choice (the server says so), and a reload speaks it.
    const session = await apiSession(request, student);
    await expect
      .poll(async () => {
        const me = await request.post('/api/auth/getUser', { headers: session.headers });
        return ((await me.json()) as { user: { language: string } }).user.language;
      })
      .toBe('en');
    await page.reload();
    await waitForSettledPage(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.goto('/settings');
    await waitForSettledPage(page);
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Українська' })).not.toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectNoSeriousViolations(page, testInfo, '/settings in English');

    // Back to Ukrainian on /settings: the page and <html lang> follow.
    await page.getByRole('radio', { name: 'Українська' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await expect(page.getByRole('status').filter({ hasText: 'Мову змінено.' })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, '/settings in Ukrainian');
  });

  test("a teacher's and an operator's day, read in English", async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const teacher = await createStudent(request, `Journey Teacher ${run}`);
    const operator = await createStudent(request, `Journey Operator ${run}`);
    const student = await createStudent(request, `Journey Student ${run}`);

    // The demo operator appoints the journey's operator; it makes the teacher a teacher.
    const demo = await apiSession(request, demoOperator);
    const appointed = await request.put(
      `/api/admin/users/${await userId(request, operator)}/operator`,
      {
        headers: demo.headers,
        data: { isOperator: true },
      },
    );
    expect(appointed.status()).toBe(200);
    const operatorSession = await apiSession(request, operator);
    const promoted = await request.put(`/api/admin/users/${await userId(request, teacher)}/role`, {
      headers: operatorSession.headers,
      data: { role: 'teacher' },
    });
    expect(promoted.status()).toBe(200);

    // ---- The teacher chooses English on /settings ----
    const teacherPage = await (
      await signedInContext(browser, request, baseURL!, teacher)
    ).newPage();
    await chooseEnglishOnSettings(teacherPage);

    // Their course, spoken in English from now on (its first section is named in English).
    const session = await apiSession(request, teacher);
    const course = await createCourseThroughApi(request, session.headers, {
      title: `Journey Physics ${run}`,
      description: 'Forces, motion and energy, for the journey.',
      category: 'Science',
    });
    const outline = await (
      await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
    ).json();
    const sectionId = outline.sections[0]._id as string;
    const paragraph = (text: string) => ({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
    });
    const lessonResponse = await request.post(`/api/courses/${course._id}/lessons`, {
      headers: session.headers,
      data: {
        sectionId,
        title: 'Newton laws',
        published: true,
        body: paragraph('A body keeps its motion unless a force acts on it.'),
      },
    });
    expect(lessonResponse.status()).toBe(201);
    const lessonId = ((await lessonResponse.json()) as { lesson: { _id: string } }).lesson._id;
    const assignmentResponse = await request.post(`/api/courses/${course._id}/assignments`, {
      headers: session.headers,
      data: {
        sectionId,
        title: 'Measure a pendulum',
        instructions: paragraph('Time ten swings and work out the period.'),
        published: true,
      },
    });
    expect(assignmentResponse.status()).toBe(201);
    const assignmentId = ((await assignmentResponse.json()) as { assignment: { _id: string } })
      .assignment._id;

    // A student hands in work, which the teacher grades: the gradebook and notifications have rows.
    const studentSession = await apiSession(request, student);
    await request.put('/api/auth/updateUser', {
      headers: studentSession.headers,
      data: {
        username: student.username,
        telephone: student.telephone,
        email: `${student.telephone.slice(1)}@example.com`,
        bio: '',
        language: 'en',
      },
    });
    const enrolled = await request.post(`/api/courses/${course._id}/enroll`, {
      headers: studentSession.headers,
    });
    expect(enrolled.ok()).toBe(true);
    const upload = await request.post('/api/courses/upload-homework', {
      headers: studentSession.headers,
      multipart: {
        courseId: course._id,
        assignmentId,
        file: { name: 'pendulum.txt', mimeType: 'text/plain', buffer: Buffer.from('2.1 s\n') },
      },
    });
    expect(upload.status()).toBe(201);
    const homeworkId = ((await upload.json()) as { homework: { _id: string } }).homework._id;
    expect(
      (
        await request.put(`/api/homework/${homeworkId}/grade`, {
          headers: session.headers,
          data: { grade: '10', feedback: 'Well measured.' },
        })
      ).status(),
    ).toBe(200);

    const teacherFindings: string[] = [];
    for (const path of [
      '/my-courselist',
      `/mycourse-details/${course._id}`,
      `/mycourse-details/${course._id}/lessons/${lessonId}`,
      `/mycourse-details/${course._id}/assignments/${assignmentId}`,
      `/mycourse-details/${course._id}/gradebook`,
      '/notifications',
      '/settings',
    ])
      await readInEnglish(teacherPage, path, teacherFindings);

    // ---- The student, English on their account: their grades and notifications ----
    const studentPage = await (
      await signedInContext(browser, request, baseURL!, student)
    ).newPage();
    const studentFindings: string[] = [];
    for (const path of [
      '/my-courselist',
      `/mycourse-details/${course._id}/lessons/${lessonId}`,
      `/mycourse-details/${course._id}/assignments/${assignmentId}`,
      '/grades',
      '/notifications',
    ])
      await readInEnglish(studentPage, path, studentFindings);

    // ---- The operator chooses English on /settings and walks the console ----
    const operatorPage = await (
      await signedInContext(browser, request, baseURL!, operator)
    ).newPage();
    await chooseEnglishOnSettings(operatorPage);
    const operatorFindings: string[] = [];
    /** Searches with the page's own field, and waits until every row is the journey's. */
    const search = (label: RegExp, value: string) => async () => {
      const field = operatorPage
        .getByRole('searchbox', { name: label })
        .or(operatorPage.getByRole('textbox', { name: label }))
        .first();
      await field.fill(value);
      await field.press('Enter');
      await expect
        .poll(async () => {
          const rows = await operatorPage.locator('main tbody tr, main article').allInnerTexts();
          return rows.length > 0 && rows.every((row) => row.includes(value));
        })
        .toBe(true);
    };
    await readInEnglish(operatorPage, '/admin', operatorFindings);
    // The demo's applications are other people's words: their name and answers are left out.
    await readInEnglish(operatorPage, '/admin/applications', operatorFindings, [
      'article h2',
      'article dd',
    ]);
    // Narrowed to the journey's accounts and course by the pages' own search.
    await readInEnglish(
      operatorPage,
      '/admin/users',
      operatorFindings,
      [],
      search(/^(Name or telephone|Ім'я або телефон)$/, `Journey`),
    );
    await readInEnglish(
      operatorPage,
      '/admin/courses',
      operatorFindings,
      [],
      search(
        /^(Title, description or category|Назва, опис або категорія)$/,
        `Journey Physics ${run}`,
      ),
    );
    await readInEnglish(
      operatorPage,
      '/admin/audit',
      operatorFindings,
      [],
      search(/^(Who|Хто)$/, `Journey Operator ${run}`),
    );

    expectAllEnglish(
      [
        ...teacherFindings.map((line) => `teacher ${line}`),
        ...studentFindings.map((line) => `student ${line}`),
        ...operatorFindings.map((line) => `operator ${line}`),
      ],
      'the day in English',
    );
  });
});
