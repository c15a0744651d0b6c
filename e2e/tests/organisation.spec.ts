import fs from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@academy/contract';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  accessToken,
  expect,
  SCREENSHOTS,
  settled,
  shoot,
  signInAt,
  submitSignInForm,
  test,
} from './support';

/** A 160×90 PNG (orange with a purple band), small enough for every image field. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAABaCAMAAAAIGK1gAAAABlBMVEX/UAAlGlsLoitkAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAQ0lEQVRo3u3OCQ0AAAgEoLN/aVv4bJCABAAA4JhaIigoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo+DsIAAAwpAGsIxdxxHvp1QAAAABJRU5ErkJggg==',
  'base64',
);

/** The input labelled exactly `label` (required fields end their label with an asterisk). */
function input(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // An open Select's dropdown (a listbox) carries the same label: take the input.
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`)).and(scope.locator('input'));
}

/** Picks `option` in the Mantine Select labelled `label` (its dropdown lives in a portal). */
async function choose(page: Page, scope: Page | Locator, label: string, option: string): Promise<void> {
  await input(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function newSignedInPage(browser: Browser, username: string, password: string, at: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(at);
  await submitSignInForm(page, username, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/auth/'));
  return { context, page };
}

test.describe.configure({ mode: 'serial' });

test('admin adds a service with an image and a branch with a logo', async ({ page }) => {
  await signInAt(page, '/management/service', 'admin');
  const table = page.getByTestId('services-table');
  await expect(table).toContainText('Skyline Mobile');
  await shoot(page, 'org-services');

  await page.getByRole('button', { name: 'Add service' }).click();
  const form = page.getByTestId('service-form');
  await form.getByLabel('Service name').fill('Skyline Cloud');
  await form.getByLabel('Website link').fill('cloud.example.com');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(MESSAGES.websiteUrlInvalid)).toBeVisible();
  await form.getByLabel('Website link').fill('https://cloud.example.com');
  await form.getByRole('switch', { name: 'Show on home page' }).check();
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'cloud.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.locator('img')).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SCREENSHOTS}/org-service-form-desktop.png` });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('message-dialog')).toContainText('The service has been added');
  await page.keyboard.press('Escape');
  const row = table.getByRole('row').filter({ hasText: 'Skyline Cloud' });
  await expect(row.locator('img')).toHaveAttribute('src', /\/files\//);
  await expect(row).toContainText('Yes');

  // The service opens its branches: /management/service/{id}.
  await row.getByRole('link', { name: 'Skyline Cloud' }).click();
  await expect(page).toHaveURL(/\/management\/service\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Branches of Skyline Cloud' })).toBeVisible();
  await page.getByRole('button', { name: 'Add branch' }).click();
  const branchForm = page.getByTestId('branch-form');
  await branchForm.getByRole('button', { name: 'Save' }).click();
  await expect(branchForm.getByText(MESSAGES.required)).toBeVisible();
  await branchForm.getByLabel('Branch name').fill('Skyline Cloud Hanoi');
  await branchForm
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await branchForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('message-dialog')).toContainText('The branch has been added');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('branches-table')).toContainText('Skyline Cloud Hanoi');
  await shoot(page, 'org-service-branches');

  // A service with branches is in use and cannot be deleted.
  await page.goto('/management/service');
  await page.getByRole('button', { name: 'Delete Skyline Cloud' }).click();
  await page
    .getByTestId('confirm-delete-dialog')
    .locator('..')
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByTestId('message-dialog')).toContainText(MESSAGES.serviceInUse);
});

test('admin creates a department and cannot delete one that is in use', async ({ page }) => {
  await signInAt(page, '/management/department', 'admin');
  const table = page.getByTestId('departments-table');
  await expect(table.getByRole('row')).toHaveCount(19); // header + 18 demo departments
  await shoot(page, 'org-departments');

  await page.getByRole('button', { name: 'Add department' }).click();
  const form = page.getByTestId('department-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(MESSAGES.required).first()).toBeVisible();
  await form.getByLabel('Department name').fill('  Quality lab  ');
  await choose(page, form, 'Branch', 'Skyline Cloud Hanoi');
  await page.screenshot({ path: `${SCREENSHOTS}/org-department-form-desktop.png` });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('message-dialog')).toContainText('The department has been added');
  await page.keyboard.press('Escape');

  await page.getByTestId('department-search').fill('quality');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Quality lab');
  await expect(table).toContainText('Skyline Cloud Hanoi');
  await expect(page).toHaveURL(/q=quality/);

  // Filter by branch: the demo's Hanoi branch has its three departments.
  await page.getByTestId('department-search').fill('');
  await choose(page, page, 'Filter by branch', 'Skyline Mobile Hanoi');
  await expect(table.getByRole('row')).toHaveCount(4);
  const sales = table.getByRole('row').filter({ hasText: 'Sales' });
  await sales.getByRole('button', { name: 'Delete Sales' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('message-dialog')).toContainText('This department is currently in use');
  await page.keyboard.press('Escape');
  await expect(table).toContainText('Sales');

  // The new one is empty: it goes.
  await page.goto('/management/department?q=quality');
  await table.getByRole('button', { name: 'Delete Quality lab' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('message-dialog')).toContainText('The department has been deleted');
  await page.keyboard.press('Escape');
  await expect(table).not.toContainText('Quality lab');
});

const NEW_USER = {
  code: 'E7001',
  name: 'Thu Hoang',
  email: 'thu.hoang@academy.example.com',
  temporary: 'Welcome@2026',
  own: 'MyOwn@Pass26',
};

test('admin creates an authorization and a user with it; the user sees only those management entries', async ({
  page,
  browser,
}) => {
  await signInAt(page, '/management/authorization', 'admin');
  await expect(page.getByTestId('authorizations-table')).toContainText('Content editor');
  await shoot(page, 'authorizations');

  await page.getByRole('link', { name: 'Add authorization' }).click();
  await expect(page).toHaveURL(/\/management\/authorization\/add$/);
  const form = page.getByTestId('authorization-form');
  await form.getByRole('button', { name: 'Save' }).last().click();
  await expect(form.getByText(MESSAGES.required)).toBeVisible();
  await expect(form.getByText(MESSAGES.authorizationScope)).toBeVisible();
  await form.getByLabel('Authorization name').fill('Organisation officer');
  await choose(page, form, 'Applies to', 'Skyline Mobile (whole service)');
  await form.getByLabel('User management').check();
  await form.getByLabel('Department management').check();
  // A course action brings Course management with it; unticking that clears both again.
  await form.getByLabel('Add courses').check();
  await expect(form.getByLabel('Course management')).toBeChecked();
  await form.getByLabel('Course management').uncheck();
  await expect(form.getByLabel('Add courses')).not.toBeChecked();
  await shoot(page, 'authorization-edit');
  await form.getByRole('button', { name: 'Save' }).last().click();
  await expect(page).toHaveURL(/\/management\/authorization$/);
  const row = page
    .getByTestId('authorizations-table')
    .getByRole('row')
    .filter({ hasText: 'Organisation officer' });
  await expect(row).toContainText('User management');
  await expect(row).toContainText('Department management');
  await expect(row).toContainText('Skyline Mobile');

  // The user form, with every field.
  await page.goto('/management/user');
  await page.getByRole('link', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/management\/user\/new$/);
  const userForm = page.getByTestId('user-form');
  await userForm.getByLabel('Employee code').fill('E1001');
  await input(userForm, 'Email').fill('not-an-email');
  await userForm.getByLabel('Date of birth').fill('2015-01-01');
  await userForm.getByRole('button', { name: 'Save' }).last().click();
  await expect(userForm.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await expect(userForm.getByText(MESSAGES.tooYoung)).toBeVisible();
  // Service, branch, department and authorization are required (spec §5), with the other messages.
  for (const label of ['Service', 'Branch', 'Department', 'Authorization'])
    await expect(input(userForm, label)).toHaveAttribute('aria-invalid', 'true');
  await input(userForm, 'Email').fill(NEW_USER.email);
  await userForm.getByLabel('Full name').fill(`  ${NEW_USER.name} `);
  await userForm.getByLabel('Temporary password').fill(NEW_USER.temporary);
  await userForm.getByLabel('Date of birth').fill('1994-05-17');
  await choose(page, userForm, 'Gender', 'Female');
  await userForm.getByLabel('Phone number').fill('+84 912 345 678');
  await choose(page, userForm, 'Branch', 'Skyline Mobile Hanoi');
  await expect(input(userForm, 'Service')).toHaveValue('Skyline Mobile');
  await choose(page, userForm, 'Department', 'Customer care');
  await choose(page, userForm, 'Authorization', 'Organisation officer');
  await userForm.getByLabel('Date of authorization').fill('2026-01-05');
  await userForm.getByLabel('Position').fill('HR partner');
  await userForm.getByLabel('Workplace').fill('Hanoi head office');
  await userForm.getByRole('button', { name: 'Save' }).last().click();
  // E1001 belongs to a demo employee.
  await expect(userForm.getByText(MESSAGES.employeeCodeExists)).toBeVisible();
  await shoot(page, 'user-form');
  await userForm.getByLabel('Employee code').fill(NEW_USER.code);
  await userForm.getByRole('button', { name: 'Save' }).last().click();
  await expect(page).toHaveURL(/\/management\/user$/);
  await page.getByTestId('users-search').fill(NEW_USER.code);
  const userRow = page.getByTestId('users-table').getByRole('row').filter({ hasText: NEW_USER.code });
  await expect(userRow).toContainText(NEW_USER.name);
  await expect(userRow).toContainText('Organisation officer');
  await expect(userRow).toContainText('Customer care');

  // The new user signs in with the temporary password and must choose their own first.
  const { context, page: userPage } = await newSignedInPage(
    browser,
    NEW_USER.code,
    NEW_USER.temporary,
    '/management',
  );
  await expect(userPage).toHaveURL(/\/$/);
  const gate = userPage.getByTestId('change-password-form');
  await gate.locator('input[name="oldPassword"]').fill(NEW_USER.temporary);
  await gate.locator('input[name="newPassword"]').fill(NEW_USER.own);
  await gate.locator('input[name="confirmPassword"]').fill(NEW_USER.own);
  await gate.locator('[type="submit"]').click();
  await expect(userPage.getByTestId('change-password-form')).toHaveCount(0);

  await userPage.goto('/management');
  const menu = userPage.getByTestId('management-menu');
  await expect(menu.getByRole('link')).toHaveCount(2);
  await expect(menu.getByText('User management', { exact: true })).toBeVisible();
  await expect(menu.getByText('Department management', { exact: true })).toBeVisible();
  // User management comes first in menu order, so it is the landing page.
  await expect(userPage).toHaveURL(/\/management\/user$/);
  await userPage.goto('/management/authorization');
  await expect(userPage.getByTestId('unauthorized')).toBeVisible();
  await context.close();
});

test('a user edits their information and uploads an avatar', async ({ browser }) => {
  const { context, page } = await newSignedInPage(browser, NEW_USER.email, NEW_USER.own, '/account');
  await expect(page).toHaveURL(/\/account$/);
  const form = page.getByTestId('profile-form');
  await expect(form.getByLabel('Full name')).toHaveValue(NEW_USER.name);
  await expect(page.getByText('Organisation officer')).toBeVisible();
  await form.getByLabel('Phone number').fill('abc');
  await form.getByLabel('Date of birth').fill('2020-02-02');
  await form.getByRole('button', { name: 'Save my information' }).click();
  await expect(form.getByText(MESSAGES.phoneInvalid)).toBeVisible();
  await expect(form.getByText(MESSAGES.tooYoung)).toBeVisible();
  await form.getByLabel('Phone number').fill('0912 000 111');
  await form.getByLabel('Date of birth').fill('1994-05-17');
  await form.getByLabel('Position').fill('Senior HR partner');
  await form.getByRole('button', { name: 'Save my information' }).click();
  await expect(page.getByText('Your information has been saved')).toBeVisible();

  // Too large an avatar is refused before it is sent; a small one replaces the initial.
  const avatarInput = page.locator('input[type="file"]');
  await avatarInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(1100 * 1024, 1),
  });
  await expect(page.getByText(MESSAGES.avatarTooLarge)).toBeVisible();
  await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('account-avatar').locator('img')).toHaveAttribute('src', /\/files\//);
  await expect(page.getByTestId('user-menu').locator('img')).toHaveAttribute('src', /\/files\//);
  await page.reload();
  await expect(page.getByTestId('profile-form').getByLabel('Position')).toHaveValue('Senior HR partner');
  await shoot(page, 'account-info');

  await page.getByRole('tab', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  const password = page.getByTestId('change-password-form');
  await password.locator('input[name="oldPassword"]').fill('wrong-password');
  await password.locator('input[name="newPassword"]').fill('Another@2026');
  await password.locator('input[name="confirmPassword"]').fill('Another@2026');
  await password.locator('[type="submit"]').click();
  await expect(password.getByText(MESSAGES.oldPasswordInvalid)).toBeVisible();
  await shoot(page, 'account-password');
  await context.close();
});

test('admin finds, filters, stops and exports users', async ({ page }) => {
  await signInAt(page, '/management/user', 'admin');
  // Other journeys of this worker add and stop users: count what the API says is there now.
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const total = async (query: string) =>
    Number(
      (await page.request.get(`/services/core/api/users?size=1${query}`, { headers })).headers()[
        'x-total-count'
      ],
    );
  const [everyone, stopped] = [await total(''), await total('&access=STOPPED')];
  const table = page.getByTestId('users-table');
  await expect(table.getByRole('row')).toHaveCount(21); // header + a page of 20
  await expect(page.getByText(`${everyone} items`)).toBeVisible();
  await shoot(page, 'users');

  await page.goto('/management/user?access=STOPPED');
  await expect(table.getByRole('row')).toHaveCount(stopped + 1);
  for (const badge of await table.getByRole('row').filter({ hasNotText: 'Access' }).all())
    await expect(badge).toContainText('Stopped');

  // Sorted by full name, descending.
  await page.goto('/management/user');
  await page.getByRole('button', { name: 'Sort by Full name' }).click();
  await page.getByRole('button', { name: 'Sort by Full name' }).click();
  await expect(page).toHaveURL(/sort=fullName%2Cdesc/);

  // Stop, then allow again, the new user.
  await page.goto(`/management/user?q=${NEW_USER.code}`);
  const row = table.getByRole('row').filter({ hasText: NEW_USER.code });
  await row.getByRole('button', { name: `Stop access ${NEW_USER.name}` }).click();
  // Stopping asks first; cancelling changes nothing.
  const confirm = page.getByTestId('stop-access-dialog');
  await expect(page.getByRole('dialog', { name: `Stop access for ${NEW_USER.name}?` })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText('Allowed');
  await row.getByRole('button', { name: `Stop access ${NEW_USER.name}` }).click();
  await page.getByTestId('stop-access-dialog-confirm').click();
  await expect(row).toContainText('Stopped');
  await row.getByRole('link', { name: `Edit ${NEW_USER.name}` }).click();
  await expect(page.getByTestId('user-access-panel')).toContainText('cannot sign in');
  await shoot(page, 'user-edit');
  await page.getByTestId('user-toggle-access').click();
  await expect(page.getByTestId('user-access-panel')).toContainText('can sign in');

  // Export what the filter shows.
  await page.goto('/management/user?access=STOPPED');
  await expect(table.getByRole('row')).toHaveCount(stopped + 1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('users-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = await fs.readFile((await download.path()) ?? '');
  expect(file.subarray(0, 2).toString()).toBe('PK');
});

test('forgot password: the mailed link sets a new password once', async ({ page, server }) => {
  // The provider's sign-in page links to the page.
  await page.goto('/training-academy');
  await expect(page).toHaveURL(/\/idp\//);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const form = page.getByTestId('recovery-form');
  await form.getByLabel('Email').fill('nobody');
  await form.getByRole('button', { name: 'Send the link' }).click();
  await expect(form.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await form.getByLabel('Email').fill('nobody@academy.example.com');
  await form.getByRole('button', { name: 'Send the link' }).click();
  await expect(form.getByText(MESSAGES.emailNotFound)).toBeVisible();
  await shoot(page, 'forgot-password');

  const outbox = path.join(server.dataDir, 'outbox');
  const before = new Set(await fs.readdir(outbox).catch(() => [] as string[]));
  await form.getByLabel('Email').fill(NEW_USER.email);
  await form.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('recovery-sent')).toContainText(NEW_USER.email);
  await shoot(page, 'forgot-password-sent');

  let mail = '';
  await expect(async () => {
    const added = (await fs.readdir(outbox)).filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    mail = await fs.readFile(path.join(outbox, added[0] ?? ''), 'utf8');
  }).toPass();
  expect(mail).toContain(`To: ${NEW_USER.email}`);
  const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /https?:\/\/\S+\/forgot-password\?token=[A-Za-z0-9_-]+/.exec(body)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link ?? '');
  const reset = page.getByTestId('reset-form');
  await input(reset, 'New password').fill('Recovered@2026');
  await input(reset, 'Confirm the new password').fill('Recovered@2027');
  await reset.getByRole('button', { name: 'Save the new password' }).click();
  await expect(reset.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
  await shoot(page, 'reset-password');
  await input(reset, 'Confirm the new password').fill('Recovered@2026');
  await reset.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByTestId('reset-done')).toBeVisible();

  // The link works once.
  await page.goto(link ?? '');
  await input(reset, 'New password').fill('Again@20266');
  await input(reset, 'Confirm the new password').fill('Again@20266');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText(MESSAGES.resetLinkInvalid)).toBeVisible();

  // And the new password signs in.
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await submitSignInForm(page, NEW_USER.code, 'Recovered@2026');
  await page.waitForURL(/\/training-academy$/);
  await expect(page.getByTestId('user-menu')).toContainText(NEW_USER.name);
});
