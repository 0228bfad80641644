import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, Request } from '@playwright/test';
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
 * Math in documents: a physics teacher types `\frac{v^2}{2g}` in the lesson
 * editor and sees it drawn; a student sees it on the lesson page, drawn by
 * KaTeX under the CSP (a refused stylesheet or font would be a console
 * error); a broken formula shows its error in place; and a lesson without a
 * formula loads no KaTeX at all.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

async function addLesson(
  request: APIRequestContext,
  headers: Record<string, string>,
  courseId: string,
  sectionId: string,
  title: string,
  content: unknown[],
) {
  const created = await request.post(`/api/courses/${courseId}/lessons`, {
    headers,
    data: { sectionId, title, body: { type: 'doc', content }, published: true },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { lesson: { _id: string } }).lesson._id;
}

/** The file a source module of the web app became (the build's manifest; chunks are named by hash). */
function builtFile(source: string): string {
  const manifest = JSON.parse(
    fs.readFileSync(
      path.resolve(import.meta.dirname, '../../apps/web/dist/.vite/manifest.json'),
      'utf8',
    ),
  ) as Record<string, { file: string; src?: string }>;
  const entry = Object.values(manifest).find((chunk) => chunk.src === source);
  if (!entry) throw new Error(`no ${source} in the build's manifest`);
  return `/${entry.file}`;
}
const LESSON_PAGE_CHUNK = builtFile('src/features/content/lesson-page.tsx');
const MATH_CHUNK = builtFile('src/components/document/math-formula.tsx');

/** KaTeX: the formula chunk, its stylesheet or its fonts. */
const isKatexUrl = (url: string) =>
  url.endsWith(MATH_CHUNK) || /math-formula-|KaTeX_/.test(new URL(url).pathname);
const isKatex = (request: Request) => isKatexUrl(request.url());

/** Console errors of a page the test's own fixture does not watch (a context of its own). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a teacher writes a formula with a live preview; a student sees it drawn, and KaTeX loads only where there is math', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Фізика руху ${Date.now()}`,
    description: 'Кінематика й динаміка для 9 класу.',
    category: 'Фізика',
  });
  const outline = await (
    await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
  ).json();
  const sectionId = outline.sections[0]._id as string;
  const withMath = await addLesson(
    request,
    session.headers,
    course._id,
    sectionId,
    'Висота підйому',
    [paragraph('Тіло кинули вгору зі швидкістю v.')],
  );
  const plain = await addLesson(request, session.headers, course._id, sectionId, 'Без формул', [
    paragraph('Лише текст.'),
  ]);
  const coursePath = `/mycourse-details/${course._id}`;

  const teacherContext = await signedInContext(browser, request, baseURL!, teacher);
  const teacherPage = await teacherContext.newPage();
  const teacherErrors = consoleErrors(teacherPage);

  await test.step('the teacher types the formula and sees it drawn as it is typed', async () => {
    await teacherPage.goto(`${coursePath}/lessons/${withMath}/edit`);
    const text = teacherPage.getByRole('textbox', { name: 'Текст уроку' });
    await text.click();
    await teacherPage.keyboard.press('Control+End');
    await teacherPage.keyboard.type(' Найбільша висота h = ');
    await teacherPage.getByRole('button', { name: 'Формула', exact: true }).click();
    const latex = teacherPage.getByLabel('LaTeX, наприклад \\frac{v^2}{2g}');
    await expect(latex).toBeFocused();
    await teacherPage.keyboard.type('\\frac{v^2');
    const preview = teacherPage.getByTestId('math-preview');
    await expect(preview.getByRole('note')).toContainText('Помилка у формулі');
    await teacherPage.keyboard.type('}{2g}');
    await expect(preview.locator('.katex .mfrac')).toBeVisible();
    await expect(preview.getByRole('note')).toHaveCount(0);
    await teacherPage.getByRole('button', { name: 'Вставити формулу' }).click();
    await expect(text.locator('[data-type="inlineMath"] .katex .mfrac')).toBeVisible();
    // A block formula, from the keyboard alone: Control+Shift+M opens the tool.
    await text.click();
    await teacherPage.keyboard.press('Control+End');
    await teacherPage.keyboard.press('Control+Shift+M');
    await expect(latex).toBeFocused();
    await teacherPage.keyboard.type('\\sqrt{\\frac{2h}{g}}');
    await teacherPage.getByLabel('Окремим рядком (інакше — у рядку тексту)').check();
    await teacherPage.getByRole('button', { name: 'Вставити формулу' }).click();
    await expect(text.locator('[data-type="blockMath"] .katex-display')).toBeVisible();
    await expect(teacherPage.getByTestId('save-status')).toHaveText('Усі зміни збережено.');
    await expectNoSeriousViolations(teacherPage, testInfo, 'lesson editor with the formula tool');
    await teacherPage.getByRole('button', { name: 'Формула', exact: true }).click();
    await expectNoSeriousViolations(teacherPage, testInfo, 'formula tool open');
    const saved = await (
      await request.get(`/api/lessons/${withMath}`, { headers: session.headers })
    ).json();
    expect(JSON.stringify(saved.lesson.body)).toContain(
      JSON.stringify({ type: 'inlineMath', attrs: { latex: '\\frac{v^2}{2g}' } }),
    );
    expect(JSON.stringify(saved.lesson.body)).toContain(
      JSON.stringify({ type: 'blockMath', attrs: { latex: '\\sqrt{\\frac{2h}{g}}' } }),
    );
  });
  // KaTeX's SVG parts are sized through the CSSOM, never a refused style attribute. (The editor's
  // own stylesheet, a <style> element TipTap adds, is refused by the CSP too: not a formula's.)
  expect(teacherErrors.filter((text) => /style attributes|KaTeX|katex/.test(text))).toEqual([]);
  await teacherContext.close();

  const student = await createStudent(request, 'Оксана Фізик');
  const studentSession = await apiSession(request, student);
  expect(
    (
      await request.post(`/api/courses/${course._id}/enroll`, { headers: studentSession.headers })
    ).status(),
  ).toBe(200);
  const studentContext = await signedInContext(browser, request, baseURL!, student);
  const studentPage = await studentContext.newPage();
  const studentErrors = consoleErrors(studentPage);
  const katexRequests: string[] = [];
  studentPage.on('request', (request) => {
    if (isKatex(request)) katexRequests.push(request.url());
  });

  await test.step('a lesson without a formula loads no KaTeX', async () => {
    await studentPage.goto(`${coursePath}/lessons/${plain}`);
    await waitForSettledPage(studentPage);
    await expect(studentPage.getByText('Лише текст.')).toBeVisible();
    // The document is drawn: a formula in it would have asked for KaTeX by now.
    const loaded = await studentPage.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(loaded.some((url) => url.endsWith(LESSON_PAGE_CHUNK))).toBe(true);
    expect(loaded.filter(isKatexUrl)).toEqual([]);
    expect(katexRequests).toEqual([]);
  });

  await test.step('the student sees the formulas drawn, KaTeX loaded for them', async () => {
    await studentPage.goto(`${coursePath}/lessons/${withMath}`);
    await waitForSettledPage(studentPage);
    const inline = studentPage.locator('[data-math="inline"] .katex');
    await expect(inline.locator('.mfrac')).toBeVisible();
    // The fonts arrived: KaTeX's own face draws the fraction (a refused font would fall back).
    await expect
      .poll(() => studentPage.evaluate(() => document.fonts.check('16px KaTeX_Main')))
      .toBe(true);
    await expect(studentPage.locator('[data-math="block"] .katex-display')).toBeVisible();
    expect(katexRequests.some((url) => url.endsWith(MATH_CHUNK))).toBe(true);
    expect(katexRequests.some((url) => /math-formula-.*\.css/.test(url))).toBe(true);
    expect(katexRequests.some((url) => /KaTeX_.*\.woff2/.test(url))).toBe(true);
    await expectNoSeriousViolations(studentPage, testInfo, 'lesson with formulas');
    // No stylesheet, font or style refused by the CSP, nothing thrown.
    expect(studentErrors).toEqual([]);
  });

  await test.step('a broken formula shows its error in place, and the page goes on', async () => {
    const broken = await addLesson(request, session.headers, course._id, sectionId, 'Помилка', [
      { type: 'blockMath', attrs: { latex: '\\frac{v^2' } },
      paragraph('Текст після формули.'),
    ]);
    await studentPage.goto(`${coursePath}/lessons/${broken}`);
    await waitForSettledPage(studentPage);
    await expect(studentPage.getByRole('note')).toContainText('\\frac{v^2');
    await expect(studentPage.getByRole('note')).toContainText('Помилка у формулі');
    await expect(studentPage.getByText('Текст після формули.')).toBeVisible();
  });
  await studentContext.close();
});
