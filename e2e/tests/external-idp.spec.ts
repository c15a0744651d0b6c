import { updateGlewlwydUser } from '../../scripts/glewlwyd/glewlwyd.mjs';
import {
  confirmGlewlwydLogout,
  EXTERNAL_SCOPE,
  expect,
  glewlwydInstalled,
  signInAtGlewlwyd,
  test,
} from './external-idp';
import { openUserMenu } from './support';

/**
 * Signing in with the operator's own provider — Debian's Glewlwyd, which we did not write — as a
 * learner and as an admin whose roles claim is the string "ROLE_ADMIN ROLE_STUDENT"; a rename at
 * the provider; answers that do not match the sign-in (state, nonce); an account the academy does
 * not know; and signing out, which ends the provider's session too.
 */
test.describe.configure({ mode: 'serial' });
test.skip(!glewlwydInstalled(), 'Debian’s glewlwyd is not installed (.ci/run installs it)');

test('a learner signs in through Glewlwyd’s pages and reaches the academy as the linked user', async ({
  page,
}) => {
  await page.goto('/training-academy');
  await signInAtGlewlwyd(page, 'leo');
  await expect(page).toHaveURL(/\/training-academy$/);
  // Linked to the academy user with Leo's employee code ("student"): the academy's name, not Glewlwyd's.
  await expect(page.getByTestId('user-menu')).toContainText('Minh Nguyen');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  await page.goto('/management');
  await expect(page.getByTestId('unauthorized')).toBeVisible();
});

test('the sign-in asks Glewlwyd for the scopes of OIDC_SCOPE, its extra one included', async ({
  page,
  provider,
}) => {
  const scopes: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${provider.issuer}/auth?`)) {
      scopes.push(new URL(request.url()).searchParams.get('scope') ?? '');
    }
  });
  await page.goto('/training-academy');
  await signInAtGlewlwyd(page, 'leo');
  await expect(page.getByTestId('user-menu')).toContainText('Minh Nguyen');
  expect(scopes.length).toBeGreaterThan(0);
  expect(new Set(scopes)).toEqual(new Set([EXTERNAL_SCOPE]));
});

test('signing out ends the session at Glewlwyd too: the next sign-in asks for the password', async ({
  page,
}) => {
  await page.goto('/training-academy');
  await signInAtGlewlwyd(page, 'leo');
  await expect(page.getByTestId('user-menu')).toContainText('Minh Nguyen');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  await openUserMenu(page);
  const signOut = page.getByRole('menuitem', { name: 'Sign out' });
  await expect(signOut).toBeVisible();
  await signOut.click();
  await confirmGlewlwydLogout(page);
  await page.goto('/training-academy');
  await expect(page).toHaveURL(/\/login\.html/);
  await expect(page.locator('#password')).toBeVisible();
});

test('an admin by the roles claim "ROLE_ADMIN ROLE_STUDENT" reaches management', async ({ page }) => {
  await page.goto('/management');
  await signInAtGlewlwyd(page, 'ada');
  await expect(page.getByTestId('management-menu')).toContainText('User management');
  await expect(page.getByTestId('user-menu')).toContainText('Academy Administrator');
});

test('a learner renamed at Glewlwyd (preferred_username) stays the same academy user', async ({
  page,
  provider,
}) => {
  await updateGlewlwydUser(provider.base, 'leo', { preferred_username: 'leo.renamed' });
  try {
    await page.goto('/training-academy');
    await signInAtGlewlwyd(page, 'leo');
    await expect(page.getByTestId('user-menu')).toContainText('Minh Nguyen');
  } finally {
    await updateGlewlwydUser(provider.base, 'leo', { preferred_username: 'leo' });
  }
});

test('an answer whose state belongs to no sign-in of this browser is refused with a clear page', async ({
  page,
}) => {
  await page.goto('/auth/callback?code=forged-code&state=not-ours');
  const failure = page.getByTestId('sign-in-failure');
  await expect(failure).toHaveAttribute('data-kind', 'state');
  await expect(failure).toContainText('does not belong to a sign-in started in this browser');
  await expect(page.getByRole('button', { name: 'Sign in again' })).toBeVisible();
});

test('an ID token with another nonce than the one sent is refused with a clear page', async ({
  page,
  provider,
}) => {
  // The authorization request leaves with another nonce than the one the web app stored.
  await page.route(`${provider.issuer}/auth?**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.has('nonce')) url.searchParams.set('nonce', 'a-nonce-nobody-sent');
    await route.continue({ url: url.toString() });
  });
  await page.goto('/training-academy');
  await signInAtGlewlwyd(page, 'leo');
  const failure = page.getByTestId('sign-in-failure');
  await expect(failure).toHaveAttribute('data-kind', 'nonce');
  await expect(failure).toContainText('its nonce differs');
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
});

test('someone Glewlwyd knows and the academy does not gets a page that says so, not a loop', async ({
  page,
  provider,
}) => {
  const authorizations: string[] = [];
  page.on('request', (request) => {
    // One sign-in is one `state` (Glewlwyd's "Continue" repeats the request with `g_continue`).
    if (request.url().startsWith(`${provider.issuer}/auth?`)) {
      authorizations.push(new URL(request.url()).searchParams.get('state') ?? '');
    }
  });
  await page.goto('/training-academy');
  await signInAtGlewlwyd(page, 'nina');
  const failure = page.getByTestId('sign-in-failure');
  await expect(failure).toHaveAttribute('data-kind', 'refused');
  await expect(failure).toContainText('no academy user has your employee code');
  // It stays put: no new sign-in started by itself.
  await expect(page).toHaveURL(/\/auth\/callback/);
  expect(new Set(authorizations).size).toBe(1);
  // The way out: end the provider session, then sign in with another account.
  await page.getByRole('button', { name: 'Sign out of the provider' }).click();
  await confirmGlewlwydLogout(page);
  await page.goto('/training-academy');
  await expect(page.locator('#password')).toBeVisible();
});
