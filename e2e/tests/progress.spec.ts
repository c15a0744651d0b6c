import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, SCREENSHOTS, shoot, signInAt, submitSignInForm, test } from './support';

/*
 * Roadmaps, progress reports and certificates (issue 9) on the demo data: the demo student's
 * roadmap (branch Skyline Mobile Hanoi, "Sales consultant"), colleagues' progress with one locked
 * exam (E1004, "Selling mobile plans") and the certificate issued for "Workplace safety".
 */

/** Renders the first page of a PDF to PNG with pdf.js inside the browser (no poppler here). */
async function renderPdf(page: Page, pdf: Buffer, file: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const build = path.dirname(require.resolve('pdfjs-dist/build/pdf.min.mjs'));
  await page.route('https://pdfjs.test/**', async (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === 'index.html')
      return route.fulfill({
        contentType: 'text/html',
        body: '<body style="margin:0"><canvas id="c"></canvas></body>',
      });
    return route.fulfill({
      contentType: 'text/javascript',
      body: await readFile(path.join(build, path.basename(name))),
    });
  });
  await page.goto('https://pdfjs.test/index.html');
  await page.evaluate(async (base64) => {
    const lib = await import('https://pdfjs.test/pdf.min.mjs' as string);
    lib.GlobalWorkerOptions.workerSrc = 'https://pdfjs.test/pdf.worker.min.mjs';
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const doc = await lib.getDocument({ data: bytes }).promise;
    const first = await doc.getPage(1);
    const viewport = first.getViewport({ scale: 1.5 });
    const canvas = document.getElementById('c') as HTMLCanvasElement;
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await first.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
  }, pdf.toString('base64'));
  await page.locator('#c').screenshot({ path: file });
}

test('the student sees their roadmap: finished, in progress, not studied and locked courses', async ({
  page,
}) => {
  await signInAt(page, '/training-academy', 'student');
  await page.getByRole('link', { name: 'Roadmap' }).first().click();
  await expect(page).toHaveURL(/\/training-academy\/roadmap$/);
  await expect(page.getByTestId('roadmap-milestone')).toHaveCount(3);
  const course = (name: string) =>
    page.getByTestId('roadmap-course').filter({ has: page.getByText(name, { exact: true }) });
  await expect(course('Workplace safety')).toHaveAttribute('data-state', 'FINISHED');
  await expect(course('Customer care essentials')).toHaveAttribute('data-state', 'IN_PROGRESS');
  await expect(course('Selling mobile plans')).toHaveAttribute('data-state', 'NOT_STUDIED');
  // "Fibre installation basics" must be completed before moving on: started, not finished…
  await expect(course('Fibre installation basics')).toHaveAttribute('data-state', 'IN_PROGRESS');
  await expect(course('Fibre installation basics')).toHaveAttribute('data-locked', 'false');
  const tv = course('TV packages and set-top boxes');
  await expect(tv).toHaveAttribute('data-locked', 'true');
  await expect(tv).toContainText('Complete the course "Fibre installation basics" before moving on');
  // A locked course is not a link.
  await expect(tv.getByRole('link')).toHaveCount(0);
  await shoot(page, 'roadmap');
});

test('staff filter the progress report, open a learner, unlock an exam and export', async ({ page }) => {
  await signInAt(page, '/management/progress', 'admin');
  await expect(page.getByTestId('progress-dashboard')).toBeVisible();
  await expect(page.getByTestId('progress-table').locator('tbody tr').first()).toBeVisible();
  await shoot(page, 'progress-dashboard');

  // The date range is checked with the SPEC's messages.
  await page.getByTestId('progress-from').fill('2026-05-10');
  await expect(page).toHaveURL(/from=2026-05-10/);
  await page.getByTestId('progress-to').fill('2026-05-01');
  await expect(page.getByText('The end time must be equal or greater than the start time')).toBeVisible();
  await expect(page.getByTestId('progress-table')).toContainText('No learner matches these filters');
  await page.goto('/management/progress');

  // Filter by course, then by status: the learner with the locked exam failed it.
  await page.getByTestId('progress-course-filter').click();
  await page.getByRole('option', { name: 'Selling mobile plans' }).click();
  await page.getByTestId('progress-status-filter').click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page).toHaveURL(/courseId=\d+/);
  await expect(page).toHaveURL(/status=FAILED/);
  const rows = page.getByTestId('progress-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('E1004');
  const filtered = new URL(page.url()).search;

  // Export the filtered report: one header row, then the learner.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('progress-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).getCell(1).value).toBe('Employee code');
  expect(sheet?.getRow(1).getCell(6).value).toBe('Course');
  expect(sheet?.getRow(2).getCell(1).value).toBe('E1004');

  // The learner: courses, exam attempts with IP, the locked exam unlocked after confirming.
  await rows.first().getByTestId('progress-learner-link').click();
  await expect(page).toHaveURL(/\/management\/progress\/detail\/\d+$/);
  await expect(page.getByTestId('learner-courses')).toContainText('Selling mobile plans');
  await expect(page.getByTestId('attempts-table').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('attempts-table')).toContainText('10.20.');
  await shoot(page, 'progress-detail');
  await page.getByTestId('unlock-exam').click();
  await expect(page.getByTestId('unlock-confirm-text')).toContainText('Unlock');
  await page.getByTestId('unlock-confirm').click();
  await expect(page.getByTestId('message-dialog')).toContainText('The exam has been unlocked');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('locked-exams')).toHaveCount(0);

  // Extra time and an extra attempt for the learner in one of the course's exams (decision 88).
  await page
    .getByTestId('learner-courses')
    .getByRole('button', { name: /Selling mobile plans/ })
    .click();
  await page.getByTestId('accommodate').first().click();
  await page.getByTestId('extra-time').fill('50');
  await page.getByTestId('extra-attempts').fill('1');
  await page.getByTestId('save-accommodation').click();
  await expect(page.getByTestId('message-dialog')).toContainText('The accommodation has been saved');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('accommodation-summary').first()).toHaveText('+50% time, +1 attempt');
  await shoot(page, 'progress-accommodation');

  // Login history, then back to the report: the filters were kept between progress pages…
  await page.getByRole('link', { name: 'Login history' }).click();
  await expect(page).toHaveURL(/login-history$/);
  await expect(page.getByTestId('login-history-table')).toBeVisible();
  await page.getByTestId('back-to-progress').click();
  await expect(page).toHaveURL((url) => url.search === filtered);

  // …and forgotten once the path left them.
  await page.getByTestId('management-menu').getByRole('link', { name: 'Schedule management' }).click();
  await expect(page.getByTestId('roadmaps-table')).toContainText('Sales consultant');
  await page.getByTestId('management-menu').getByRole('link', { name: 'Progress management' }).click();
  await expect(page).toHaveURL(/\/management\/progress$/);
});

test('a second roadmap for the same branch and authorization is refused', async ({ page }) => {
  await signInAt(page, '/management/schedule', 'admin');
  await page.getByTestId('roadmap-add').click();
  await page.getByTestId('roadmap-branch').click();
  await page.getByRole('option', { name: 'Skyline Mobile Hanoi' }).click();
  await page.getByTestId('roadmap-authorization').click();
  await page.getByRole('option', { name: 'Sales consultant' }).click();
  await page.getByTestId('roadmap-save').click();
  // The form is checked first: a milestone needs a name and a course.
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByLabel('Milestone 1').fill('Basics');
  await page.getByTestId('roadmap-course-select').click();
  await page.getByRole('option', { name: /Workplace safety/ }).click();
  await page.getByTestId('roadmap-save').click();
  await expect(page.getByTestId('roadmap-form-error')).toHaveText('Roadmap already exists');
  await page.screenshot({ path: `${SCREENSHOTS}/schedule-form-1366.png` });
});

test('the student downloads a certificate that anyone can verify', async ({ page }) => {
  await signInAt(page, '/training-academy/study-progress', 'student');
  const certificate = page.getByTestId('my-certificate').filter({ hasText: 'Workplace safety' });
  await expect(certificate).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    certificate.getByTestId('my-certificate-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // The code on it opens the public verification page.
  await certificate.getByRole('link').click();
  await expect(page.getByTestId('verify-valid')).toContainText('Workplace safety');
  await page.goto('/certificates/verify/ACAD-0000-0000');
  await expect(page.getByTestId('verify-invalid')).toContainText(
    'No certificate matches this verification code',
  );

  await page.setViewportSize({ width: 1366, height: 900 });
  await renderPdf(page, pdf, `${SCREENSHOTS}/certificate.png`);
});

test("staff see certificate templates, issued certificates and one learner's certificates", async ({
  page,
}) => {
  await signInAt(page, '/management/certificate', 'admin');
  await expect(page.getByTestId('certificates-table')).toContainText('Certificate of completion');
  await page.getByRole('button', { name: 'Place the texts' }).first().click();
  await expect(page.getByText("Learner's name")).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/certificate-layout-1366.png` });
  await page.keyboard.press('Escape');
  await page.getByTestId('tab-issued').click();
  const issued = page.getByTestId('issued-table');
  await expect(issued).toContainText('Workplace safety');
  await shoot(page, 'certificates-issued');
  await issued.getByRole('link', { name: 'Minh Nguyen' }).first().click();
  await expect(page).toHaveURL(/\/management\/certificate\/\d+$/);
  await expect(page.getByTestId('user-certificates-table')).toContainText('Workplace safety');
});

test('a non-staff learner cannot open the progress report', async ({ page }) => {
  await page.goto('/management/progress');
  await submitSignInForm(page, 'student', 'Student@2026');
  await expect(page.getByTestId('progress-dashboard')).toHaveCount(0);
});
