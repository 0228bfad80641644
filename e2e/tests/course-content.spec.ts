import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSession, expectNoSeriousViolations, waitForSettledPage } from '../a11y.ts';
import {
  createCourseThroughApi,
  createStudent,
  DEMO_ACCOUNTS,
  expect,
  signIn,
  test,
} from '../fixtures.ts';

/**
 * Course content: a teacher builds and orders a
 * section with a lesson and publishes it; a student watches its video,
 * downloads its file and marks it done; a signed-out visitor sees the
 * syllabus. Every new page is scanned by axe.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;

/** A short WebM recorded from a canvas by the browser itself (no video file in the repository). */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    const stream = canvas.captureStream(25);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = performance.now() - started;
        context.fillStyle = `hsl(${Math.round(t / 10) % 360} 70% 50%)`;
        context.fillRect(0, 0, 160, 120);
        if (t < 2500) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

const coverPath = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/db/demo-covers/physics.jpg',
);

/** A real (tiny) PDF, so the server's byte check accepts it. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

function createCourse(request: APIRequestContext, headers: Record<string, string>) {
  return createCourseThroughApi(request, headers, {
    title: `Хімія навколо нас ${Date.now()}`,
    description: 'Реакції, які відбуваються на кухні й у саду.',
    category: 'Хімія',
    homeworkTask: 'Опишіть одну реакцію з вашої кухні.',
  });
}

test('a teacher builds a lesson, a student learns it, a visitor sees the syllabus', async ({
  browser,
  request,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(180_000);
  const session = await apiSession(request, teacher);
  const course = await createCourse(request, session.headers);
  const coursePath = `/mycourse-details/${course._id}`;
  const teacherPage = await (await browser.newContext()).newPage();
  let lessonId = '';

  await test.step('the teacher adds a section and a lesson on the course page', async () => {
    await signIn(teacherPage, teacher, coursePath);
    await teacherPage.getByLabel('Назва нового розділу').fill('Реакції на кухні');
    await teacherPage.getByRole('button', { name: 'Додати розділ' }).click();
    await expect(teacherPage.getByRole('heading', { name: 'Реакції на кухні' })).toBeVisible();
    await teacherPage
      .getByLabel('Назва нового уроку в розділі «Реакції на кухні»')
      .fill('Сода й оцет');
    await teacherPage.getByRole('button', { name: 'Додати урок' }).nth(1).click();
    await expect(teacherPage.getByRole('link', { name: 'Сода й оцет' })).toBeVisible();
    const outline = await (
      await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
    ).json();
    lessonId = outline.sections[1].items[0]._id;
  });

  await test.step('the teacher writes the lesson in the editor, with a file and a video', async () => {
    await teacherPage.getByRole('link', { name: 'Сода й оцет' }).click();
    await expect(teacherPage).toHaveURL(new RegExp(`/lessons/${lessonId}/edit$`));
    const text = teacherPage.getByRole('textbox', { name: 'Текст уроку' });
    await text.click();
    // A toolbar button gives the text its focus back on the next frame, not at once: the keys
    // wait for it (a busy machine once sent the first letter elsewhere).
    await teacherPage.getByRole('button', { name: 'Заголовок 2' }).click();
    await expect(text).toBeFocused();
    await teacherPage.keyboard.type('Що потрібно');
    await teacherPage.keyboard.press('Enter');
    await teacherPage.getByRole('button', { name: 'Маркований список' }).click();
    await expect(text).toBeFocused();
    await teacherPage.keyboard.type('Харчова сода');
    await teacherPage.keyboard.press('Enter');
    await teacherPage.keyboard.type('Столовий оцет');
    await teacherPage.keyboard.press('Enter');
    await teacherPage.keyboard.press('Enter');
    await teacherPage.keyboard.type('Докладніше про реакцію');
    await teacherPage.keyboard.press('Shift+Home');
    await teacherPage.getByRole('button', { name: 'Посилання', exact: true }).click();
    await teacherPage
      .getByLabel('Адреса посилання (https://… або mailto:…)')
      .fill('https://uk.wikipedia.org/wiki/Сода');
    await teacherPage.getByRole('button', { name: 'Додати', exact: true }).click();
    await expect(teacherPage.getByTestId('save-status')).toHaveText('Усі зміни збережено.');

    // An image: uploaded as a file of the lesson, shown in the text through its signed link.
    await text.click();
    await teacherPage.keyboard.press('Control+End');
    await teacherPage.keyboard.press('Enter');
    await teacherPage.getByLabel('Зображення з файлу').setInputFiles(coverPath);
    const image = text.getByRole('img', { name: 'physics.jpg' });
    await expect(image).toHaveAttribute('src', /\/api\/attachments\/.+\/file\?u=.+&sig=/);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(teacherPage.getByTestId('save-status')).toHaveText('Усі зміни збережено.');

    await teacherPage.getByLabel('Додати файл').setInputFiles({
      name: 'Конспект.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(teacherPage.getByRole('link', { name: 'Конспект.pdf' })).toBeVisible();
    const webm = await recordWebm(teacherPage);
    await teacherPage.getByLabel('Завантажити відео (MP4 або WebM)').setInputFiles({
      name: 'дослід.webm',
      mimeType: 'video/webm',
      buffer: webm,
    });
    await expect(teacherPage.getByText('Завантажене відео: дослід.webm')).toBeVisible();
    await waitForSettledPage(teacherPage);
    await expectNoSeriousViolations(teacherPage, testInfo, 'the lesson editor');

    const lesson = (
      await (await request.get(`/api/lessons/${lessonId}`, { headers: session.headers })).json()
    ).lesson;
    const saved = JSON.stringify(lesson.body);
    expect(saved).toContain('"level":2');
    expect(saved).toContain('bulletList');
    expect(saved).toContain('"href":"https://uk.wikipedia.org/wiki/Сода"');
    expect(saved).toMatch(/"src":"attachment:[^"]+"/);
  });

  await test.step('a failed save is shown, survives a reload and is retried', async () => {
    allowConsoleError(/status of 503/);
    await teacherPage.route(`**/api/lessons/${lessonId}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 503, json: { message: 'Сервер недоступний.' } })
        : route.fallback(),
    );
    const text = teacherPage.getByRole('textbox', { name: 'Текст уроку' });
    await text.click();
    await teacherPage.keyboard.press('Control+End');
    await teacherPage.keyboard.press('Enter');
    await teacherPage.keyboard.type('Обережно з оцтом!');
    await expect(teacherPage.getByTestId('save-status')).toContainText('Не вдалося зберегти');
    await teacherPage.reload();
    await expect(teacherPage.getByRole('textbox', { name: 'Текст уроку' })).toContainText(
      'Обережно з оцтом!',
    );
    await expect(teacherPage.getByTestId('save-status')).toContainText(
      'Відновлено незбережені зміни',
    );
    await teacherPage.unroute(`**/api/lessons/${lessonId}`);
    await expect(teacherPage.getByTestId('save-status')).toHaveText('Усі зміни збережено.', {
      timeout: 15_000,
    });
    const lesson = (
      await (await request.get(`/api/lessons/${lessonId}`, { headers: session.headers })).json()
    ).lesson;
    expect(JSON.stringify(lesson.body)).toContain('Обережно з оцтом!');
    await teacherPage.getByRole('link', { name: /До курсу/ }).click();
  });

  await test.step('the teacher moves the section first with the keyboard and publishes', async () => {
    // A second lesson, dragged with the mouse above the first.
    await teacherPage
      .getByLabel('Назва нового уроку в розділі «Реакції на кухні»')
      .fill('Лимонна кислота');
    await teacherPage.getByRole('button', { name: 'Додати урок' }).nth(1).click();
    const items = teacherPage.getByTestId('outline-section').nth(1).getByTestId('outline-item');
    await expect(items).toHaveCount(2);
    await items.nth(1).dragTo(items.nth(0));
    await expect(items.nth(0)).toContainText('Лимонна кислота');
    await expect(items.nth(1)).toContainText('Сода й оцет');

    const up = teacherPage.getByRole('button', { name: 'Перемістити «Реакції на кухні» вище' });
    await up.focus();
    await teacherPage.keyboard.press('Enter');
    await expect(teacherPage.getByTestId('outline-section').first()).toContainText(
      'Реакції на кухні',
    );
    // A controlled box: it turns checked once the server has published the lesson.
    await teacherPage.getByRole('checkbox', { name: 'Опублікувати «Сода й оцет»' }).click();
    await expect(
      teacherPage.getByRole('checkbox', { name: 'Зняти з публікації «Сода й оцет»' }),
    ).toBeChecked();
    const outline = await (
      await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
    ).json();
    expect(outline.sections[0].title).toBe('Реакції на кухні');
    expect(
      outline.sections[0].items.map((item: { title: string; published: boolean }) => [
        item.title,
        item.published,
      ]),
    ).toEqual([
      ['Лимонна кислота', false],
      ['Сода й оцет', true],
    ]);
    await waitForSettledPage(teacherPage);
    await expectNoSeriousViolations(teacherPage, testInfo, 'the teacher’s course page');
  });

  const student = await createStudent(request, `Студентка ${Date.now() % 100000}`);
  const studentPage = await (await browser.newContext()).newPage();

  await test.step('a student enrols and sees the outline and the progress bar', async () => {
    const studentSession = await apiSession(request, student);
    expect(
      (
        await request.post(`/api/courses/${course._id}/enroll`, { headers: studentSession.headers })
      ).status(),
    ).toBe(200);
    await signIn(studentPage, student, coursePath);
    await expect(studentPage.getByText('Пройдено 0 з 1 уроків')).toBeVisible();
    await expect(studentPage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  await test.step('the lesson page: text, video plays, file downloads, no editor code', async () => {
    const scripts: string[] = [];
    studentPage.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.push(await response.text().catch(() => ''));
    });
    await studentPage.getByRole('link', { name: 'Сода й оцет' }).click();
    await expect(studentPage.getByRole('heading', { level: 1, name: 'Сода й оцет' })).toBeVisible();
    await expect(studentPage.getByRole('heading', { level: 2, name: 'Що потрібно' })).toBeVisible();
    await expect(
      studentPage.getByRole('listitem').filter({ hasText: 'Харчова сода' }),
    ).toBeVisible();
    const link = studentPage.getByRole('link', { name: 'Докладніше про реакцію' });
    await expect(link).toHaveAttribute('href', 'https://uk.wikipedia.org/wiki/Сода');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');

    const picture = studentPage.getByRole('img', { name: 'physics.jpg' });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);

    const video = studentPage.locator('video');
    await expect(video).toHaveAttribute('src', /\/api\/lessons\/.+\/video\?u=.+&exp=\d+&sig=/);
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.3);

    const download = studentPage.waitForEvent('download');
    await studentPage.getByRole('link', { name: 'Завантажити «Конспект.pdf»' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Конспект.pdf');
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);

    await waitForSettledPage(studentPage);
    await expectNoSeriousViolations(studentPage, testInfo, 'the lesson page');
    // The editor (TipTap, ProseMirror) is never in a student's JavaScript.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((code) => /prosemirror|tiptap/i.test(code))).toEqual([]);
  });

  await test.step('the student marks it done and the progress bar moves', async () => {
    await studentPage.getByRole('button', { name: 'Позначити як пройдене' }).click();
    await expect(studentPage.getByText('✓ Урок пройдено')).toBeVisible();
    await studentPage.getByRole('link', { name: /До курсу/ }).click();
    await expect(studentPage.getByText('Пройдено 1 з 1 уроків')).toBeVisible();
    await expect(studentPage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
  });

  await test.step("the teacher sees the student's progress", async () => {
    // The students' progress is in the course page's 'Студенти' tab.
    await teacherPage.reload();
    await teacherPage
      .getByRole('navigation', { name: 'Розділи курсу' })
      .getByRole('link', { name: 'Студенти' })
      .click();
    await expect(
      teacherPage.getByRole('row', { name: new RegExp(student.username) }),
    ).toContainText('1 з 1');
  });

  await test.step('a signed-out visitor sees the syllabus, not the lesson', async () => {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(coursePath);
    await expect(visitor.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Реакції на кухні' })).toBeVisible();
    await expect(visitor.getByText('Сода й оцет')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Сода й оцет' })).toHaveCount(0);
    await waitForSettledPage(visitor);
    await expectNoSeriousViolations(visitor, testInfo, 'the public course page');
  });
});
