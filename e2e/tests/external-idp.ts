import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import {
  GLEWLWYD_USERS,
  glewlwydInstalled,
  type RunningGlewlwyd,
  startGlewlwyd,
} from '../../scripts/glewlwyd/glewlwyd.mjs';
import { type Server, startServer } from './support';

export { expect, glewlwydInstalled };

const REPO = path.resolve(import.meta.dirname, '../..');
/** Beside the default servers (E2E_PORT + worker): E2E_PORT + 50 + worker. */
/** The product's OIDC_SCOPE here: the standard scopes and Glewlwyd's `academy` (scripts/glewlwyd). */
export const EXTERNAL_SCOPE = 'openid profile email offline_access academy';
const PORT_OFFSET = 50;

/**
 * Journeys against a real external provider: each worker starts Debian's Glewlwyd on a free
 * loopback port (scripts/glewlwyd: a public PKCE client, users, a roles claim given as a string)
 * and the product with OIDC_ISSUER pointing at it. The default fixture (support.ts) is untouched.
 */
export const test = base.extend<{ server: Server }, { provider: RunningGlewlwyd; externalServer: Server }>({
  provider: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      const port = Number(process.env.E2E_PORT ?? 3310) + PORT_OFFSET + workerInfo.parallelIndex;
      const dir = path.join(REPO, '.tmp', `e2e-glewlwyd-${port}`);
      const provider = await startGlewlwyd({ dir, appUrls: [`http://localhost:${port}`] });
      await use(provider);
      await provider.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  externalServer: [
    async ({ provider }, use, workerInfo) => {
      const port = Number(process.env.E2E_PORT ?? 3310) + PORT_OFFSET + workerInfo.parallelIndex;
      const { server, stop } = await startServer(workerInfo.parallelIndex, {
        port,
        env: {
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: provider.clientId,
          OIDC_CLAIMS_SOURCE: 'userinfo',
          OIDC_ROLES_CLAIM: 'roles',
          OIDC_EMPLOYEE_CODE_CLAIM: 'employee_code',
          // An extra scope, the way Entra ID wants the scope of the app's own API.
          OIDC_SCOPE: EXTERNAL_SCOPE,
        },
      });
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  server: async ({ externalServer }, use) => use(externalServer),
  baseURL: async ({ externalServer }, use) => use(externalServer.baseURL),
});

export function glewlwydUser(username: string) {
  const user = GLEWLWYD_USERS.find((u) => u.username === username);
  if (!user) throw new Error(`no glewlwyd user ${username}`);
  return user;
}

/**
 * Goes through Glewlwyd's own pages: its login form when it has no session, then its "Continue"
 * to the academy (shown also when it has one).
 */
export async function signInAtGlewlwyd(page: Page, username: string): Promise<void> {
  await expect(page).toHaveURL(/\/login\.html/);
  const form = page.locator('#username');
  const proceed = page.getByRole('button', { name: 'Continue' });
  await expect(form.or(proceed).first()).toBeVisible();
  if (await form.isVisible()) {
    await form.fill(username);
    await page.locator('#password').fill(glewlwydUser(username).password);
    await page.locator('#loginbut').click();
  }
  await expect(page.getByText(`Hello ${glewlwydUser(username).name}`)).toBeVisible();
  await proceed.click();
}

/**
 * Glewlwyd's end_session page asks to confirm ("The client wishes you to close the current
 * session"); its Logout ends the session (DELETE /api/auth/) and sends the browser back to the
 * academy (post_logout_redirect_uri).
 */
export async function confirmGlewlwydLogout(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'End session' })).toBeVisible();
  const ended = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && /\/api\/auth\/$/.test(response.url()),
  );
  await page.getByRole('button', { name: /Logout$/ }).click();
  expect((await ended).ok()).toBe(true);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/(\?.*)?$/);
}
