import { expect, test } from '@playwright/test';
import { JOURNEY_DISABLED_FEATURES } from '../playwright.config.ts';

/**
 * The browser the journeys drive (playwright.config.ts): Chromium reads only the last
 * --disable-features switch, so the journeys' own must keep every feature Playwright
 * switches off in its switch, which comes first.
 */
test("the journeys' browser keeps Playwright's disabled features and has no omnibox popup", async ({
  page,
  browser,
}) => {
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').innerText();
  const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) =>
    match[1]!.split(','),
  );
  expect(lists.length, "Playwright's --disable-features and ours").toBeGreaterThanOrEqual(2);
  const playwrights = lists[0]!;
  const effective = lists.at(-1)!;
  expect(
    playwrights.filter((feature) => !effective.includes(feature)),
    'features Playwright switches off that the journeys switch on again',
  ).toEqual([]);
  expect(effective).toEqual(expect.arrayContaining(JOURNEY_DISABLED_FEATURES));

  // What the list is for: a window (a browser context) preloads no omnibox popup page.
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { url: string }[];
  };
  await cdp.detach();
  expect(targetInfos.map((target) => target.url).filter((url) => url.includes('omnibox'))).toEqual(
    [],
  );
});
