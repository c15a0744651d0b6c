import type { Page } from '@playwright/test';
import { accessToken, expect, SCREENSHOTS, shoot, signInAt, test } from './support';

/**
 * Courses and studying them (issue 4): a Content editor builds a course, a student studies its
 * first lesson while the second stays locked (the server decides) until lesson 1's minimum study
 * time is reached and its exam passed, downloads a document, and a visitor sees the course page
 * with a call to sign in.
 *
 * The sandbox has no internet, so YouTube's IFrame API is replaced in the browser by a small
 * stand-in player (a Play/Pause button whose clock runs in real time). Study time is still
 * credited by the server's own clock from real heartbeats: the lessons use the smallest minimum
 * (1 minute), so studying takes about a minute of real time. Nothing in the product is faked.
 */

const COURSE = 'E2E Network safety basics';
const TOPIC = 'Getting started';
const LESSON_1 = 'Safety on the street cabinet';
const LESSON_2 = 'Working near live fibre';
const API = '/services/core/api';
const EXAM_RIGHT_ANSWER = 'Check that the cabinet is safe';

const FAKE_YOUTUBE = `
(() => {
  function Player(element, options) {
    const box = document.createElement('div');
    box.setAttribute('data-testid', 'fake-youtube');
    box.style.cssText = 'width:100%;height:100%;background:#111;color:#fff;display:flex;align-items:center;justify-content:center;gap:12px;font:14px sans-serif';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Play';
    button.setAttribute('data-testid', 'fake-play');
    const label = document.createElement('span');
    label.textContent = 'Video ' + options.videoId;
    box.append(button, label);
    element.replaceWith(box);
    let playing = false;
    let base = (options.playerVars && options.playerVars.start) || 0;
    let startedAt = 0;
    const time = () => (playing ? base + (Date.now() - startedAt) / 1000 : base);
    const api = {
      getCurrentTime: time,
      getDuration: () => 90,
      getPlayerState: () => (playing ? 1 : 2),
      seekTo: (seconds) => { base = seconds; startedAt = Date.now(); },
      pauseVideo: () => {},
      destroy: () => box.remove(),
    };
    button.onclick = () => {
      if (playing) { base = time(); playing = false; button.textContent = 'Play'; options.events.onStateChange({ data: 2, target: api }); }
      else { startedAt = Date.now(); playing = true; button.textContent = 'Pause'; options.events.onStateChange({ data: 1, target: api }); }
    };
    setTimeout(() => options.events.onReady({ target: api }), 0);
    return api;
  }
  window.YT = { Player };
  if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady();
})();
`;

async function stubYouTube(page: Page): Promise<void> {
  await page.route('https://www.youtube.com/**', (route) =>
    route.request().url().includes('/iframe_api')
      ? route.fulfill({ contentType: 'text/javascript', body: FAKE_YOUTUBE })
      : route.abort(),
  );
}

function pdf(title: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${title}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

test.describe
  .serial('courses, topics, lessons and studying them', () => {
    let courseId = 0;
    const lessonIds: number[] = [];

    test('staff (Content editor) creates a course with a topic and two lessons', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await stubYouTube(page);
      await signInAt(page, '/management/course', 'staff');
      await expect(page.getByTestId('courses-table')).toContainText('Customer care essentials');
      // Without the action keys the list is read-only (the API refuses changes anyway).
      await expect(page.getByRole('button', { name: 'Add course' })).toHaveCount(0);
      // Nor do a course's topics and lessons offer to add, edit or delete anything.
      await page.getByRole('link', { name: 'Customer care essentials', exact: true }).click();
      await expect(page.getByTestId('topics-table')).toContainText('Welcoming the customer');
      await expect(page.getByRole('button', { name: /^(Add topic|Edit course)$/ })).toHaveCount(0);
      await page.getByRole('link', { name: 'Welcoming the customer', exact: true }).click();
      await expect(page.getByTestId('lessons-table')).toContainText('The first thirty seconds');
      await expect(page.getByRole('link', { name: 'Add lesson' })).toHaveCount(0);
      await expect(page.getByTestId('lessons-table')).not.toContainText('Add exam questions');
      await expect(
        page.getByTestId('lessons-table').locator('[aria-label^="Edit "], [aria-label^="Delete "]'),
      ).toHaveCount(0);
      await page.goto('/management/course');

      // An admin grants the Content editor role the course action keys.
      const admin = await browser.newPage();
      await signInAt(admin, '/training-academy', 'admin');
      const granted = await admin.request.put(`${API}/authorizations/1`, {
        headers: { authorization: `Bearer ${await accessToken(admin)}` },
        data: {
          name: 'Content editor',
          serviceId: 1,
          permissions: [
            'NEWS_MANAGEMENT',
            'COURSE_MANAGEMENT',
            'ADD_COURSE_MANAGEMENT',
            'EDIT_COURSE_MANAGEMENT',
            'DELETE_COURSE_MANAGEMENT',
          ],
        },
      });
      expect(granted.status(), await granted.text()).toBe(200);
      await admin.close();

      await page.reload();
      await page.getByRole('button', { name: 'Add course' }).click();
      const form = page.getByTestId('course-form');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toContainText('This field is required');
      await form.getByLabel('Course name').fill(COURSE);
      await form.getByTestId('course-service').click();
      await page.getByRole('option', { name: 'Skyline Fibre' }).click();
      await form.getByLabel('Ordered learning').check();
      await form
        .getByLabel('Requirements')
        .fill('Field technicians before their first street cabinet visit.');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('message-dialog')).toContainText('The course was added');
      await page.keyboard.press('Escape');

      await page.getByPlaceholder('Search courses by name').fill('network safety');
      const row = page.getByTestId('courses-table').getByRole('row').filter({ hasText: COURSE });
      await expect(row).toContainText('Skyline Fibre');
      await expect(page.getByTestId('courses-table').getByRole('row')).toHaveCount(2);
      await page.getByPlaceholder('Search courses by name').fill('');
      await expect(page.getByTestId('courses-table')).toContainText('Customer care essentials');
      await shoot(page, 'course-management-list');

      await page.getByRole('link', { name: COURSE, exact: true }).click();
      await expect(page).toHaveURL(/\/management\/course\/\d+$/);
      courseId = Number(page.url().split('/').pop());
      await page.getByRole('button', { name: 'Add topic' }).click();
      await page.getByTestId('topic-form').getByLabel('Topic name').fill(TOPIC);
      await page.getByTestId('topic-form').getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('message-dialog')).toContainText('The topic was added');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Add topic' }).click();
      await page.getByTestId('topic-form').getByLabel('Topic name').fill('Wrapping up');
      await page.getByTestId('topic-form').getByRole('button', { name: 'Save' }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('topics-table')).toContainText('Wrapping up');
      // Reorder: the second topic up, then back down.
      await page.getByRole('button', { name: 'Move Wrapping up up' }).click();
      await expect(page.getByTestId('topics-table').getByRole('row').nth(1)).toContainText('Wrapping up');
      await page.getByRole('button', { name: 'Move Wrapping up down' }).click();
      await expect(page.getByTestId('topics-table').getByRole('row').nth(1)).toContainText(TOPIC);
      await shoot(page, 'course-management-topics');

      await page.getByRole('link', { name: TOPIC, exact: true }).click();
      await expect(page).toHaveURL(/\/management\/course\/\d+\/topic\/\d+$/);
      for (const [name, file] of [
        [LESSON_1, 'Cabinet checklist.pdf'],
        [LESSON_2, null],
      ] as const) {
        await page.getByRole('link', { name: 'Add lesson' }).click();
        const lesson = page.getByTestId('lesson-form');
        await lesson.getByLabel('Lesson name').fill(name);
        await lesson.getByLabel('Video link').fill('https://vimeo.com/12345');
        await lesson.getByLabel('Minimum study time (minutes)').fill('1');
        await lesson.getByLabel('Required correct answers').fill('0');
        await lesson.getByLabel('Exam time limit (minutes)').fill('10');
        await lesson.getByRole('button', { name: 'Save' }).click();
        await expect(lesson).toContainText('The YouTube link is not valid');
        await lesson.getByLabel('Video link').fill('https://youtu.be/aqz-KE-bpKQ');
        // The preview player reports the video's length, which fills the field in.
        await expect(lesson.getByLabel('Video length')).toHaveValue('1:30');
        await lesson.getByLabel('Minimum study time (minutes)').fill('2');
        await lesson.getByRole('button', { name: 'Save' }).click();
        await expect(lesson).toContainText('The minimum study time cannot exceed the video duration');
        await lesson.getByLabel('Minimum study time (minutes)').fill('1');
        if (file) {
          await page
            .getByTestId('lesson-documents-field')
            .locator('input[type="file"]')
            .setInputFiles([
              { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a document') },
              { name: file, mimeType: 'application/pdf', buffer: pdf(file) },
            ]);
          await expect(page.getByTestId('document-problems')).toContainText(
            'notes.png: Only PDF, Word, Excel and PowerPoint files are allowed',
          );
          await expect(page.getByTestId('lesson-documents-field')).toContainText(file);
          await shoot(page, 'course-management-lesson-form');
        }
        await lesson.getByRole('button', { name: 'Save' }).click();
        await expect(page).toHaveURL(/\/management\/course\/\d+\/topic\/\d+$/);
        await expect(page.getByTestId('lessons-table')).toContainText(name);
      }
      const lessons = page.getByTestId('lessons-table').getByRole('row');
      await expect(lessons.nth(1)).toContainText(LESSON_1);
      await shoot(page, 'course-management-lessons');

      // The lesson form reopens with what was saved, and its document.
      await page.getByRole('link', { name: `Edit ${LESSON_1}` }).click();
      await expect(page.getByTestId('lesson-form').getByLabel('Lesson name')).toHaveValue(LESSON_1);
      await expect(page.getByTestId('lesson-documents-field')).toContainText('Cabinet checklist.pdf');
      lessonIds.push(Number(new URL(page.url()).searchParams.get('id')));
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.getByRole('link', { name: `Edit ${LESSON_2}` }).click();
      lessonIds.push(Number(new URL(page.url()).searchParams.get('id')));
      expect(lessonIds.every((id) => id > 0)).toBe(true);

      // Lesson 1 gets a one-question exam (authoring it in the browser is the exams journey's):
      // lesson 2 then opens only once lesson 1's study time is reached AND its exam is passed.
      const headers = { authorization: `Bearer ${await accessToken(page)}` };
      const question = await page.request.post(`${API}/exams/${lessonIds[0]}/questions`, {
        headers,
        data: {
          type: 'SINGLE_CHOICE',
          content: 'What do you do before opening a street cabinet?',
          options: [
            { text: EXAM_RIGHT_ANSWER, correct: true },
            { text: 'Open it at once', correct: false },
          ],
        },
      });
      expect(question.status(), await question.text()).toBe(201);
      const settings = await page.request.put(`${API}/exams/${lessonIds[0]}/settings`, {
        headers,
        data: { examTimeLimitMinutes: 10, requiredCorrectAnswers: 1, maxFailedAttempts: 3 },
      });
      expect(settings.status(), await settings.text()).toBe(200);
    });

    test('a student cannot open lesson 2 before lesson 1 is done, studies lesson 1, passes its exam and downloads its document', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await stubYouTube(page);
      // The course page is public: sign in on a signed-in page, then open it.
      await signInAt(page, '/training-academy', 'student');
      await page.goto(`/training-academy/course/${courseId}`);
      await expect(page.getByTestId('course-title')).toHaveText(COURSE);
      await expect(page.getByTestId('course-progress')).toContainText('0%');
      const topics = page.getByTestId('course-topic');
      await expect(topics.first()).toHaveAttribute('data-locked', 'false');
      // Ordered course: the second topic opens only when the first is passed.
      await expect(topics.nth(1)).toHaveAttribute('data-locked', 'true');
      await shoot(page, 'academy-course-student');

      await page.getByTestId('continue-course').click();
      await expect(page.getByTestId('topic-title')).toHaveText(TOPIC);
      const items = page.getByTestId('lesson-item');
      await expect(items.nth(0)).toHaveAttribute('data-locked', 'false');
      await expect(items.nth(1)).toHaveAttribute('data-locked', 'true');

      // Lesson 2 is locked by the server, not only hidden.
      await items.nth(1).click();
      await expect(page.getByTestId('lesson-locked')).toContainText('You have to finish the previous exam');
      await shoot(page, 'academy-topic-locked');
      const token = await accessToken(page);
      const headers = { authorization: `Bearer ${token}` };
      const locked = await page.request.get(`${API}/lessons/${lessonIds[1]}`, { headers });
      expect(await locked.json()).toMatchObject({ locked: true, video: null, documents: [] });
      const refused = await page.request.put(`${API}/user-lesson/time-viewed`, {
        headers,
        data: {
          lessonId: lessonIds[1],
          viewingId: 'e2e-sneaky-tab',
          position: 0,
          playing: true,
          visible: true,
        },
      });
      expect(refused.status()).toBe(403);

      // Lesson 1: its document downloads with the bearer token from /get/documents.
      await items.nth(0).click();
      await expect(page.getByTestId('lesson-title')).toHaveText(LESSON_1);
      await expect(page.getByTestId('lesson-study').getByTestId('lesson-status')).toHaveText('In progress');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download Cabinet checklist.pdf' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Cabinet checklist.pdf');
      const saved = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of saved) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

      // Study: play the video; heartbeats every 10 s credit real time until the minute is reached.
      await page.getByTestId('fake-play').click();
      await expect(page.getByTestId('study-time-value')).not.toHaveText('0:00 / 1:00', { timeout: 20_000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SCREENSHOTS}/academy-topic-studying-desktop.png`, fullPage: true });
      await expect(page.getByTestId('study-time-value')).toHaveText('1:00 / 1:00', { timeout: 120_000 });
      // The minimum is reached, but lesson 1 has an exam: lesson 2 stays locked until it is passed.
      await expect(page.getByTestId('lesson-exam').getByTestId('exam-entry')).toContainText('1 question');
      await expect(page.getByTestId('lesson-passed')).toHaveCount(0);
      // The lesson list follows the heartbeats.
      await expect(items.nth(0)).toContainText('1:00 / 1:00');
      await expect(items.nth(1)).toHaveAttribute('data-locked', 'true');
      const beforeExam = await page.request.get(`${API}/lessons/${lessonIds[1]}`, { headers });
      expect(await beforeExam.json()).toMatchObject({ locked: true, video: null });
      await shoot(page, 'academy-topic-exam-due');

      await page.getByTestId('fake-play').click();
      await page.getByTestId('take-exam').click();
      await page.getByTestId('start-exam').click();
      await page.getByTestId('exam-question').getByLabel(EXAM_RIGHT_ANSWER, { exact: true }).check();
      await expect(page.getByTestId('save-state')).toHaveText('All answers saved');
      await page.getByTestId('submit-exam').click();
      await page.getByTestId('confirm-submit').click();
      const result = page.getByTestId('exam-result');
      await expect(result.getByTestId('exam-outcome')).toHaveText('Passed');
      await result.getByTestId('next-lesson').click();
      await expect(page).toHaveURL(new RegExp(`lesson=${lessonIds[1]}`));
      await expect(page.getByTestId('lesson-title')).toHaveText(LESSON_2);
      await expect(items.nth(0)).toContainText('Passed');
      await expect(items.nth(1)).toHaveAttribute('data-locked', 'false');
      await shoot(page, 'academy-topic-student');
      await expect(page.getByTestId('fake-youtube')).toBeVisible();
      const unlocked = await page.request.get(`${API}/lessons/${lessonIds[1]}`, { headers });
      expect(await unlocked.json()).toMatchObject({ locked: false, video: { kind: 'youtube' } });

      await page.goto('/training-academy');
      const card = page.getByTestId('course-card').filter({ hasText: COURSE });
      await expect(card).toContainText('50%');
      await shoot(page, 'academy-my-courses');
      await page.getByTestId('tab-finished').click();
      await expect(page.getByTestId('course-card').filter({ hasText: 'Workplace safety' })).toContainText(
        '100%',
      );
      await page.getByTestId('tab-explore').click();
      await expect(page.getByTestId('course-card').filter({ hasText: 'TV packages' })).toBeVisible();
      await shoot(page, 'academy-explore');

      await page.getByRole('link', { name: 'My progress' }).click();
      await expect(page).toHaveURL(/\/training-academy\/study-progress$/);
      await expect(page.getByTestId('progress-table')).toContainText(COURSE);
      await expect(page.getByTestId('history')).toContainText('Workplace safety');
      await shoot(page, 'academy-study-progress');
    });

    test('a visitor sees the course page with a call to sign in', async ({ page }) => {
      await page.goto(`/training-academy/course/${courseId}`);
      await expect(page.getByTestId('course-title')).toHaveText(COURSE);
      await expect(page.getByTestId('sign-in-call')).toContainText('Sign in to study this course');
      await expect(page.getByTestId('course-topics')).toContainText(LESSON_1);
      await expect(page.getByTestId('course-progress')).toHaveCount(0);
      await shoot(page, 'academy-course-visitor');
      await page.getByRole('button', { name: 'Sign in to start' }).click();
      await expect(page).toHaveURL(/\/idp\//);

      await page.goto('/training-academy/course/999999');
      await expect(page.getByTestId('course-error')).toContainText('This course does not exist.');
    });

    test('staff deleting a course that learners studied is warned, then it goes with their progress', async ({
      page,
    }) => {
      await signInAt(page, '/management/course', 'staff');
      await page.getByRole('button', { name: `Delete ${COURSE}` }).click();
      const dialog = page.getByTestId('confirm-delete-dialog');
      await expect(dialog).toContainText(COURSE);
      await expect(dialog).toContainText('Learners have already studied this');
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByTestId('message-dialog')).toContainText('The course was deleted');
      await expect(page.getByTestId('courses-table')).not.toContainText(COURSE);
    });
  });
