import { test as base } from '@playwright/test';
import { expect, type Server, startServer, submitSignInForm } from './support';

/**
 * Issue 21, point 5 (decision 84): on a fresh data folder the demo data holds a lesson whose video
 * the product makes itself with ffmpeg and encodes through its own upload, check and HLS pipeline
 * in the background; the learner sees "being encoded", then plays it. A server of its own (the
 * other journeys' servers leave the demo video out).
 */
const PORT_OFFSET = 60;

const test = base.extend<{ server: Server }, { demoServer: Server }>({
  demoServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      const port = Number(process.env.E2E_PORT ?? 3310) + PORT_OFFSET + workerInfo.parallelIndex;
      const { server, stop } = await startServer(workerInfo.parallelIndex, {
        port,
        env: { DEMO_VIDEO: 'true' },
      });
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  server: async ({ demoServer }, use) => use(demoServer),
  baseURL: async ({ demoServer }, use) => use(demoServer.baseURL),
});

test('a fresh install has a lesson whose video the product encoded itself, and it plays', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/training-academy?tab=explore');
  await submitSignInForm(page, 'student', 'Student@2026');
  await page.waitForURL(/\/training-academy\?tab=explore$/);
  await page
    .getByTestId('course-card')
    .filter({ hasText: 'Getting started with the Academy' })
    .first()
    .click();
  await page.getByTestId('continue-course').click();
  await expect(page.getByTestId('lesson-title')).toHaveText('How a lesson video plays here');

  // "Being encoded" (or already done), then the HLS player, which plays.
  const player = page.getByTestId('hls-player');
  await expect(page.getByTestId('video-encoding').or(player)).toBeVisible();
  await expect(player).toBeVisible({ timeout: 150_000 });
  await expect(player).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await page.getByTestId('hls-player-box').focus();
  await page.keyboard.press('k');
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
});
