import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
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
 * Courses saved for offline (DESIGN section 15): a student saves a course
 * (its size shown first, a progress bar), goes offline, reloads — the app
 * opens signed in from the service worker, the lesson from the device, with
 * its image and its attachment from the saved bytes, not the signed links —,
 * a page never saved says it needs the network, /settings lists the course,
 * and signing out removes it from the device. The worker is needed for the
 * offline reload, so this journey allows it (the others block it).
 */
test.use({ serviceWorkers: 'allow' });

const SIGN_IN = 'Sign In';
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;
const imagePath = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/db/demo-covers/physics.jpg',
);
/** A real (tiny) PDF, so the server's byte check accepts it. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/** What the device keeps for offline: the saved courses' records and the files' caches. */
function deviceCopies(page: Page) {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter(
      (name) => name.startsWith('urok-saved-files:') || name === 'urok-session',
    );
    const courses = await new Promise<unknown[]>((resolve, reject) => {
      const opened = indexedDB.open('urok-saved-courses', 1);
      opened.onupgradeneeded = () => {
        opened.transaction?.abort();
        resolve([]);
      };
      opened.onerror = () => resolve([]);
      opened.onsuccess = () => {
        const db = opened.result;
        const all = db.transaction('courses').objectStore('courses').getAll();
        all.onsuccess = () => {
          db.close();
          resolve(all.result);
        };
        all.onerror = () => reject(all.error);
      };
    });
    return { caches: names.sort(), courses: courses.length };
  });
}

test('a student saves a course, reads its lesson with the image and the file offline after a reload, and signing out removes it', async ({
  browser,
  request,
  baseURL,
  allowConsoleError,
}) => {
  test.setTimeout(180_000);
  // Offline, the requests that cannot go (the bell, the page's reads) are logged by Chromium.
  allowConsoleError(/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_FAILED|Fetching/);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Зоряне небо ${Date.now()}`,
    description: 'Сузір’я, планети й місяць для допитливих.',
    category: 'Астрономія',
  });
  const outline = await (
    await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
  ).json();
  const lesson = async (title: string, text: string) => {
    const created = await request.post(`/api/courses/${course._id}/lessons`, {
      headers: session.headers,
      data: {
        sectionId: outline.sections[0]._id,
        title,
        published: true,
        body: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
        },
      },
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { lesson: { _id: string } }).lesson._id;
  };
  const lessonId = await lesson('Фази Місяця', 'Молодик, перша чверть, повня.');
  await lesson('Сузір’я', 'Велика Ведмедиця.');
  const attach = async (name: string, mimeType: string, buffer: Buffer) => {
    const response = await request.post(`/api/lessons/${lessonId}/attachments`, {
      headers: session.headers,
      multipart: { file: { name, mimeType, buffer } },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { attachment: { _id: string } }).attachment._id;
  };
  const imageId = await attach('moon.jpg', 'image/jpeg', fs.readFileSync(imagePath));
  await attach('Конспект.pdf', 'application/pdf', PDF);
  // The image in the lesson's text.
  expect(
    (
      await request.put(`/api/lessons/${lessonId}`, {
        headers: session.headers,
        data: {
          body: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [{ type: 'text', text: 'Молодик, перша чверть, повня.' }],
              },
              { type: 'image', attrs: { src: `attachment:${imageId}`, alt: 'Місяць' } },
            ],
          },
        },
      })
    ).status(),
  ).toBe(200);

  const student = await createStudent(request, `Офлайн ${Date.now() % 100000}`);
  const studentSession = await apiSession(request, student);
  expect(
    (
      await request.post(`/api/courses/${course._id}/enroll`, { headers: studentSession.headers })
    ).status(),
  ).toBe(200);

  const context = await signedInContext(browser, request, baseURL!, student);
  const page = await context.newPage();
  const coursePath = `/mycourse-details/${course._id}`;
  const lessonPath = `${coursePath}/lessons/${lessonId}`;

  await test.step('the course page measures the course, then saves it with a progress bar', async () => {
    await page.goto(coursePath);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const offline = page.getByRole('region', { name: 'Офлайн' });
    await offline.getByRole('button', { name: 'Зберегти для офлайн' }).click();
    await expect(offline.getByText(/^Уроки, зображення й файли: \d/)).toBeVisible();
    await expect(offline.getByText('У курсі немає завантажених відео.')).toBeVisible();
    // The bar is seen while the files download: the signed links answer slowly here.
    await page.route('**/api/attachments/*/file?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await offline.getByRole('button', { name: 'Зберегти', exact: true }).click();
    await expect(offline.getByRole('progressbar')).toBeVisible();
    await expect(offline.getByText('✓ Збережено для офлайн')).toBeVisible({ timeout: 15_000 });
    await page.unroute('**/api/attachments/*/file?*');
    await expect(offline.getByText(/^\d.*, збережено /)).toBeVisible();
    expect(await deviceCopies(page)).toMatchObject({ courses: 1 });
  });

  await test.step('/settings lists the saved course with its size and a delete', async () => {
    await page.goto('/settings');
    const saved = page.getByRole('region', { name: 'Курси, збережені для офлайн' });
    await expect(saved.getByRole('link', { name: course.title })).toBeVisible();
    await expect(saved.getByText(/^2 уроки, .*збережено/)).toBeVisible();
    await expect(
      saved.getByRole('button', { name: `Видалити «${course.title}» з пристрою` }),
    ).toBeVisible();
  });

  await test.step('offline, after a reload, the saved lesson opens with its image and file', async () => {
    // The worker controls the page once it has reloaded under it.
    await page.goto(lessonPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Фази Місяця' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toMatch(/\/sw\.js$/);
    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByText('Немає мережі. Відкриваються курси, збережені для офлайн'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Фази Місяця' })).toBeVisible();
    await expect(page.getByText('Молодик, перша чверть, повня.')).toBeVisible();
    const image = page.getByRole('img', { name: 'Місяць' });
    await expect(image).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    const file = page.getByRole('link', { name: /Конспект\.pdf/ });
    await expect(file).toHaveAttribute('href', /^blob:/);
    const downloading = page.waitForEvent('download');
    await file.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Конспект.pdf');
    expect(
      fs
        .readFileSync((await download.path())!)
        .subarray(0, 8)
        .toString('latin1'),
    ).toBe('%PDF-1.4');
    // The next lesson and the course page open from the device too.
    await page.getByRole('link', { name: /Сузір’я/ }).click();
    await expect(page.getByText('Велика Ведмедиця.')).toBeVisible();
    await page.getByRole('link', { name: /До курсу/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await expect(page.getByText('✓ Збережено для офлайн')).toBeVisible();
  });

  await test.step('offline, a page that was not saved says it needs the network', async () => {
    await page.goto('/mycourse-details/000000000000000000000000');
    await expect(page.getByText('Ця сторінка потребує мережі')).toBeVisible();
  });

  await test.step('offline, another token on this browser is not given the kept account', async () => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.evaluate(() => localStorage.setItem('token', 'another-accounts-token'));
    await page.goto(coursePath);
    // Signed out: the course's public page, which needs the network; nothing of the saved copy.
    await expect(page.getByRole('navigation').getByRole('link', { name: SIGN_IN })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Вийти з кабінету' })).toHaveCount(0);
    await expect(page.getByText('✓ Збережено для офлайн')).toHaveCount(0);
    await expect(page.getByText('Сузір’я')).toHaveCount(0);
    await page.evaluate((kept) => localStorage.setItem('token', kept!), token);
    await context.setOffline(false);
  });

  await test.step('signing out removes the saved course and the kept session from the device', async () => {
    await page.goto('/settings');
    await expect(page.getByRole('link', { name: course.title })).toBeVisible();
    expect((await deviceCopies(page)).caches).toEqual([
      `urok-saved-files:${studentSession.userId}`,
      'urok-session',
    ]);
    await page.getByRole('button', { name: 'Вийти з кабінету' }).click();
    await expect(page).toHaveURL(/\/start$/);
    await expect
      .poll(() => deviceCopies(page).catch(() => ({ caches: ['navigating'], courses: -1 })))
      .toEqual({ caches: [], courses: 0 });
  });
  await context.close();
});
