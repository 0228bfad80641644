import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/** The build the server serves (e2e/serve.mjs), read from disk at each request. */
const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * The installable app (DESIGN section 15): the web manifest, the service
 * worker that precaches the built app, the shell opening with no network,
 * and the prompt when a new version is deployed. The other journeys block
 * service workers (playwright.config.ts); these allow them.
 */
test.use({ serviceWorkers: 'allow' });

/** The width and height a PNG's header gives. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Opens `path`, waits for the worker to be active (everything precached), and reloads under its control. */
async function openControlled(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

const signInHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Sign In' });

test('the manifest is linked and names the app, with its 192, 512 and maskable icons', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Урок',
    short_name: 'Урок',
    start_url: '/',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#f8fafc',
  });
  const wanted = [
    { sizes: '192x192', purpose: 'any', size: 192 },
    { sizes: '512x512', purpose: 'any', size: 512 },
    { sizes: '512x512', purpose: 'maskable', size: 512 },
  ];
  for (const { sizes, purpose, size } of wanted) {
    const icon = manifest.icons.find(
      (candidate) => candidate.sizes === sizes && (candidate.purpose ?? 'any') === purpose,
    );
    expect(icon, `${sizes} ${purpose}`).toMatchObject({ type: 'image/png' });
    const file = await request.get(icon!.src);
    expect(file.status(), icon!.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body())).toEqual({ width: size, height: size });
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#4f46e5');
});

test('after the first visit the worker controls the page, and with no network the app still opens', async ({
  page,
  context,
  allowConsoleError,
}) => {
  // Offline, /start's catalogue preview cannot reach the API: the browser logs the refused request.
  allowConsoleError(/net::ERR_INTERNET_DISCONNECTED|Failed to load resource/);
  await openControlled(page, '/login');
  await expect(signInHeading(page)).toBeVisible();

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(signInHeading(page)).toBeVisible();
    // Another route, never opened before: index.html and its page's chunk come from the precache.
    await page.goto('/start');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Навчайтеся онлайн разом з Urok' }),
    ).toBeVisible();
    // The API is never answered from the cache, nor with the app's page.
    const api = await page.evaluate(() =>
      fetch('/api/health').then(
        (response) => `status ${response.status}`,
        () => 'network error',
      ),
    );
    expect(api).toBe('network error');
  } finally {
    await context.setOffline(false);
  }
  // Back online, an API path is the server's JSON, not index.html from the worker.
  const online = await page.evaluate(() =>
    fetch('/api/nope').then(async (response) => ({
      status: response.status,
      type: response.headers.get('content-type'),
    })),
  );
  expect(online.status).toBe(404);
  expect(online.type).toMatch(/^application\/json/);
});

test("a new version waiting shows 'Доступна нова версія', and 'Оновити' switches to it and reloads", async ({
  page,
}) => {
  await openControlled(page, '/login');
  const firstWorker = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL,
  );
  expect(firstWorker).toMatch(/\/sw\.js$/);
  await expect(page.getByText('Доступна нова версія')).toHaveCount(0);

  // A deploy: the worker script on the server changes (a byte is enough for the browser). Written
  // to the build on disk, since the browser fetches a worker's script out of reach of
  // context.route; put back afterwards. The other journeys block service workers.
  const script = path.join(dist, 'sw.js');
  const original = fs.readFileSync(script);
  const compressed = ['sw.js.br', 'sw.js.gz'].filter((name) =>
    fs.existsSync(path.join(dist, name)),
  );
  expect(compressed, 'a compressed sw.js would be sent instead of the changed one').toEqual([]);
  const prompt = page.getByRole('status').filter({ hasText: 'Доступна нова версія' });
  // The changed script stays until the end: the page after the reload asks for sw.js again, and
  // the old one back on disk would install as yet another waiting version.
  try {
    fs.writeFileSync(script, Buffer.concat([original, Buffer.from('\n// the next version\n')]));
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect(prompt).toBeVisible();
    // The page keeps running under the old worker until the person chooses.
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Оновити' }).click();
    await reloaded;
    await expect(signInHeading(page)).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate),
    ).toBeUndefined();
    // The new worker is the active one and nothing waits any more; no prompt after the reload.
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting ?? null,
        controlled: !!navigator.serviceWorker.controller,
      };
    });
    expect(after).toEqual({ waiting: null, controlled: true });
    await expect(page.getByText('Доступна нова версія')).toHaveCount(0);
  } finally {
    fs.writeFileSync(script, original);
  }
});
