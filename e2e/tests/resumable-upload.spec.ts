import fs from 'node:fs';
import type { Page, Request, Route } from '@playwright/test';
import { apiSession } from '../a11y.ts';
import {
  createCourseThroughApi,
  createStudent,
  DEMO_ACCOUNTS,
  expect,
  signedInContext,
  test,
} from '../fixtures.ts';

/**
 * Homework through the resumable uploads (tus, DESIGN section 15): a student
 * hands in a file and sees it listed; a connection dropped mid-upload shows
 * the waiting message and the upload then completes from where it stopped; a
 * reload mid-upload and the same file chosen again continues the same upload
 * from the bytes the server has; a file the server refuses at the end shows
 * the server's message.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;
const CHUNK = 4 * 1024 * 1024;
const WAITING = "З'єднання перервано — продовжимо, щойно мережа повернеться";
const UPLOADED = 'Домашнє завдання завантажено.';

/** A PDF of `size` bytes (its type is read from its first bytes), written where the test keeps its files. */
function pdfFile(path: string, size: number): string {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  const body = Buffer.alloc(size - head.length - tail.length, 0x20);
  fs.writeFileSync(path, Buffer.concat([head, body, tail]));
  return path;
}

/** The tus requests a page sends, as seen on the wire. */
function recordUploads(page: Page) {
  const seen: { method: string; url: string; offset: number | null }[] = [];
  const listener = (request: Request) => {
    if (!/\/api\/uploads(\/|$)/.test(new URL(request.url()).pathname)) return;
    const offset = request.headers()['upload-offset'];
    seen.push({
      method: request.method(),
      url: request.url(),
      offset: offset === undefined ? null : Number(offset),
    });
  };
  page.on('request', listener);
  return {
    seen,
    of: (method: string) => seen.filter((entry) => entry.method === method),
    stop: () => page.off('request', listener),
  };
}

test('homework goes through a resumable upload: dropped connection, reload, refusal', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Фізика в побуті ${Date.now()}`,
    description: 'Звідки береться струм у розетці і чому чайник шумить.',
    category: 'Фізика',
    homeworkTask: 'Опишіть три прилади у вашій кухні.',
  });
  const student = await createStudent(request, `Остап Фізичний ${Date.now() % 10000}`);
  const studentSession = await apiSession(request, student);
  expect(
    (
      await request.post(`/api/courses/${course._id}/enroll`, { headers: studentSession.headers })
    ).status(),
  ).toBe(200);

  const context = await signedInContext(browser, request, baseURL!, student);
  const page = await context.newPage();
  const fileInput = () => page.getByLabel('Файл домашнього завдання');
  const send = () => page.getByRole('button', { name: 'Надіслати роботу' }).click();
  const mine = () => page.getByRole('region', { name: 'Ваші роботи' });

  await page.goto(`/mycourse-details/${course._id}`);
  await page
    .getByRole('region', { name: 'Завдання', exact: true })
    .getByRole('link', { name: 'Домашнє завдання' })
    .click();
  await expect(page.getByText('Опишіть три прилади у вашій кухні.')).toBeVisible();
  const assignmentUrl = page.url();

  await test.step('a student hands in homework through tus and sees it listed', async () => {
    const wire = recordUploads(page);
    await fileInput().setInputFiles(pdfFile(testInfo.outputPath('Кухня.pdf'), 40_000));
    await page.getByLabel('Коментар').fill('Чайник, мікрохвильовка, холодильник.');
    await send();
    await expect(page.getByText(UPLOADED)).toBeVisible();
    await expect(mine().getByText('Кухня.pdf').first()).toBeVisible();
    wire.stop();
    expect(wire.of('POST')).toHaveLength(1);
    expect(wire.of('PATCH').map((entry) => entry.offset)).toEqual([0]);
  });

  await test.step('a dropped connection mid-upload waits for the network, then completes', async () => {
    const wire = recordUploads(page);
    let dropped = false;
    await page.route('**/api/uploads/*', async (route: Route) => {
      const offset = Number(route.request().headers()['upload-offset'] ?? 0);
      if (!dropped && route.request().method() === 'PATCH' && offset >= CHUNK) {
        dropped = true;
        await context.setOffline(true);
        await route.abort('internetdisconnected');
        return;
      }
      await route.continue();
    });
    await fileInput().setInputFiles(pdfFile(testInfo.outputPath('Струм.pdf'), 3 * CHUNK + 5000));
    await send();
    await expect(page.getByText(WAITING)).toBeVisible({ timeout: 20_000 });
    const bar = page.getByRole('progressbar', { name: 'Надсилання файлу' });
    // The bar keeps the chunk the server has.
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(25);
    await context.setOffline(false);
    await expect(page.getByText(UPLOADED)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(WAITING)).toHaveCount(0);
    await expect(mine().getByText('Струм.pdf').first()).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });
    wire.stop();
    // One upload, continued from the byte where it stopped: the first chunk was not sent again.
    expect(wire.of('POST')).toHaveLength(1);
    const offsets = wire.of('PATCH').map((entry) => entry.offset);
    expect(offsets.filter((offset) => offset === 0)).toHaveLength(1);
    expect(offsets.at(-1)).toBe(3 * CHUNK);
  });

  await test.step('a reload mid-upload, then the same file again, resumes the same upload', async () => {
    const path = pdfFile(testInfo.outputPath('Чайник.pdf'), 3 * CHUNK + 7000);
    const first = recordUploads(page);
    let hold!: () => void;
    const held = new Promise<void>((resolve) => (hold = resolve));
    let reloaded = false;
    await page.route('**/api/uploads/*', async (route: Route) => {
      const offset = Number(route.request().headers()['upload-offset'] ?? 0);
      if (!reloaded && route.request().method() === 'PATCH' && offset >= 2 * CHUNK) {
        // The page is reloaded while this chunk is on its way: it never arrives.
        hold();
        return;
      }
      await route.continue();
    });
    await fileInput().setInputFiles(path);
    await send();
    await held;
    first.stop();
    expect(first.of('POST')).toHaveLength(1);
    const uploadUrl = first.of('PATCH')[0]!.url;
    expect(first.of('PATCH').map((entry) => entry.offset)).toEqual([0, CHUNK, 2 * CHUNK]);
    reloaded = true;
    await page.reload();
    await expect(page.getByText('Опишіть три прилади у вашій кухні.')).toBeVisible();
    expect(page.url()).toBe(assignmentUrl);

    const second = recordUploads(page);
    await fileInput().setInputFiles(path);
    await send();
    await expect(page.getByText(UPLOADED)).toBeVisible({ timeout: 30_000 });
    await expect(mine().getByText('Чайник.pdf').first()).toBeVisible();
    second.stop();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // No new upload: the server is asked where the kept one stands, and the bytes it has are not sent again.
    expect(second.of('POST')).toHaveLength(0);
    expect(second.of('HEAD').map((entry) => entry.url)).toEqual([uploadUrl]);
    const offsets = second.of('PATCH').map((entry) => entry.offset);
    expect(offsets[0]).toBe(2 * CHUNK);
    expect(second.of('PATCH').every((entry) => entry.url === uploadUrl)).toBe(true);
  });

  await test.step("a file the server refuses shows the server's message", async () => {
    // A GIF under a .pdf name: the browser lets it through, the server reads its bytes.
    const path = testInfo.outputPath('Схема.pdf');
    fs.writeFileSync(path, Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(2000, 1)]));
    await fileInput().setInputFiles(path);
    await send();
    await expect(
      page.getByText(
        'Непідтримуваний тип файлу. Дозволено: PDF, DOC, DOCX, ODT, TXT, RTF, ZIP, JPEG, PNG, WebP.',
      ),
    ).toBeVisible();
    await expect(page.getByText(UPLOADED)).toHaveCount(0);
    await expect(mine().getByText('Схема.pdf')).toHaveCount(0);
  });

  await context.close();
});
