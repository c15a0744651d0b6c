import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { accessToken, expect, SCREENSHOTS, shoot, signInAt, test } from './support';

/**
 * Lesson videos end to end: staff upload a generated 720p, 70 s video through tus (progress bar,
 * speed, time left, pause and resume, continued after a page reload, on a throttled connection),
 * see "being encoded", save the lesson; the learner waits for the encoding and plays it in the
 * HLS player (hls.js in Chromium), which reports heartbeats like the YouTube player.
 */

const API = '/services/core/api';

const CLIPS = path.resolve('../.tmp/e2e-video');
const CLIP = path.join(CLIPS, 'pattern-720p-70s.mp4');
const CAPTIONS = path.join(CLIPS, 'pattern-en.vtt');
const COURSE = 'E2E Uploaded video course';
const LESSON = 'Reading the test pattern';

/** 1280×720, 70 s, a low bitrate (about 2 MB), so the upload is quick but throttled visibly. */
function makeClip(): void {
  fs.mkdirSync(CLIPS, { recursive: true });
  fs.writeFileSync(CAPTIONS, 'WEBVTT\n\n00:00.000 --> 01:10.000\nThe test pattern, captioned\n');
  if (fs.existsSync(CLIP)) return;
  fs.mkdirSync(CLIPS, { recursive: true });
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=10'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-t', '70', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '200k', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '32k', '-movflags', '+faststart', CLIP],
    ],
    { stdio: 'inherit' },
  );
}

/** The admin gives the Content editor role (staff) the course keys, keeping what it had. */
async function grantCourseKeys(browser: Browser): Promise<{ courseId: number; topicId: number }> {
  const admin = await browser.newPage();
  await signInAt(admin, '/training-academy', 'admin');
  const headers = { authorization: `Bearer ${await accessToken(admin)}` };
  const role = await (await admin.request.get(`${API}/authorizations/1`, { headers })).json();
  const permissions = [
    ...new Set([...role.permissions, 'COURSE_MANAGEMENT', 'ADD_COURSE_MANAGEMENT', 'EDIT_COURSE_MANAGEMENT']),
  ];
  const granted = await admin.request.put(`${API}/authorizations/1`, {
    headers,
    data: { name: role.name, serviceId: role.serviceId ?? undefined, permissions },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const course = await admin.request.post(`${API}/courses`, {
    headers,
    multipart: { name: COURSE, serviceId: '1', ordered: 'true', requirements: 'None' },
  });
  expect(course.status(), await course.text()).toBe(201);
  const courseId = (await course.json()).id as number;
  const topic = await admin.request.post(`${API}/courses/${courseId}/topics`, {
    headers,
    data: { name: 'Video basics' },
  });
  expect(topic.status(), await topic.text()).toBe(201);
  const topicId = (await topic.json()).id as number;
  await admin.close();
  return { courseId, topicId };
}

test.describe
  .serial('uploaded lesson videos', () => {
    let courseId = 0;
    let topicId = 0;

    test.beforeAll(() => {
      makeClip();
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
    });

    test('staff upload a video with a progress bar, pause, resume, reload and continue it, and see it being encoded', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      ({ courseId, topicId } = await grantCourseKeys(browser));
      await signInAt(page, `/management/course/add-lesson?courseId=${courseId}&topicId=${topicId}`, 'staff');
      const form = page.getByTestId('lesson-form');
      await form.getByLabel('Lesson name').fill(LESSON);

      // A slow line (about 60 KB/s), so the progress is there to see.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 60 * 1024,
      });
      await page.getByTestId('video-upload').locator('input[type="file"]').setInputFiles(CLIP);
      const progress = page.getByTestId('upload-progress');
      await expect(progress).toBeVisible();
      await expect(page.getByTestId('upload-progress-bar')).toBeVisible();
      await expect(page.getByTestId('upload-stats')).toContainText(/KB\/s|MB\/s/, { timeout: 20_000 });
      await expect(page.getByTestId('upload-stats')).toContainText('left');
      await shoot(page, 'video-upload-progress');

      // Pause keeps what the server has; resume continues from there.
      const percent = async () => Number((await progress.textContent())?.match(/(\d+)%/)?.[1] ?? 0);
      await page.getByTestId('pause-upload').click();
      await expect(page.getByTestId('upload-stats')).toContainText('paused');
      const pausedAt = await percent();
      expect(pausedAt).toBeGreaterThan(0);
      await page.getByTestId('resume-upload').click();
      await expect.poll(percent, { timeout: 20_000 }).toBeGreaterThan(pausedAt + 5);

      // A page reload: the form remembers the unfinished upload; the same file continues it
      // (HEAD for the offset, then PATCH) instead of starting a new one (POST).
      const beforeReload = await percent();
      const uploadRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes(`${API}/uploads`)) uploadRequests.push(r.method());
      });
      await page.reload();
      await expect(page.getByTestId('unfinished-uploads')).toContainText('pattern-720p-70s.mp4');
      await shoot(page, 'video-upload-unfinished', { phone: false });
      await form.getByLabel('Lesson name').fill(LESSON);
      await page.getByTestId('video-upload').locator('input[type="file"]').setInputFiles(CLIP);
      await expect.poll(percent, { timeout: 20_000 }).toBeGreaterThanOrEqual(beforeReload);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      // Checked by the server: the form takes the video's URL and real length.
      const status = page.getByTestId('video-status');
      await expect(status).toBeVisible({ timeout: 60_000 });
      await expect(form.getByLabel('Video link')).toHaveValue(/^\/videos\/\d{4}\/[0-9a-f-]{36}\.mp4$/);
      await expect(form.getByLabel('Video length')).toHaveValue('1:10');
      expect(uploadRequests).not.toContain('POST');
      expect(uploadRequests).toContain('HEAD');
      await expect(page.getByTestId('video-encoding')).toContainText('The video is being encoded');
      await shoot(page, 'video-being-encoded', { phone: false });

      // English captions for the video: the name follows the language code.
      const captions = page.getByTestId('captions-field');
      await captions.getByLabel('Language code').fill('en');
      await expect(captions.getByLabel('Name in the player')).toHaveValue('English');
      await captions.locator('input[type="file"]').setInputFiles(CAPTIONS);
      await captions.getByRole('button', { name: 'Add captions' }).click();
      await expect(captions.getByTestId('caption-row')).toContainText('English');

      await form.getByLabel('Minimum study time (minutes)').fill('1');
      await form.getByLabel('Required correct answers').fill('0');
      await form.getByLabel('Exam time limit (minutes)').fill('10');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('lessons-table')).toContainText(LESSON);
    });

    test('the learner waits for the encoding, then plays the video and earns study time', async ({
      page,
    }) => {
      test.setTimeout(360_000);
      await signInAt(page, '/training-academy', 'student');
      await page.goto(`/training-academy/course/${courseId}`);
      await page.getByTestId('continue-course').click();
      await expect(page.getByTestId('lesson-title')).toHaveText(LESSON);

      // "Being encoded" until the job is done (asked again every few seconds), then the player.
      const encoding = page.getByTestId('video-encoding');
      const shown = await encoding.waitFor({ timeout: 8000 }).then(
        () => true,
        () => false,
      );
      if (shown) {
        await expect(encoding).toContainText('The video is being encoded');
        await shoot(page, 'video-learner-being-encoded', { phone: false });
      }
      const player = page.getByTestId('hls-player');
      await expect(player).toBeVisible({ timeout: 300_000 });
      await expect(player).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
      // Debian's Chromium decodes H.264 through Media Source Extensions: hls.js drives it.
      await expect(player).toHaveAttribute('data-engine', 'hls.js');
      await expect(page.getByTestId('quality-select')).toBeVisible();

      const heartbeat = page.waitForRequest(
        (r) => r.url().includes('/user-lesson/time-viewed') && r.postDataJSON()?.playing === true,
      );
      // Keyboard control: K plays.
      await page.getByTestId('hls-player-box').focus();
      await page.keyboard.press('k');
      await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
      await heartbeat;
      await expect
        .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
        .toBeGreaterThan(2);

      // C shows the English captions (a <track> of the page); the speed menu sets 2×.
      await expect(page.getByTestId('caption-track-en')).toHaveAttribute('srclang', 'en');
      await page.keyboard.press('c');
      await expect(page.getByTestId('captions-select')).toHaveValue('English');
      await expect
        .poll(() => player.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.activeCues?.length ?? 0))
        .toBe(1);
      await page.getByTestId('speed-select').click();
      await page.getByRole('option', { name: '2×' }).click();
      expect(await player.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);
      await shoot(page, 'video-player-playing');
      await page.getByTestId('hls-player-box').focus();
      await page.keyboard.press('c');
      await expect(page.getByTestId('captions-select')).toHaveValue('Off');
      expect(await page.evaluate(() => localStorage.getItem('academy.player'))).toContain('"rate":2');
    });
  });
