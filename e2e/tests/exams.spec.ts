import { EXAM_MESSAGES } from '@academy/contract';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { audit } from './axe';
import { accessToken, expect, shoot, signInAt, submitSignInForm, test } from './support';

/**
 * Exams (issue 6): an administrator authors a lesson's exam (questions by hand and from Excel,
 * with row errors), a student passes it and the next lesson opens; a window blur warns and hiding
 * the tab submits an attempt with the cheating warning; a running-out timer closes an attempt as
 * "Time is up" (issue 22); a learner who fails three times is locked out until the exam is
 * unlocked for them. The server decides everything; the browser only shows it.
 */

const API = '/services/core/api';
const COURSE = 'E2E Exam course';
const LESSON_1 = 'Reading the optical meter';
const LESSON_2 = 'Reporting the reading';

test.describe.configure({ mode: 'serial' });

let courseId = 0;
let topicId = 0;
let lessonIds: number[] = [];

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Questions');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const HEADER = [
  'Type',
  'Question',
  'Correct',
  'Task description',
  'Task guide',
  'Display time (seconds)',
  'Option 1',
  'Option 2',
  'Option 3',
];

function playerUrl(): RegExp {
  return new RegExp(`/training-academy/course/${courseId}/topic/${topicId}/x[0-9a-f]{30,}/${lessonIds[0]}$`);
}

/** Answers the running exam: the right answers, or wrong ones. */
async function answerExam(page: Page, right: boolean): Promise<void> {
  const question = page.getByTestId('exam-question');
  // count() does not wait: the navigation is drawn once the questions have arrived.
  await expect(question).toBeVisible();
  const count = await page.getByTestId('question-nav').getByRole('button').count();
  expect(count, 'questions in the navigation').toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const text = await question.innerText();
    if (text.includes('What colour is a live fibre connector')) {
      await question.getByLabel(right ? 'Green' : 'Blue', { exact: true }).check();
    } else if (text.includes('Which readings are normal')) {
      await question.getByLabel(right ? '-18 dBm' : '+5 dBm', { exact: true }).check();
      if (right) await question.getByLabel('-22 dBm', { exact: true }).check();
    } else {
      await question.getByLabel('Blank 1').fill(right ? ' power METER ' : 'ruler');
    }
    if (i < count - 1) await page.getByTestId('next-question').click();
  }
}

test('an administrator authors a lesson exam by hand and from Excel', async ({ page }) => {
  await signInAt(page, '/management/course', 'admin');
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const form = { name: COURSE, serviceId: '1', ordered: 'true' };
  const course = await page.request.post(`${API}/courses`, { headers, multipart: form });
  expect(course.status()).toBe(201);
  courseId = (await course.json()).id;
  const topic = await page.request.post(`${API}/courses/${courseId}/topics`, {
    headers,
    data: { name: 'On site' },
  });
  topicId = (await topic.json()).id;
  lessonIds = [];
  for (const name of [LESSON_1, LESSON_2]) {
    const lesson = await page.request.post(`${API}/topics/${topicId}/lessons`, {
      headers,
      data: {
        name,
        videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        minStudyMinutes: 0,
        requiredCorrectAnswers: 0,
        examTimeLimitMinutes: 10,
      },
    });
    expect(lesson.status()).toBe(201);
    lessonIds.push((await lesson.json()).id);
  }

  // From the topic's lessons to the exam page.
  await page.goto(`/management/course/${courseId}/topic/${topicId}`);
  await page
    .getByTestId('lessons-table')
    .getByRole('link', { name: /no exam|questions?/i })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/management/course/topic/lesson/${lessonIds[0]}$`));
  await expect(page.getByRole('heading', { name: `Exam: ${LESSON_1}` })).toBeVisible();

  // A single choice question by hand.
  await page.getByTestId('add-question').click();
  const editor = page.getByTestId('question-editor');
  await editor.locator('textarea[name="content"]').fill('What colour is a live fibre connector?');
  await editor.getByLabel('Option 1', { exact: true }).fill('Blue');
  await editor.getByLabel('Option 2', { exact: true }).fill('Green');
  await editor.getByRole('button', { name: 'Add option' }).click();
  await editor.getByLabel('Option 3', { exact: true }).fill('Red');
  await editor.getByLabel('Option 2 is correct').check();
  await page.getByTestId('save-question').click();
  await expect(page.getByTestId('question-card')).toHaveCount(1);

  // Fill in the blanks: the SPEC §5 rule first, then a blank with its answers.
  await page.getByTestId('add-question').click();
  await editor.getByText('Fill in the blanks').click();
  await editor.locator('textarea[name="content"]').fill('Measure the light with a power meter.');
  await page.getByTestId('save-question').click();
  await expect(editor.getByText('The content needs at least one blank')).toBeVisible();
  await editor.locator('textarea[name="content"]').fill('Measure the light with a ___ before splicing.');
  const answers = editor.getByLabel('Blank 1: accepted answers');
  await answers.fill('power meter');
  await answers.press('Enter');
  await answers.fill('optical power meter');
  await answers.press('Enter');
  await page.getByTestId('save-question').click();
  await expect(page.getByTestId('question-card')).toHaveCount(2);

  // Excel: a wrong file is refused row by row and imports nothing; a right one imports.
  const wrong = await workbook([
    HEADER,
    ['Multiple choice', 'No correct option', '', null, null, null, 'A', 'B'],
    ['Fill in the blanks', 'No blank', 'x', null, null, null],
  ]);
  await page.getByTestId('exam-excel').locator('input[type="file"]').setInputFiles({
    name: 'questions.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: wrong,
  });
  const errors = page.getByTestId('import-errors');
  await expect(errors).toContainText('The file has errors: nothing was imported');
  await expect(errors).toContainText('Row 2');
  await expect(errors).toContainText('There must be at least one correct answer');
  await expect(errors).toContainText('Row 3');
  await expect(page.getByTestId('question-card')).toHaveCount(2);
  const right = await workbook([
    HEADER,
    [
      'Multiple choice',
      'Which readings are normal at the customer socket?',
      '1,3',
      null,
      'Two answers',
      null,
      '-18 dBm',
      '+5 dBm',
      '-22 dBm',
    ],
  ]);
  await page.getByTestId('exam-excel').locator('input[type="file"]').setInputFiles({
    name: 'questions.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: right,
  });
  await expect(page.getByTestId('message-dialog')).toContainText('1 question was imported');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('question-card')).toHaveCount(3);

  // The bar never exceeds the questions (decision 73): 4 of 3 is refused on its field; at 3 of 3,
  // deleting a question is announced as refused, and the API's refusal is what the page shows.
  const settings = page.getByTestId('exam-settings');
  const required = settings.getByLabel('Correct answers required');
  await required.fill('4');
  await page.getByTestId('save-settings').click();
  await expect(settings.getByText(EXAM_MESSAGES.requiredAboveQuestions)).toBeVisible();
  await required.fill('3');
  await page.getByTestId('save-settings').click();
  await expect(settings.getByText('The settings were saved')).toBeVisible();
  await page.getByRole('button', { name: 'Delete question 3' }).click();
  const confirm = page.getByTestId('confirm-delete-dialog');
  await expect(confirm).toContainText(EXAM_MESSAGES.deleteBelowRequired);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('message-dialog')).toContainText(EXAM_MESSAGES.deleteBelowRequired);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('question-card')).toHaveCount(3);

  // Settings: 2 of 3 right answers to pass, 3 failures lock.
  await required.fill('2');
  await settings.getByLabel('Time limit (minutes)').fill('5');
  await page.getByTestId('save-settings').click();
  await expect(settings.getByText('The settings were saved')).toBeVisible();
  await shoot(page, 'exam-authoring');
});

test('a student passes the exam, resumes after a reload, and the next lesson opens', async ({ page }) => {
  await signInAt(
    page,
    `/training-academy/course/${courseId}/topic/${topicId}?lesson=${lessonIds[0]}`,
    'student',
  );
  const entry = page.getByTestId('exam-entry');
  await expect(entry).toContainText('3 questions');
  await expect(entry).toContainText('3 attempts left');
  await entry.getByTestId('take-exam').click();
  await expect(page).toHaveURL(playerUrl());
  // No site header or footer in the player.
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await expect(page.getByTestId('exam-intro')).toContainText('Your time: 5 minutes');
  await shoot(page, 'exam-intro');
  await page.getByTestId('start-exam').click();
  await expect(page.getByTestId('exam-timer')).toContainText(/^\s*[45]:\d\d/);
  await expect(page.getByTestId('exam-question')).toContainText('Question 1 of 3');

  // Answer the first question, wait for the autosave, reload: the same attempt resumes.
  const first = page.getByTestId('exam-question');
  if ((await first.innerText()).includes('What colour'))
    await first.getByLabel('Green', { exact: true }).check();
  else if ((await first.innerText()).includes('Which readings'))
    await first.getByLabel('-18 dBm', { exact: true }).check();
  else await first.getByLabel('Blank 1').fill('power meter');
  await expect(page.getByTestId('save-state')).toHaveText('All answers saved');
  await expect(page.getByTestId('question-nav').locator('[data-state="current"]')).toHaveText('1');
  await shoot(page, 'exam-taking');
  await page.reload();
  await expect(page.getByTestId('exam-question')).toContainText('Question 1 of 3');
  await expect(page.getByTestId('question-nav').locator('[data-state="current"]')).toHaveText('1');

  await answerExam(page, true);
  await expect(page.getByTestId('question-nav').locator('[data-state="unanswered"]')).toHaveCount(0);
  await page.getByTestId('submit-exam').click();
  await page.getByTestId('confirm-submit').click();
  const result = page.getByTestId('exam-result');
  await expect(result.getByTestId('exam-outcome')).toHaveText('Passed');
  await expect(result.getByTestId('exam-mark')).toHaveText('100%');
  await expect(result.getByTestId('exam-outcomes')).toContainText('Question 3 — correct');
  await shoot(page, 'exam-result');
  await result.getByTestId('next-lesson').click();
  await expect(page).toHaveURL(new RegExp(`lesson=${lessonIds[1]}`));
  await expect(page.getByText(LESSON_2).first()).toBeVisible();
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const next = await page.request.get(`${API}/lessons/${lessonIds[1]}`, { headers });
  expect((await next.json()).locked).toBe(false);
});

test('one status vocabulary: list and header agree, a running attempt reads "In progress" everywhere, light and dark', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A learner of their own: a context of its own, its pages share the sign-in.
  const context = await browser.newContext();
  const learner = await context.newPage();
  await learner.goto(`/training-academy/course/${courseId}/topic/${topicId}?lesson=${lessonIds[0]}`);
  await submitSignInForm(learner, 'E1010', 'Employee@2026');
  await learner.waitForURL(/\/training-academy\/course\//);
  // Opening the lesson starts it: the list (read before) and the header say the same word.
  const header = learner.getByTestId('lesson-study').getByTestId('lesson-status');
  const item = learner.getByTestId('lesson-item').filter({ hasText: LESSON_1 }).getByTestId('lesson-status');
  await expect(header).toHaveText('In progress');
  await expect(item).toHaveText('In progress');
  await shoot(learner, 'status-lesson');
  await learner.emulateMedia({ colorScheme: 'dark' });
  await expect(learner.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await audit(learner, 'lesson list and header (dark)', item);
  await shoot(learner, 'status-lesson-dark');

  // The exam in the dark scheme: readable (axe), and while the attempt runs it is in progress.
  await learner.getByTestId('exam-entry').getByTestId('take-exam').click();
  await audit(learner, 'exam intro (dark)', learner.getByTestId('start-exam'));
  await learner.getByTestId('start-exam').click();
  await audit(learner, 'exam question (dark)', learner.getByTestId('exam-question'));
  await shoot(learner, 'exam-taking-dark');
  const progress = await context.newPage();
  await progress.goto('/training-academy/study-progress');
  const myExam = progress.getByTestId('my-exams').locator('tbody tr').filter({ hasText: LESSON_1 });
  await expect(myExam.getByTestId('my-exam-status')).toHaveText('In progress');
  await expect(myExam.getByTestId('my-exam-best')).toHaveText('—');
  const myCourse = progress.getByTestId('progress-table').locator('tbody tr').filter({ hasText: COURSE });
  await expect(myCourse.getByTestId('course-status')).toHaveText('In progress');
  // A staff member's view of the same learner: the running attempt is in progress, not failed.
  const staff = await browser.newPage();
  await signInAt(staff, '/management/progress?q=E1010', 'admin');
  await staff.getByTestId('progress-learner-link').first().click();
  const running = staff.getByTestId('attempts-table').locator('tbody tr').filter({ hasText: LESSON_1 });
  await expect(running.getByTestId('attempt-status')).toHaveText('In progress');
  await staff.close();

  // Submitted wrong: failed everywhere, the mark in percent.
  await answerExam(learner, false);
  await learner.getByTestId('submit-exam').click();
  await learner.getByTestId('confirm-submit').click();
  await expect(learner.getByTestId('exam-outcome')).toHaveText('Failed');
  await expect(learner.getByTestId('exam-mark')).toHaveText(/^\d+%$/);
  await audit(learner, 'exam result (dark)', learner.getByTestId('exam-result'));
  await shoot(learner, 'exam-result-dark');
  await learner.emulateMedia({ colorScheme: 'light' });
  await shoot(learner, 'exam-result-failed');
  await progress.reload();
  await expect(myExam.getByTestId('my-exam-status')).toHaveText('Failed');
  await expect(myExam.getByTestId('my-exam-best')).toHaveText(/^\d+%$/);
  await shoot(progress, 'status-my-progress');
  await progress.emulateMedia({ colorScheme: 'dark' });
  await audit(progress, 'my progress (dark)', myExam);
  await shoot(progress, 'status-my-progress-dark');
  await context.close();
});

test('a window blur only warns; hiding the tab submits the attempt with the cheating warning', async ({
  page,
}) => {
  // The demo student's Fibre course: "Preparing the appointment" has a demo exam.
  await signInAt(page, '/training-academy', 'student');
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const lessons = await (await page.request.get(`${API}/my-lessons?thematic_id=6`, { headers })).json();
  const lesson = lessons.find((l: { name: string }) => l.name === 'Preparing the appointment');
  await page.goto(`/training-academy/course/${lesson.courseId}/topic/${lesson.topicId}?lesson=${lesson.id}`);
  await page.getByTestId('exam-entry').getByTestId('take-exam').click();
  await page.getByTestId('start-exam').click();
  await expect(page.getByTestId('exam-question')).toBeVisible();
  // Copying the question is blocked (and counted); the window losing focus warns (decision 90).
  await page.getByTestId('question-protected').click({ button: 'right' });
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await expect(page.getByTestId('blur-warning')).toContainText('recorded for your reviewer');
  await expect(page.getByTestId('exam-question')).toBeVisible();
  // The tab becoming hidden submits at once.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(page.getByTestId('cheating-warning')).toContainText('flagged');
  await expect(page.getByTestId('exam-outcome')).toHaveText('Failed');
  await shoot(page, 'exam-cheating');
  const attempts = await (await page.request.get(`${API}/exams/${lesson.id}/state`, { headers })).json();
  expect(attempts.attempts[0]).toMatchObject({ status: 'SUBMITTED', cheating: true });
});

test('when the time runs out the attempt closes: "Time is up", not passed, one attempt used', async ({
  browser,
}) => {
  const learner = await browser.newPage();
  // The browser's clock runs the countdown (to the server's deadline); jumping it is the timer at 0:00.
  await learner.clock.install();
  await learner.goto(`/training-academy/course/${courseId}/topic/${topicId}?lesson=${lessonIds[0]}`);
  await submitSignInForm(learner, 'E1003', 'Employee@2026');
  await learner.waitForURL(/\/training-academy\/course\//);
  await learner.getByTestId('exam-entry').getByTestId('take-exam').click();
  await expect(learner.getByTestId('expired-rule')).toContainText('counts as one of your attempts');
  await learner.getByTestId('start-exam').click();
  await answerExam(learner, true);
  await learner.clock.fastForward('05:01');
  const result = learner.getByTestId('exam-result');
  await expect(result.getByTestId('exam-outcome')).toHaveText('Time out');
  await expect(result.getByTestId('time-up')).toContainText('counts as one of your attempts');
  await expect(result.getByTestId('exam-mark')).toHaveText('100%');
  await expect(result).toContainText('2 attempts left');
  await shoot(learner, 'exam-time-up');
  await learner.close();
});

test('three failures lock the exam until it is unlocked for the learner', async ({ browser }) => {
  const learner = await browser.newPage();
  await learner.goto(`/training-academy/course/${courseId}/topic/${topicId}?lesson=${lessonIds[0]}`);
  await submitSignInForm(learner, 'E1002', 'Employee@2026');
  await learner.waitForURL(/\/training-academy\/course\//);
  await learner.getByTestId('exam-entry').getByTestId('take-exam').click();
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (attempt === 3) await expect(learner.getByTestId('last-attempt-warning')).toBeVisible();
    await learner.getByTestId('start-exam').click();
    await answerExam(learner, false);
    await learner.getByTestId('submit-exam').click();
    await learner.getByTestId('confirm-submit').click();
    await expect(learner.getByTestId('exam-outcome')).toHaveText('Failed');
    if (attempt < 3) {
      await expect(learner.getByTestId('exam-result')).toContainText(`${3 - attempt} attempt`);
      await learner.getByTestId('retake').click();
    }
  }
  await expect(learner.getByTestId('result-locked')).toContainText('Exceed the number of exam taken');
  await learner.getByTestId('back-to-lesson').click();
  await expect(learner.getByTestId('exam-locked')).toContainText('Exceed the number of exam taken');

  const staff = await browser.newPage();
  await signInAt(staff, `/management/course/topic/lesson/${lessonIds[0]}`, 'admin');
  const locked = staff.getByTestId('locked-learners');
  await expect(locked).toContainText('E1002');
  await locked.getByTestId('unlock-learner').click();
  await expect(staff.getByTestId('message-dialog')).toContainText('can take the exam again');
  await expect(locked).toContainText('Nobody is locked out');

  await learner.reload();
  await expect(learner.getByTestId('exam-entry')).toContainText('3 attempts left');
  await expect(learner.getByTestId('exam-entry').getByTestId('take-exam')).toBeVisible();
});
