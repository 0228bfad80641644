#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile emulation, its default) against a
// freshly started server on a new database with the demo data — /login,
// /start, /course-grid-page and a lesson, the last two signed in: the demo student's
// token (from POST /api/auth/login) is put into localStorage first and
// Lighthouse keeps storage. Prints the four scores per page and the goals;
// Debian's Chromium at /usr/bin/chromium, never a downloaded browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { freePort, spawnNpmStart } from './npm-start-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 };
const DEMO_STUDENT = { telephone: '+380501110002', password: 'Student2024' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'urok-lighthouse-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawnNpmStart({
  dataDir,
  port,
  env: { RATE_LIMIT: 'off', DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
const cleanUp = async () => {
  await chrome?.kill();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};

try {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (server.exitCode !== null || tries > 1200) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_STUDENT),
  });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
  const { token, user } = await login.json();
  // A lesson of a course the demo student takes: the page a student on a phone opens most.
  const api = async (url) => {
    const response = await fetch(`${origin}/api/${url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return response.json();
  };
  let lessonPath;
  for (const course of (await api(`user/${user._id}/courses`)).courses ?? []) {
    const outline = await api(`courses/${course._id}/outline`);
    const lesson = outline.sections
      .flatMap((section) => section.items)
      .find((item) => item.kind === 'lesson' && item.published);
    if (lesson) {
      lessonPath = `/mycourse-details/${course._id}/lessons/${lesson._id}`;
      break;
    }
  }
  if (!lessonPath) throw new Error('the demo student has no lesson to read');
  // A running server is warm: fetch the page and its assets once before measuring.
  const html = await (await fetch(`${origin}/login`)).text();
  for (const [, asset] of html.matchAll(/(?:src|href)="(\/[^"]+)"/g))
    await fetch(`${origin}${asset}`);

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });

  const pages = [
    { path: '/login', signedIn: false },
    { path: '/start', signedIn: false },
    { path: '/course-grid-page', signedIn: true },
    { path: lessonPath, signedIn: true },
  ];
  const results = [];
  for (const page of pages) {
    // Storage: empty for a signed-out page, the demo student's token for a signed-in one.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const tab = await browser.newPage();
    await tab.goto(`${origin}/robots.txt`);
    await tab.evaluate(
      (key, value) => (value ? localStorage.setItem(key, value) : localStorage.clear()),
      'token',
      page.signedIn ? token : null,
    );
    // Every page loads with an empty HTTP cache, as a first visit does (storage is kept for the token).
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await tab.close();
    await browser.disconnect();

    const runner = await lighthouse(`${origin}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(GOALS),
      disableStorageReset: true,
    });
    const { categories, finalDisplayedUrl } = runner.lhr;
    const scores = Object.fromEntries(
      Object.keys(GOALS).map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)]),
    );
    const failing = Object.values(runner.lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 1 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'manual' &&
          audit.scoreDisplayMode !== 'notApplicable',
      )
      .filter((audit) =>
        Object.values(categories).some(
          (c) =>
            c.id !== 'performance' &&
            c.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
        ),
      )
      .map((audit) => audit.id);
    const metrics = Object.fromEntries(
      [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ].map((id) => [id, runner.lhr.audits[id]?.displayValue]),
    );
    results.push({
      page: page.path,
      signedIn: page.signedIn,
      finalUrl: finalDisplayedUrl,
      scores,
      metrics,
      failing,
    });
  }

  console.log(
    `\nLighthouse ${lighthouseVersion()} — mobile emulation, ${origin} (fresh server, demo data)\n`,
  );
  console.log(
    `${'page'.padEnd(34)}${Object.keys(GOALS)
      .map((k) => k.padStart(16))
      .join('')}`,
  );
  for (const result of results) {
    const cells = Object.entries(result.scores).map(([key, score]) =>
      `${score}${score >= GOALS[key] ? '' : ' MISS'}`.padStart(16),
    );
    const label = `${result.page}${result.signedIn ? ' (signed in)' : ''}`;
    console.log(`${label.padEnd(34)}${cells.join('')}`);
    if (result.finalUrl && new URL(result.finalUrl).pathname !== result.page)
      console.log(`  ended at ${result.finalUrl}`);
    console.log(
      `  ${Object.entries(result.metrics)
        .map(([id, value]) => `${id.replace(/-/g, ' ')} ${value}`)
        .join(' · ')}`,
    );
    if (result.failing.length > 0) console.log(`  failing audits: ${result.failing.join(', ')}`);
  }
  console.log(
    `goals: ${Object.entries(GOALS)
      .map(([k, v]) => `${k} ≥ ${v}`)
      .join(', ')}`,
  );
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'test-results/lighthouse.json'),
    JSON.stringify(results, null, 2),
  );
} finally {
  await cleanUp();
}

function lighthouseVersion() {
  return JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
}
