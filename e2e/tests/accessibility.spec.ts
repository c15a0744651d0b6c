import type { Browser, Locator, Page } from '@playwright/test';
import { audit } from './axe';
import { accessToken, expect, SCREENSHOTS, shoot, signInAt, TAKE_SCREENSHOTS, test } from './support';

/**
 * Accessibility (issues 11 and 22): axe-core finds no serious or critical violation, and no
 * landmark or heading-structure fault, on 30 pages (public site, academy, Q&A, exam, account and
 * management), in the light scheme and on a handful in the dark one; one load each. A learner signs
 * in, opens a lesson and passes its exam with the keyboard alone (Tab, Shift+Tab, Enter, Space
 * and the arrow keys; never a click), seeing where the focus is at every step.
 *
 * The tests share nothing (each worker has its own server), so they spread over the workers: the
 * audits are the heaviest browser work of the journeys.
 */
test.describe.configure({ mode: 'parallel' });

const API = '/services/core/api';
const COURSE = 'E2E Accessible course';
const LESSON = 'Reading the meter aloud';
const QUESTION = 'Which port carries the light?';
const LEARNER = { username: 'E1012', password: 'Employee@2026' };

/** The sandbox has no internet: YouTube's player script fails at once instead of timing out. */
async function offline(page: Page): Promise<void> {
  await page.route('https://www.youtube.com/**', (route) => route.abort());
  await page.route('https://i.ytimg.com/**', (route) => route.abort());
}

async function hrefOf(link: Locator): Promise<string> {
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  return href as string;
}

/** The focused element, checked to be visible and to draw a focus indicator. */
async function expectFocusVisible(page: Page): Promise<void> {
  const focused = page.locator(':focus');
  await expect(focused).toBeVisible();
  const ring = await focused.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return { outline, shadow: style.boxShadow !== 'none', focusVisible: el.matches(':focus-visible') };
  });
  expect(ring.focusVisible, 'the focus shows as keyboard focus').toBe(true);
  expect(ring.outline || ring.shadow, 'the focused control draws an outline').toBe(true);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, never more than `max` times, and checks the focus ring. */
async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      await expectFocusVisible(page);
      return;
    }
  }
  throw new Error(`Tab never reached ${target}`);
}

/** An administrator makes a course with one lesson and a one-question exam; returns their ids. */
async function createExamCourse(
  browser: Browser,
): Promise<{ courseId: number; topicId: number; lessonId: number }> {
  const page = await browser.newPage();
  await signInAt(page, '/management/course', 'admin');
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const course = await page.request.post(`${API}/courses`, {
    headers,
    multipart: { name: COURSE, serviceId: '1', ordered: 'true' },
  });
  expect(course.status()).toBe(201);
  const courseId = (await course.json()).id;
  const topic = await page.request.post(`${API}/courses/${courseId}/topics`, {
    headers,
    data: { name: 'Aloud' },
  });
  const topicId = (await topic.json()).id;
  const lesson = await page.request.post(`${API}/topics/${topicId}/lessons`, {
    headers,
    data: {
      name: LESSON,
      videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      minStudyMinutes: 0,
      requiredCorrectAnswers: 1,
      examTimeLimitMinutes: 10,
    },
  });
  expect(lesson.status()).toBe(201);
  const lessonId = (await lesson.json()).id;
  const question = await page.request.post(`${API}/exams/${lessonId}/questions`, {
    headers,
    data: {
      type: 'SINGLE_CHOICE',
      content: QUESTION,
      options: [
        { text: 'The blue one', correct: false },
        { text: 'The green one', correct: true },
      ],
    },
  });
  expect(question.status()).toBe(201);
  await page.close();
  return { courseId, topicId, lessonId };
}

test('the public pages have no serious or critical accessibility violations', async ({ page }) => {
  // Several page loads of a few seconds each; a loaded CI machine needs the headroom.
  test.setTimeout(240_000);
  await offline(page);
  await page.goto('/');
  await audit(page, 'home', page.locator('main'));
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/a11y-home-1366.png`, fullPage: true });
  await page.goto('/news');
  await audit(page, 'news list', page.locator('main a[href^="/news/"]').first());
  await page.goto(await hrefOf(page.locator('main a[href^="/news/"]').first()));
  await audit(page, 'news detail', page.getByRole('heading', { level: 1 }));
  await page.goto('/introduction');
  await audit(page, 'introduction', page.getByRole('heading', { level: 1 }));
  await page.goto('/recruitment');
  const post = page.locator('main a[href^="/recruitment/"]').first();
  await audit(page, 'recruitment list', post);
  const postHref = await hrefOf(post);
  await page.goto(postHref);
  await audit(page, 'recruitment detail', page.getByRole('heading', { level: 1 }));
  await page.goto(`${postHref.replace(/\/apply$/, '')}/apply`);
  await audit(page, 'apply', page.locator('main form'));
  await page.goto('/forgot-password');
  await audit(page, 'forgot password', page.locator('main form'));
});

test('the management pages have no serious or critical accessibility violations', async ({ page }) => {
  // Several page loads of a few seconds each; a loaded CI machine needs the headroom.
  test.setTimeout(240_000);
  await offline(page);
  await signInAt(page, '/management/user', 'admin');
  await audit(page, 'users', page.getByRole('table'));
  await page.goto('/management/course');
  await audit(page, 'courses', page.getByRole('table'));
  await page.goto('/management/news');
  await audit(page, 'news management', page.getByRole('table'));
  await page.goto('/management/progress');
  await audit(page, 'progress', page.getByRole('table'));
  await page.goto('/management/compliance');
  await audit(page, 'compliance', page.getByTestId('compliance-overview'));
  await page.goto('/management/recruitment');
  await audit(page, 'recruitment management', page.getByRole('table'));
  await page.goto('/management/course');
  await page.goto(await hrefOf(page.locator('main a[href^="/management/course/"]').first()));
  await audit(page, 'course topics', page.getByRole('table'));
  await page.goto('/management/department');
  await audit(page, 'departments', page.getByRole('table'));
  await page.goto('/management/authorization');
  await audit(page, 'authorizations', page.getByRole('table'));
  await page.goto('/management/certificate');
  await audit(page, 'certificates', page.getByRole('table'));
  await page.goto('/management/schedule');
  await audit(page, 'roadmaps', page.getByRole('table'));
  await page.goto('/management/audit');
  await audit(page, 'audit log', page.getByRole('table'));
});

test('the academy and account pages have no serious or critical accessibility violations', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await offline(page);
  await signInAt(page, '/training-academy', 'student');
  const courseLink = page.locator('main a[href^="/training-academy/course/"]').first();
  await audit(page, 'my courses', courseLink);
  await page.goto(await hrefOf(courseLink));
  const topicLink = page.locator('main a[href*="/topic/"]').first();
  await audit(page, 'course page', topicLink);
  await page.goto(await hrefOf(topicLink));
  await audit(page, 'topic page', page.getByTestId('lesson-item').first());
  await page.goto('/account');
  await audit(page, 'account', page.locator('main form').first());
  await page.goto('/training-academy/study-progress');
  await audit(page, 'my progress', page.getByRole('heading', { level: 1 }));
  await page.goto('/training-academy/roadmap');
  await audit(page, 'my roadmap', page.getByRole('heading', { level: 1 }));
  await page.goto('/training-academy/qa');
  const questionLink = page.locator('main a[href^="/training-academy/qa/"]:not([href$="/new"])').first();
  await audit(page, 'Q&A', questionLink);
  await page.goto(await hrefOf(questionLink));
  await audit(page, 'Q&A question', page.getByRole('heading', { level: 1 }));
  await page.goto('/training-academy/qa/new');
  await audit(page, 'Q&A new question', page.locator('main form'));
});

test('the dark colour scheme follows the system and stays readable', async ({ page }) => {
  await offline(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await audit(page, 'home (dark)', page.locator('main'));
  await shoot(page, 'dark-home');
  await page.goto('/news');
  await audit(page, 'news list (dark)', page.locator('main a[href^="/news/"]').first());
  await signInAt(page, '/training-academy', 'student');
  await audit(page, 'my courses (dark)', page.locator('main a[href^="/training-academy/course/"]').first());
  await page.goto('/training-academy/qa');
  await audit(page, 'Q&A (dark)', page.locator('main a[href^="/training-academy/qa/"]').first());
  await page.goto('/training-academy/study-progress');
  await audit(page, 'my progress (dark)', page.getByRole('heading', { level: 1 }));
  await shoot(page, 'dark-my-progress');
});

test('a learner signs in, opens a lesson and passes its exam with the keyboard alone', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const { courseId, topicId, lessonId } = await createExamCourse(browser);
  await offline(page);
  await page.goto(`/training-academy/course/${courseId}/topic/${topicId}`);
  await expect(page).toHaveURL(/\/idp\//);
  await tabTo(page, page.locator('input[name="username"]'));
  await page.keyboard.type(LEARNER.username);
  await tabTo(page, page.locator('input[name="password"]'));
  await page.keyboard.type(LEARNER.password);
  await tabTo(page, page.locator('form [type="submit"]'));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/training-academy\/course\//);

  // The lesson: reached from the lesson list with Tab and opened with Enter.
  const item = page.getByTestId('lesson-item').filter({ hasText: LESSON });
  await tabTo(page, item, { max: 60 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`lesson=${lessonId}`));
  const take = page.getByTestId('exam-entry').getByTestId('take-exam');
  await audit(page, 'lesson', take);
  await tabTo(page, take);
  await page.keyboard.press('Enter');

  // The exam: start, answer with the arrow keys and Space, submit and confirm.
  const start = page.getByTestId('start-exam');
  await audit(page, 'exam intro', start);
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  const question = page.getByTestId('exam-question');
  await audit(page, 'exam question', question);
  if (TAKE_SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/a11y-exam-1366.png` });
  const right = question.getByLabel('The green one', { exact: true });
  await tabTo(page, question.getByRole('radio').first());
  await page.keyboard.press('Space');
  if (!(await right.isChecked())) await page.keyboard.press('ArrowDown');
  await expect(right).toBeChecked();
  await expect(page.getByTestId('save-state')).toHaveText('All answers saved');
  // Tabbing on past the last control wraps to the first: the focus never leaves the page, which
  // would submit the exam as left.
  for (let i = 0; i < 25; i++) await page.keyboard.press('Tab');
  for (let i = 0; i < 25; i++) await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('exam-outcome')).toHaveCount(0);
  await tabTo(page, page.getByTestId('submit-exam'));
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('confirm-submit');
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm, { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('exam-outcome')).toHaveText('Passed');
  await audit(page, 'exam result', page.getByTestId('exam-result'));
});
