import type { Page } from '@playwright/test';
import { accessToken, expect, passDays, shoot, signInAt, test } from './support';

/*
 * Certificate validity and recertification (issue 24, point 4; decisions 104, 105). The data is
 * made through the API; the browser shows the course form's validity fields, the verification
 * (valid, then expired once the server's clock has passed the expiry day) and My progress with
 * the earlier cycle after the window opened.
 */
test.describe.configure({ mode: 'serial' });

const COURSE = 'Working at height';
const API = '/services/core/api';

async function api(page: Page) {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await page.request.get(`${API}/${path}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as T;
    },
    send: async (method: 'POST' | 'DELETE', path: string, options: Record<string, unknown> = {}) => {
      const res = await page.request.fetch(`${API}/${path}`, { method, headers, ...options });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return res.status() === 204 ? null : ((await res.json()) as { id: number });
    },
  };
}

let courseId = 0;
let lessonId = 0;

test('a course manager sets how long its certificate is valid and when recertification opens', async ({
  page,
}) => {
  await signInAt(page, '/management/course', 'admin');
  const admin = await api(page);
  const [certificate] = await admin.get<{ id: number }[]>('certificates/options');
  const course = await admin.send('POST', 'courses', {
    multipart: {
      name: COURSE,
      serviceId: '1',
      ordered: 'true',
      certificateId: String(certificate?.id),
      certificateValidityMonths: '12',
      recertificationWindowDays: '30',
    },
  });
  courseId = course?.id ?? 0;
  const topic = await admin.send('POST', `courses/${courseId}/topics`, { data: { name: 'Safe work' } });
  const lesson = await admin.send('POST', `topics/${topic?.id}/lessons`, {
    data: {
      name: 'Harness and anchors',
      videoUrl: 'https://www.youtube.com/watch?v=harness0001',
      videoDurationSeconds: 600,
      minStudyMinutes: 0,
      requiredCorrectAnswers: 0,
      examTimeLimitMinutes: 10,
    },
  });
  lessonId = lesson?.id ?? 0;

  await page.reload();
  await page.getByRole('button', { name: new RegExp(`Edit.*${COURSE}`) }).click();
  const validity = page.getByTestId('course-validity');
  await expect(validity.getByLabel('Certificate valid for (months)')).toHaveValue('12');
  await expect(validity.getByLabel('Recertification opens (days before expiry)')).toHaveValue('30');
  await shoot(page, 'course-form-validity');
});

test('verification says until when it is valid; when the window opens the course is assigned again, My progress keeps the earlier cycle; then it expires', async ({
  page,
  server,
}) => {
  await signInAt(page, '/training-academy', 'student');
  const student = await api(page);
  await student.send('POST', `user-lesson/update-status/${lessonId}`);
  const mine = await student.get<{ code: string; courseId: number }[]>('my-certificates');
  const code = mine.find((c) => c.courseId === courseId)?.code ?? '';
  await page.goto(`/certificates/verify/${code}`);
  await expect(page.getByTestId('verify-valid')).toContainText('Valid until');
  await shoot(page, 'verify-valid');

  // A year less a month: the 30-day window before the expiry day has opened.
  passDays(server, 340);
  await page.goto('/training-academy');
  const card = page.getByTestId('assignment-card').filter({ hasText: COURSE });
  await expect(card.getByTestId('assignment-due')).toContainText('Recertification');
  await page.goto('/training-academy/study-progress');
  const cycle = page.getByTestId('earlier-cycle').filter({ hasText: COURSE });
  await expect(cycle).toContainText('Cycle 1');
  await expect(cycle).toContainText(code);
  await expect(cycle.getByTestId('certificate-validity')).toContainText('Valid until');
  await shoot(page, 'my-progress-cycles');

  passDays(server, 400);
  await page.goto(`/certificates/verify/${code}`);
  await expect(page.getByTestId('verify-expired')).toContainText('Expired on');
  await shoot(page, 'verify-expired');
});

// Later journeys of this worker use the same student and server: the clock goes back, and the
// recertification assignment and the course go.
test('the administrator removes the recertification and the course', async ({ page, server }) => {
  passDays(server, 0);
  await signInAt(page, '/management/assignment', 'admin');
  const admin = await api(page);
  const list = await admin.get<{ id: number; courseId: number | null }[]>('assignments');
  for (const { id } of list.filter((a) => a.courseId === courseId))
    await admin.send('DELETE', `assignments/${id}`);
  await admin.send('DELETE', `courses/${courseId}`, { params: { confirm: 'true' } });
});
