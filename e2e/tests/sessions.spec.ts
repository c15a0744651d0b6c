import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, openUserMenu, shoot, signInAt, submitSignInForm, test } from './support';

/**
 * Sessions as a busy user meets them: several tabs renewing one expiring token, signing out in
 * one tab, and the account page's list of where one is signed in.
 */

const STUDENT = { username: 'E1006', password: 'Employee@2026' };

/** Makes the stored access token expire in a second, so the next API call must renew it. */
async function expireStoredToken(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith('oidc.user:')) continue;
      const user = JSON.parse(localStorage.getItem(key) ?? '{}');
      user.expires_at = Math.floor(Date.now() / 1000) + 1;
      localStorage.setItem(key, JSON.stringify(user));
    }
  });
}

async function newDevice(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
}

async function signInOn(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await submitSignInForm(page, STUDENT.username, STUDENT.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/auth/'));
  return page;
}

test('two tabs on an expiring token renew it once and stay signed in', async ({ page }) => {
  await signInAt(page, '/training-academy', 'student', { fresh: true });
  await expect(page.getByTestId('user-menu')).toContainText('Minh Nguyen');
  const second = await page.context().newPage();
  await second.goto('/account/sessions');
  await expect(second.getByTestId('session').first()).toBeVisible();

  const refreshes: string[] = [];
  const apiCalls: string[] = [];
  page.context().on('request', (request) => {
    if (request.url().includes('/idp/token') && request.postData()?.includes('grant_type=refresh_token')) {
      refreshes.push(request.url());
    }
    if (request.url().includes('/services/core/api/')) apiCalls.push(request.url());
  });
  // The provider answers slowly, so every call of both tabs meets the refresh in flight.
  await page.context().route('**/idp/token', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await expireStoredToken(page);
  await Promise.all([page.reload(), second.reload()]);

  await expect(page.getByTestId('course-card').first()).toBeVisible();
  await expect(second.getByTestId('session').first()).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText('Minh Nguyen');
  await expect(second.getByTestId('user-menu')).toContainText('Minh Nguyen');
  expect(apiCalls.length).toBeGreaterThan(4);
  expect(refreshes).toHaveLength(1);
  await page.context().unroute('**/idp/token');
});

test('signing out in one tab signs out every open tab at once', async ({ browser, baseURL }) => {
  const device = await newDevice(browser, baseURL);
  const first = await signInOn(device, '/training-academy');
  const second = await device.newPage();
  await second.goto('/account');
  await expect(second.getByTestId('user-menu')).toBeVisible();

  await openUserMenu(first);
  await first.getByRole('menuitem', { name: 'Sign out' }).click();
  // The other tab leaves the signed-in page for the sign-in page without being touched.
  await expect(second).toHaveURL(/\/idp\//);
  await device.close();
});

test("the account page lists where you're signed in and signs out another device", async ({
  browser,
  baseURL,
}) => {
  const laptop = await newDevice(browser, baseURL);
  const phone = await newDevice(browser, baseURL);
  const onPhone = await signInOn(phone, '/training-academy');
  const onLaptop = await signInOn(laptop, '/account/sessions');

  const sessions = onLaptop.getByTestId('session');
  await expect(sessions).toHaveCount(2);
  await expect(onLaptop.getByTestId('current-session')).toHaveCount(1);
  await expect(sessions.filter({ has: onLaptop.getByTestId('current-session') })).toContainText(
    /Chrome on \w+/,
  );
  await shoot(onLaptop, 'account-sessions');

  await sessions
    .filter({ hasNot: onLaptop.getByTestId('current-session') })
    .getByRole('button')
    .click();
  await expect(sessions).toHaveCount(1);

  // The phone's next API call is refused: it is sent to sign in again.
  await onPhone.reload();
  await expect(onPhone).toHaveURL(/\/idp\//);
  await laptop.close();
  await phone.close();
});
