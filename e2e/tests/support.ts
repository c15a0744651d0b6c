import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';

export { expect };

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin@2026' },
  staff: { username: 'staff', password: 'Staff@2026' },
  student: { username: 'student', password: 'Student@2026' },
  newhire: { username: 'newhire', password: 'Newhire@2026' },
} as const;

export type Account = keyof typeof ACCOUNTS;

export const SCREENSHOTS = '../.tmp/screenshots';

const REPO = path.resolve(import.meta.dirname, '../..');
const BASE_PORT = Number(process.env.E2E_PORT ?? 3310);

/** The product as `npm start` runs it, one per worker, on a fresh embedded database of its own. */
export type Server = { baseURL: string; dataDir: string };

async function waitForHealth(baseURL: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log()}`);
    const ok = await fetch(`${baseURL}/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /health within 120 s:\n${log()}`);
}

const CLOCK_OFFSET_NAME = 'clock-offset';

/** Moves the server's assignments clock `days` days ahead of the real time (platform/clock.ts). */
export function passDays(server: Server, days: number): void {
  fs.writeFileSync(path.join(server.dataDir, CLOCK_OFFSET_NAME), String(days * 86_400_000));
}

/**
 * The database a journey server uses. With TEST_DATABASE_URL (CI has a PostgreSQL server) each
 * server gets a fresh database of its own there, which is several times lighter on a two-core
 * machine than the embedded one; without it, or with E2E_DATABASE=embedded, the server keeps its
 * embedded database in its data folder, exactly as `npm start` does.
 */
async function freshDatabase(port: number): Promise<Record<string, string>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || process.env.E2E_DATABASE === 'embedded') return {};
  const name = `academy_e2e_${port}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), DEMO_DATA: 'true' };
}

/**
 * Starts the built product on `E2E_PORT + index` (or `port`), with `env` added to its settings
 * (e.g. an external sign-in provider: external-idp.ts).
 */
export async function startServer(
  index: number,
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<{ server: Server; stop: () => Promise<void> }> {
  const port = options.port ?? BASE_PORT + index;
  const baseURL = `http://localhost:${port}`;
  const dataDir = path.join(REPO, '.tmp', `e2e-data-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const database = await freshDatabase(port);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      // The SCORM content origin, clear of the other workers' ports (E2E_PORT + n).
      CONTENT_PORT: String(port + 1000),
      LOG_LEVEL: 'warn',
      // Two small renditions (the player offers a quality choice), encoded as fast as x264 can:
      // the journeys test the pipeline, not the picture.
      MEDIA_LADDER: '480,360',
      MEDIA_X264_PRESET: 'ultrafast',
      // Journeys let days pass on the server's assignments clock by writing this file (passDays).
      CLOCK_OFFSET_FILE: path.join(dataDir, CLOCK_OFFSET_NAME),
      // Reminder mails go within seconds of a due date passing, not at the next quarter hour.
      REMINDER_EVERY_SECONDS: '2',
      // The demo video lesson (made and encoded at first start) has a journey and server of its
      // own (demo-video.spec.ts); the other journeys' demo data stays as it was.
      DEMO_VIDEO: 'false',
      ...database,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  await waitForHealth(baseURL, child, () => output);
  return {
    server: { baseURL, dataDir },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** What a signed-in browser keeps: the provider's cookies and the web app's localStorage. */
type SavedSignIn = {
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  storage: Record<string, string>;
};

/**
 * The journeys' `test`: each worker runs its own server (its own port and data folder), so workers
 * never share data; `baseURL` points at it.
 */
export const test = base.extend<{ server: Server }, { workerServer: Server }>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      const { server, stop } = await startServer(workerInfo.parallelIndex);
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  server: async ({ workerServer }, use) => use(workerServer),
  baseURL: async ({ workerServer }, use) => use(workerServer.baseURL),
});

/** Sign-ins of this worker by account: each account signs in through the provider once. */
const savedSignIns = new Map<Account, SavedSignIn>();

/** Fills the embedded provider's own sign-in form (server-rendered at /idp). */
export async function submitSignInForm(page: Page, username: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/idp\//);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form [type="submit"]').click();
}

async function signInThroughProvider(page: Page, path: string, account: Account): Promise<void> {
  await page.goto(path);
  const { username, password } = ACCOUNTS[account];
  await submitSignInForm(page, username, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/auth/'));
}

/**
 * Opens a page that needs sign-in as `account`. The first time in a worker it signs in through the
 * provider's pages and keeps the browser's sign-in (cookies and localStorage); later calls put that
 * sign-in into the page's context and open `path` directly. `fresh` always goes through the pages
 * (for journeys about signing in, or accounts whose state a journey changes).
 */
export async function signInAt(
  page: Page,
  path: string,
  account: Account,
  options: { fresh?: boolean } = {},
): Promise<void> {
  const saved = options.fresh ? undefined : savedSignIns.get(account);
  if (!saved) {
    await signInThroughProvider(page, path, account);
    // A fresh sign-in is not kept: its journey may renew or end it.
    if (options.fresh || account === 'newhire') return;
    const storage = await page.evaluate(() => {
      const entries: Record<string, string> = {};
      for (const key of Object.keys(localStorage))
        if (key.startsWith('oidc.')) entries[key] = localStorage.getItem(key) ?? '';
      return entries;
    });
    savedSignIns.set(account, { cookies: await page.context().cookies(), storage });
    return;
  }
  await page.context().addCookies(saved.cookies);
  // localStorage belongs to the origin: set it from a tiny page of ours, then open the real one.
  await page.goto('/health');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, saved.storage);
  await page.goto(path);
}

/**
 * Opens the user menu. The header first shows a plain button and swaps in the real menu once the
 * pointer reaches it and its code has loaded; a click that meets the swap is retried by Playwright
 * on the new button, which would toggle shut what the first press opened. So: point at it, wait
 * for the real menu, then click.
 */
export async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').hover();
  const menu = page.locator('[data-testid="user-menu"][aria-haspopup]');
  await expect(menu).toBeVisible();
  await menu.click();
}

/** The access token the web app holds for the signed-in user. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key) ?? '{}').access_token;
    }
    return null;
  });
  expect(token).toBeTruthy();
  return token as string;
}

/**
 * Resolves once layout has settled after a viewport change: fonts loaded, no scroll lock left by a
 * dialog that has just closed (it is released an effect after the dialog goes, and while it holds
 * the page has a scrollbar's width of margin), and two frames painted.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.body.hasAttribute('data-scroll-locked') || document.querySelector('[role="dialog"]'),
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Screenshots are for people to look at; CI, where nobody does, skips writing them (the phone
 * width check below still runs). E2E_SCREENSHOTS=1 takes them anyway, E2E_SCREENSHOTS=0 never.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS
  ? process.env.E2E_SCREENSHOTS === '1'
  : !process.env.CI;

/**
 * Full-page screenshots at the page's size and at 375 wide (`<name>-desktop.png`,
 * `<name>-phone.png` in `dir`), from the top; on the phone nothing may stick out sideways.
 */
export async function shoot(page: Page, name: string, options: { dir?: string; phone?: boolean } = {}) {
  const dir = options.dir ?? SCREENSHOTS;
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  if (options.phone === false) return;
  await page.setViewportSize({ width: 375, height: 812 });
  await settled(page);
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the phone`).toBeLessThanOrEqual(0);
  await page.setViewportSize(size);
  await settled(page);
}
