import fs from 'node:fs';
import { SCORM_MESSAGES } from '@academy/contract';
import type { Page } from '@playwright/test';
import { scormPackage, writeZip } from '../../apps/api/src/modules/scorm/testing';
import { accessToken, expect, SCREENSHOTS, shoot, signInAt, test } from './support';

/**
 * SCORM lessons end to end (issue 25), with packages the team wrote (modules/scorm/testing.ts):
 * a manager adds a SCORM 1.2 lesson through the form (upload, what the package holds, preview, a
 * refused package's reason); a learner plays it on the content origin, leaves half-way, resumes
 * where they left, completes it and the next lesson opens; the package's attempt to read the
 * academy's tokens fails; a SCORM 2004 package of several SCOs shows its menu.
 */

const API = '/services/core/api';
const COURSE = 'E2E SCORM course';
const LESSON = 'Customer care (SCORM)';
const ZIP = { name: 'customer-care.zip', mimeType: 'application/zip' };

async function adminHeaders(page: Page) {
  return { authorization: `Bearer ${await accessToken(page)}` };
}

test.describe
  .serial('SCORM lessons', () => {
    let courseId = 0;
    let topicId = 0;

    test.beforeAll(() => {
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
    });

    test('a manager adds a SCORM lesson through the form, sees what the package holds, previews it and gets the reason a package is refused', async ({
      page,
    }) => {
      await signInAt(page, '/management', 'admin');
      const headers = await adminHeaders(page);
      const course = await page.request.post(`${API}/courses`, {
        headers,
        multipart: { name: COURSE, serviceId: '1', ordered: 'true', requirements: 'None' },
      });
      expect(course.status(), await course.text()).toBe(201);
      courseId = (await course.json()).id;
      const topic = await page.request.post(`${API}/courses/${courseId}/topics`, {
        headers,
        data: { name: 'Customer care' },
      });
      topicId = (await topic.json()).id;

      await page.goto(`/management/course/add-lesson?courseId=${courseId}&topicId=${topicId}`);
      const form = page.getByTestId('lesson-form');
      await form.getByLabel('Lesson name').fill(LESSON);
      await form.getByTestId('content-kind').getByText('SCORM package').click();
      await expect(form.getByLabel('Video link')).toHaveCount(0);
      const field = page.getByTestId('package-field');
      await field.locator('input[type="file"]').setInputFiles({ ...ZIP, buffer: scormPackage() });
      await expect(field.getByTestId('package-staged')).toContainText('customer-care.zip');
      await form.getByLabel('Minimum study time (minutes)').fill('0');
      await form.getByLabel('Required correct answers').fill('0');
      await form.getByLabel('Exam time limit (minutes)').fill('10');
      await form.getByRole('button', { name: 'Save' }).click();

      // Added: the form stays open on the new lesson and shows what the package holds.
      await expect(page).toHaveURL(/edit-lesson\?.*id=\d+/);
      const summary = page.getByTestId('package-summary');
      await expect(summary.getByTestId('package-title')).toHaveText('Customer care basics');
      await expect(summary.getByTestId('package-version')).toHaveText('SCORM 1.2');
      await expect(summary.getByTestId('package-scos')).toContainText('Greeting the customer');
      await expect(summary.getByTestId('package-scos')).toContainText('sco1/index.html');
      await shoot(page, 'scorm-lesson-form');

      // Preview: the SCO runs on the content origin; its try at the academy's storage fails.
      await summary.getByTestId('preview-package').click();
      const preview = page.getByTestId('package-preview');
      const sco = preview.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
      await expect(sco.locator('h1')).toHaveText('Greeting the customer');
      await expect(sco.locator('#probe')).toHaveText('Academy storage: blocked');
      const src = await preview.getByTestId('scorm-frame').getAttribute('src');
      expect(new URL(src ?? '').origin).not.toBe(new URL(page.url()).origin);
      await page.keyboard.press('Escape');

      // A zip that is not a SCORM package: the server's reason, and the package stays as it was.
      const notScorm = writeZip([{ name: 'index.html', data: '<p>Hello</p>' }]);
      await page
        .getByTestId('package-field')
        .locator('input[type="file"]')
        .setInputFiles({ ...ZIP, name: 'slides.zip', buffer: notScorm });
      await expect(page.getByTestId('package-problem')).toHaveText(SCORM_MESSAGES.noManifest);
      await expect(summary.getByTestId('package-title')).toHaveText('Customer care basics');
    });
  });
