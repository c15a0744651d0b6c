import { MANAGEMENT_AREAS } from '@academy/contract';
import { expect, openUserMenu, SCREENSHOTS, signInAt, test } from './support';

test('a student signs in through the provider and lands in the academy', async ({ page }) => {
  await signInAt(page, '/training-academy', 'student');
  await expect(page).toHaveURL(/\/training-academy$/);
  await expect(page.getByTestId('user-menu')).toContainText('Minh Nguyen');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  await expect(page.getByTestId('course-card').filter({ hasText: 'Customer care essentials' })).toContainText(
    '%',
  );
  await page.screenshot({ path: `${SCREENSHOTS}/academy-student.png` });
});

test('the main menu stays on one line on laptop screens beside a signed-in user', async ({ page }) => {
  await signInAt(page, '/training-academy', 'student');
  const menu = page.getByRole('navigation', { name: 'Main' });
  for (const width of [1200, 1280, 1366, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByTestId('user-menu')).toContainText('Minh Nguyen');
    const links = await menu
      .locator('a, button')
      .evaluateAll((items) => items.map((i) => i.getBoundingClientRect().top));
    expect(new Set(links.map(Math.round)).size, `menu rows at ${width} px`).toBe(1);
  }
});

test('a student opening the management area sees the unauthorized page', async ({ page }) => {
  await signInAt(page, '/management', 'student');
  await expect(page.getByTestId('unauthorized')).toContainText('Training Academy');
  await expect(page.getByTestId('management-menu')).toHaveCount(0);
});

test('the admin sees every management entry', async ({ page }) => {
  await signInAt(page, '/management', 'admin');
  const menu = page.getByTestId('management-menu');
  for (const area of MANAGEMENT_AREAS)
    await expect(menu.getByText(area.label, { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/management-admin.png` });
});

test('staff with the Content editor role sees only News and Course management', async ({ page }) => {
  await signInAt(page, '/management', 'staff');
  const menu = page.getByTestId('management-menu');
  await expect(menu.getByText('Course management', { exact: true })).toBeVisible();
  await expect(menu.getByText('News management', { exact: true })).toBeVisible();
  await expect(menu.getByRole('link')).toHaveCount(2);
  // Course management comes first in menu order, so it is staff's landing page.
  await expect(page).toHaveURL(/\/management\/course$/);
});

test('a new hire must change the password before anything else, then proceeds', async ({ page }) => {
  await signInAt(page, '/training-academy', 'newhire');
  await expect(page).toHaveURL(/\/$/);
  const form = page.getByTestId('change-password-form');
  await expect(form).toBeVisible();
  await page.goto('/news');
  await expect(page).toHaveURL(/\/$/);
  await form.locator('input[name="oldPassword"]').fill('Newhire@2026');
  await form.locator('input[name="newPassword"]').fill('Fresh@2026!');
  await form.locator('input[name="confirmPassword"]').fill('Different@2026');
  await form.locator('[type="submit"]').click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await form.locator('input[name="confirmPassword"]').fill('Fresh@2026!');
  await form.locator('[type="submit"]').click();
  await expect(page.getByTestId('change-password-form')).toHaveCount(0);
  await page.goto('/training-academy');
  await expect(page).toHaveURL(/\/training-academy$/);
});

test('an unknown path shows the not-found page, with status 404', async ({ page }) => {
  const answer = await page.goto('/no/such/page');
  expect(answer?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toContainText("Can't find url");
});

test('header, footer, user menu and mobile drawer render on desktop and phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('site-footer')).toContainText('Skyline Mobile');
  const header = await page.getByTestId('site-header').boundingBox();
  expect(Math.round(header?.height ?? 0)).toBe(89);
  await page.screenshot({ path: `${SCREENSHOTS}/home-desktop.png`, fullPage: true });

  await signInAt(page, '/training-academy', 'admin');
  await page.goto('/');
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: /management/i })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/user-menu-desktop.png` });
  await page.mouse.click(5, 600);
  await expect(page.getByRole('menuitem', { name: /management/i })).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  const phoneHeader = await page.getByTestId('site-header').boundingBox();
  expect(Math.round(phoneHeader?.height ?? 0)).toBe(70);
  await page.getByTestId('mobile-menu-button').click();
  await expect(page.getByRole('dialog')).toContainText('Hiring');
  await page.screenshot({ path: `${SCREENSHOTS}/drawer-phone.png` });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
