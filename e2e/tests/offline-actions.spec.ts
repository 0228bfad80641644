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
 * Actions given offline (DESIGN section 15): a student marks a lesson done
 * without a network; the mark waits on the device (IndexedDB), shows at once,
 * and reaches the server when the network returns, once. Signing out removes
 * what waits, and the resumable uploads' URLs, from the device.
 */
const teacher = DEMO_ACCOUNTS.find((account) => account.isTeacher)!;
const QUEUED = 'Немає зв’язку: позначку збережено на пристрої й буде надіслано';

/** The actions waiting in the device's queue (lib/offline-queue.ts), as its IndexedDB holds them. */
function queuedActions(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ account: string; method: string; url: string }[]>((resolve, reject) => {
        const opened = indexedDB.open('urok-offline', 1);
        opened.onupgradeneeded = () => {
          opened.result.createObjectStore('actions', { keyPath: 'id', autoIncrement: true });
        };
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const all = opened.result.transaction('actions').objectStore('actions').getAll();
          all.onsuccess = () => {
            opened.result.close();
            resolve(all.result as { account: string; method: string; url: string }[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

test('a lesson marked done offline reaches the server when the network returns; signing out forgets what waits', async ({
  browser,
  request,
  baseURL,
  allowConsoleError,
}) => {
  test.setTimeout(120_000);
  // Requests the browser could not send while offline are logged by Chromium itself.
  allowConsoleError(/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  const session = await apiSession(request, teacher);
  const course = await createCourseThroughApi(request, session.headers, {
    title: `Астрономія без мережі ${Date.now()}`,
    description: 'Зорі, планети й туманності для допитливих.',
    category: 'Астрономія',
  });
  const outline = await (
    await request.get(`/api/courses/${course._id}/outline`, { headers: session.headers })
  ).json();
  const created = await request.post(`/api/courses/${course._id}/lessons`, {
    headers: session.headers,
    data: {
      sectionId: outline.sections[0]._id,
      title: 'Фази Місяця',
      published: true,
      body: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Молодик і повня.' }] }],
      },
    },
  });
  expect(created.status()).toBe(201);
  const lessonId = ((await created.json()) as { lesson: { _id: string } }).lesson._id;
  const student = await createStudent(request, `Офлайн ${Date.now() % 100000}`);
  const studentSession = await apiSession(request, student);
  expect(
    (
      await request.post(`/api/courses/${course._id}/enroll`, { headers: studentSession.headers })
    ).status(),
  ).toBe(200);
  const completedOnServer = async () =>
    (
      (await (
        await request.get(`/api/courses/${course._id}/progress`, {
          headers: studentSession.headers,
        })
      ).json()) as { completed: number }
    ).completed;

  const context = await signedInContext(browser, request, baseURL!, student);
  const page = await context.newPage();
  const lessonPath = `/mycourse-details/${course._id}/lessons/${lessonId}`;

  await test.step('offline, the mark is kept on the device and shown at once', async () => {
    await page.goto(lessonPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Фази Місяця' })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Позначити як пройдене' }).click();
    await expect(page.getByText(QUEUED)).toBeVisible();
    await expect(page.getByText('✓ Урок пройдено')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Зняти позначку' })).toBeVisible();
    expect(await queuedActions(page)).toMatchObject([
      { account: studentSession.userId, method: 'put', url: `lessons/${lessonId}/completion` },
    ]);
    expect(await completedOnServer()).toBe(0);
  });

  await test.step('online again, it is sent once and the server counts it', async () => {
    await context.setOffline(false);
    await expect(page.getByText(QUEUED)).toBeHidden({ timeout: 15_000 });
    await expect.poll(completedOnServer).toBe(1);
    expect(await queuedActions(page)).toEqual([]);
    await page.reload();
    await expect(page.getByText('✓ Урок пройдено')).toBeVisible();
    await expect(page.getByText(QUEUED)).toBeHidden();
    await page.getByRole('link', { name: /До курсу/ }).click();
    await expect(page.getByText('Пройдено 1 з 1 уроків')).toBeVisible();
  });

  await test.step('a dropped connection keeps the mark too; signing out removes it and the upload URLs', async () => {
    await page.goto(lessonPath);
    await expect(page.getByRole('button', { name: 'Зняти позначку' })).toBeVisible();
    // The browser says it is online, but the request never reaches the server.
    await page.route('**/api/lessons/*/completion', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Зняти позначку' }).click();
    await expect(page.getByText(QUEUED)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Позначити як пройдене' })).toBeVisible();
    expect(await queuedActions(page)).toHaveLength(1);
    await page.evaluate(() => localStorage.setItem('tus::fingerprint::1', '{"uploadUrl":"x"}'));

    await page.getByRole('button', { name: 'Вийти з кабінету' }).click();
    await expect(page).toHaveURL(/\/start$/);
    await expect
      .poll(() =>
        page
          .evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tus::')))
          .catch(() => ['navigating']),
      )
      .toEqual([]);
    expect(await queuedActions(page)).toEqual([]);
    // Never sent: the server still has the lesson done.
    expect(await completedOnServer()).toBe(1);
  });
  await context.close();
});
