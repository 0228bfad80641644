import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { Account } from './fixtures.ts';

/** WCAG 2.1 A and AA, plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Waits until the page has its h1 and no skeleton, spinner or busy region left. */
export async function waitForSettledPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.animate-pulse, .animate-spin')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Runs axe on the page as it is now. Fails on a serious or critical violation,
 * printing each violation; moderate and minor ones go into an annotation.
 */
export async function expectNoSeriousViolations(
  page: Page,
  testInfo: TestInfo,
  label: string,
): Promise<void> {
  // Only the violations are read: axe then builds no selector for every node that passed,
  // which took a fifth of each scan (1.36 s against 1.06 s on /start, measured beside each other).
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const describe = (list: typeof violations) =>
    list
      .map(
        (violation) =>
          `${violation.id} [${violation.impact}] ${violation.help}\n` +
          violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
      )
      .join('\n');
  const blocking = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const other = violations.filter((violation) => !blocking.includes(violation));
  if (other.length > 0) {
    testInfo.annotations.push({
      type: `a11y (moderate/minor) ${label}`,
      description: describe(other),
    });
  }
  expect(blocking, `${label}: serious or critical axe violations:\n${describe(blocking)}`).toEqual(
    [],
  );
}

/** The page is no wider than the screen: nothing to scroll sideways (a phone). */
export async function expectNoSideScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: scrollWidth ${scrollWidth} > ${innerWidth}`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** Signs in through the API and returns the token and the user's id. */
export async function apiSession(
  request: APIRequestContext,
  account: Pick<Account, 'telephone' | 'password'>,
) {
  const response = await request.post('/api/auth/login', {
    data: { telephone: account.telephone, password: account.password },
  });
  expect(response.status()).toBe(200);
  const { token, user } = (await response.json()) as { token: string; user: { _id: string } };
  return { token, userId: user._id, headers: { Authorization: `Bearer ${token}` } };
}
