import { expect, type Page } from '@playwright/test';

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@2026' },
  staff: { username: 'staff', password: 'Staff@2026' },
  student: { username: 'student', password: 'Student@2026' },
  newhire: { username: 'newhire', password: 'Newhire@2026' },
} as const;

/** Fills the embedded provider's own sign-in form (server-rendered at /idp). */
export async function submitSignInForm(page: Page, username: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/idp\//);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form [type="submit"]').click();
}

/** Opens a page that needs sign-in and signs in through the real provider on the way. */
export async function signInAt(page: Page, path: string, account: keyof typeof ACCOUNTS): Promise<void> {
  await page.goto(path);
  const { username, password } = ACCOUNTS[account];
  await submitSignInForm(page, username, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/auth/'));
}

export const SCREENSHOTS = '../.tmp/screenshots';
