import type { Page } from '@playwright/test';
import { accessToken, expect } from './support';

/**
 * The journey steps SCORM and cmi5 lessons share (scorm.spec.ts, cmi5.spec.ts): a course with a
 * topic made through the API, a package lesson added through the lesson form, and the video
 * lesson after it that opens once the package is passed.
 */

export const API = '/services/core/api';

/** YouTube stays out of the journey: the next lesson's video is not what it is about. */
export async function noYouTube(page: Page): Promise<void> {
  await page.route(/youtube\.com|ytimg\.com/, (route) => route.abort());
}

export async function bearer(page: Page): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await accessToken(page)}` };
}

/** A course of the first service with one topic, as the signed-in manager. */
export async function courseWithTopic(
  page: Page,
  { course, topic, ordered = true }: { course: string; topic: string; ordered?: boolean },
): Promise<{ courseId: number; topicId: number }> {
  const headers = await bearer(page);
  const made = await page.request.post(`${API}/courses`, {
    headers,
    multipart: { name: course, serviceId: '1', ordered: String(ordered), requirements: 'None' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const courseId: number = (await made.json()).id;
  const topicMade = await page.request.post(`${API}/courses/${courseId}/topics`, {
    headers,
    data: { name: topic },
  });
  expect(topicMade.status(), await topicMade.text()).toBe(201);
  return { courseId, topicId: (await topicMade.json()).id };
}

/**
 * Adds a lesson of `kind` (the form's content choice) through the lesson form with `file` as its
 * package: the upload waits for the save, then the form stays on the new lesson. Answers its id.
 */
export async function addPackageLesson(
  page: Page,
  {
    courseId,
    topicId,
    name,
    kind,
    file,
  }: {
    courseId: number;
    topicId: number;
    name: string;
    kind: 'SCORM package' | 'cmi5 course';
    file: { name: string; mimeType: string; buffer: Buffer };
  },
): Promise<number> {
  await page.goto(`/management/course/add-lesson?courseId=${courseId}&topicId=${topicId}`);
  const form = page.getByTestId('lesson-form');
  await form.getByLabel('Lesson name').fill(name);
  await form.getByTestId('content-kind').getByText(kind).click();
  await expect(form.getByLabel('Video link')).toHaveCount(0);
  const field = page.getByTestId('package-field');
  await field.locator('input[type="file"]').setInputFiles(file);
  await expect(field.getByTestId('package-staged')).toContainText(file.name);
  await form.getByLabel('Minimum study time (minutes)').fill('0');
  await form.getByLabel('Required correct answers').fill('0');
  await form.getByLabel('Exam time limit (minutes)').fill('10');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/edit-lesson\?.*id=\d+/);
  return Number(new URL(page.url()).searchParams.get('id'));
}

/** A YouTube lesson after the package, in the same topic (locked until the package is passed). */
export async function addNextLesson(page: Page, topicId: number, name: string): Promise<void> {
  const next = await page.request.post(`${API}/topics/${topicId}/lessons`, {
    headers: await bearer(page),
    data: {
      name,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      minStudyMinutes: 0,
      requiredCorrectAnswers: 0,
      examTimeLimitMinutes: 10,
    },
  });
  expect(next.status(), await next.text()).toBe(201);
}
