import fs from 'node:fs';
import { SCORM_MESSAGES } from '@academy/contract';
import type { Browser } from '@playwright/test';
import { manifestXml, scoPage, scormPackage } from '../../apps/api/src/modules/scorm/testing';
import { writeZip } from '../../apps/api/test/zip';
import { API, addNextLesson, addPackageLesson, bearer, courseWithTopic, noYouTube } from './package-lessons';
import { expect, SCREENSHOTS, shoot, signInAt, test } from './support';

/**
 * SCORM lessons end to end (issue 25), with packages the team wrote (modules/scorm/testing.ts):
 * a manager adds a SCORM 1.2 lesson through the form (upload, what the package holds, preview, a
 * refused package's reason); a learner plays it on the content origin, leaves half-way, resumes
 * where they left, completes it and the next lesson opens; the package's attempt to read the
 * academy's tokens fails; a SCORM 2004 package of several SCOs shows its menu.
 */

const COURSE = 'E2E SCORM course';
const LESSON = 'Customer care (SCORM)';
const NEXT_LESSON = 'After the package';
const ZIP = { name: 'customer-care.zip', mimeType: 'application/zip' };

/** A SCORM 2004 4th-edition package of three SCOs whose sequencing goes beyond flow and choice. */
function walkthroughPackage(): Buffer {
  const scos = [
    { id: 'arrive', title: 'Arriving on site', href: 'arrive/index.html' },
    { id: 'hazards', title: 'Spotting hazards', href: 'hazards/index.html' },
    { id: 'leave', title: 'Leaving safely', href: 'leave/index.html' },
  ];
  const sequencing =
    '<imsss:sequencing><imsss:sequencingRules><imsss:preConditionRule/></imsss:sequencingRules></imsss:sequencing>';
  return writeZip([
    {
      name: 'imsmanifest.xml',
      data: manifestXml('2004', 'Site safety walkthrough', scos, sequencing),
      deflate: true,
    },
    ...scos.map((sco) => ({ name: sco.href, data: scoPage('2004', sco.title), deflate: true })),
  ]);
}

/**
 * Through the API as the admin (in a page of their own): an ordered course of a SCORM lesson with
 * `zip` as its package, then a video lesson that opens once it is passed.
 */
async function scormLessonWith(browser: Browser, name: string, zip: Buffer) {
  const page = await browser.newPage();
  await signInAt(page, '/management', 'admin');
  const headers = await bearer(page);
  const { courseId, topicId } = await courseWithTopic(page, { course: name, topic: name });
  const scorm = await page.request.post(`${API}/topics/${topicId}/lessons`, {
    headers,
    data: {
      minStudyMinutes: 0,
      requiredCorrectAnswers: 0,
      examTimeLimitMinutes: 10,
      name: `${name} (SCORM)`,
      videoKind: 'scorm',
    },
  });
  expect(scorm.status(), await scorm.text()).toBe(201);
  const lessonId: number = (await scorm.json()).id;
  const uploaded = await page.request.put(`${API}/lessons/${lessonId}/package`, {
    headers,
    multipart: { file: { ...ZIP, buffer: zip } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  await addNextLesson(page, topicId, NEXT_LESSON);
  await page.close();
  return { lessonPage: `/training-academy/course/${courseId}/topic/${topicId}?lesson=${lessonId}`, lessonId };
}

test.describe
  .serial('SCORM lessons', () => {
    let courseId = 0;
    let topicId = 0;
    let lessonId = 0;

    test.beforeAll(() => {
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
    });

    test('a manager adds a SCORM lesson through the form, sees what the package holds, previews it and gets the reason a package is refused', async ({
      page,
    }) => {
      await signInAt(page, '/management', 'admin');
      ({ courseId, topicId } = await courseWithTopic(page, { course: COURSE, topic: 'Customer care' }));
      lessonId = await addPackageLesson(page, {
        courseId,
        topicId,
        name: LESSON,
        kind: 'SCORM package',
        file: { ...ZIP, buffer: scormPackage() },
      });

      // Added: the form stays open on the new lesson and shows what the package holds.
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

      // The lesson after it, which opens once the package is passed.
      await addNextLesson(page, topicId, NEXT_LESSON);
    });

    test("a learner plays the package on the content origin, where it cannot reach the academy's tokens, leaves half-way, resumes there, completes it and the next lesson opens", async ({
      page,
    }) => {
      await noYouTube(page);
      const lessonPage = `/training-academy/course/${courseId}/topic/${topicId}?lesson=${lessonId}`;
      await signInAt(page, lessonPage, 'student');
      const items = page.getByTestId('lesson-item');
      await expect(items.nth(1)).toHaveAttribute('data-locked', 'true');
      await expect(page.getByTestId('scorm-status')).toHaveText('Not started');
      await page.getByTestId('scorm-start').click();

      const sco = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
      await expect(sco.locator('h1')).toHaveText('Greeting the customer');
      await expect(sco.locator('#entry')).toHaveText('Entry: ab-initio');
      // The package's script tries the academy's tokens every way it can: all fail.
      await expect(sco.locator('#probe')).toHaveText('Academy storage: blocked');
      await expect(sco.locator('#probe-page')).toHaveText('Academy page: blocked');
      await expect(sco.locator('#probe-own')).toHaveText('Tokens here: none');
      await expect(sco.locator('#probe-api')).toHaveText('Academy API: blocked');

      // Half-way: the SCO commits its place and suspend data, then the learner leaves.
      await sco.locator('#next').click();
      await expect(sco.locator('#page')).toHaveText('Page 2 of 2');
      await expect(page.getByTestId('scorm-status')).toHaveText('In progress');
      await shoot(page, 'scorm-player');
      const headers = await bearer(page);
      const saved = await (
        await page.request.get(`${API}/lessons/${lessonId}/scorm/attempt`, { headers })
      ).json();
      expect(saved).toMatchObject({ attemptNumber: 1, location: '2', suspendData: 'page=2', passed: false });

      // The learner leaves (the page goes away with the player open) and comes back: it resumes.
      await page.reload();
      await expect(page.getByTestId('scorm-start')).toHaveText('Continue where you left off');
      await page.getByTestId('scorm-start').click();
      await expect(sco.locator('#entry')).toHaveText('Entry: resume');
      await expect(sco.locator('#page')).toHaveText('Page 2 of 2 (resumed)');

      // Full screen and back.
      await page.getByTestId('scorm-fullscreen').click();
      await expect(page.getByTestId('scorm-player')).toHaveAttribute('data-expanded', 'true');
      await page.getByTestId('scorm-fullscreen').click();
      await expect(page.getByTestId('scorm-player')).not.toHaveAttribute('data-expanded', 'true');

      // Completed with 90: the player closes, the lesson passes and the next one opens.
      await sco.locator('#finish').click();
      await expect(page.getByTestId('scorm-player')).toHaveCount(0);
      await expect(page.getByTestId('scorm-status')).toHaveText('Passed');
      await expect(page.getByTestId('scorm-score')).toHaveText('90%');
      await expect(page.getByTestId('lesson-passed')).toBeVisible();
      await expect(items.nth(1)).toHaveAttribute('data-locked', 'false');
      await expect(page.getByTestId('scorm-new-attempt')).toBeVisible();
      await shoot(page, 'scorm-lesson-passed');
      await page.getByTestId('next-lesson').click();
      await expect(page.getByTestId('lesson-title')).toHaveText(NEXT_LESSON);
    });

    test("My progress and the learner's progress detail show the package's status, score, time and attempts", async ({
      page,
      browser,
    }) => {
      await signInAt(page, '/training-academy/study-progress', 'student');
      const mine = page.getByTestId('my-package-lessons');
      const row = mine.locator('tr').filter({ hasText: LESSON });
      await expect(row.getByTestId('my-package-status')).toHaveText('Passed');
      await expect(row).toContainText('90%');
      await expect(row).toContainText('1 attempt');
      await shoot(page, 'scorm-my-progress');
      const headers = await bearer(page);
      const { id: studentId } = await (await page.request.get(`${API}/users/info`, { headers })).json();

      const staff = await browser.newPage();
      await signInAt(staff, `/management/progress/detail/${studentId}`, 'admin');
      await staff
        .getByTestId('learner-courses')
        .getByRole('button', { name: new RegExp(COURSE) })
        .click();
      const lessonRow = staff.getByTestId('learner-courses').locator('tr').filter({ hasText: LESSON });
      await expect(lessonRow.getByTestId('package-result')).toContainText('SCORM');
      await expect(lessonRow.getByTestId('package-result')).toContainText('Passed');
      await expect(lessonRow.getByTestId('package-result')).toContainText('Score 90%');
      await expect(lessonRow.getByTestId('package-result')).toContainText('1 attempt');
      await shoot(staff, 'scorm-progress-detail');
      await staff.close();
    });

    test('a SCORM 2004 package of several SCOs imports with its warning and plays with its menu', async ({
      page,
    }) => {
      await signInAt(page, '/management', 'admin');
      const { courseId: id, topicId } = await courseWithTopic(page, {
        course: 'E2E SCORM 2004 course',
        topic: 'Site safety',
        ordered: false,
      });
      const lesson = await (
        await page.request.post(`${API}/topics/${topicId}/lessons`, {
          headers: await bearer(page),
          data: {
            name: 'Safety walkthrough',
            videoKind: 'scorm',
            minStudyMinutes: 0,
            requiredCorrectAnswers: 0,
            examTimeLimitMinutes: 10,
          },
        })
      ).json();

      // Editing a lesson, the package is imported as soon as it is uploaded.
      await page.goto(`/management/course/edit-lesson?courseId=${id}&topicId=${topicId}&id=${lesson.id}`);
      await expect(page.getByTestId('no-package')).toBeVisible();
      await page
        .getByTestId('package-field')
        .locator('input[type="file"]')
        .setInputFiles({ ...ZIP, name: 'walkthrough.zip', buffer: walkthroughPackage() });
      const summary = page.getByTestId('package-summary');
      await expect(summary.getByTestId('package-version')).toHaveText('SCORM 2004 4th edition');
      await expect(summary.getByTestId('package-scos')).toContainText('Leaving safely');
      await expect(summary.getByTestId('package-warnings')).toContainText('choice navigation');

      await signInAt(page, `/training-academy/course/${id}/topic/${topicId}?lesson=${lesson.id}`, 'student');
      const menu = page.getByTestId('scorm-menu');
      await expect(menu.getByTestId('scorm-menu-item')).toHaveCount(3);
      await expect(menu.getByTestId('scorm-menu-status')).toHaveText([
        'Not started',
        'Not started',
        'Not started',
      ]);
      await page.getByTestId('scorm-start').click();
      const sco = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
      await expect(sco.locator('h1')).toHaveText('Arriving on site');
      await expect(page.getByTestId('scorm-current')).toHaveText('Arriving on site');

      // Choice: the menu opens the last SCO; finishing it (no navigation request) closes the player.
      await page
        .getByTestId('scorm-player')
        .getByRole('button', { name: /Leaving safely/ })
        .click();
      await expect(sco.locator('h1')).toHaveText('Leaving safely');
      await shoot(page, 'scorm-player-menu');
      await sco.locator('#finish').click();
      await expect(page.getByTestId('scorm-player')).toHaveCount(0);
      // The first SCO was opened, so it is being studied; the last one is done.
      await expect(menu.getByTestId('scorm-menu-status')).toHaveText([
        'In progress',
        'Not started',
        'Passed',
      ]);
      await expect(page.getByTestId('scorm-status')).toHaveText('In progress');
    });

    test('a package that reports failed fails the lesson: it is not passed and the next lesson stays locked', async ({
      page,
      browser,
    }) => {
      await noYouTube(page);
      const { lessonPage, lessonId } = await scormLessonWith(
        browser,
        'E2E SCORM failed',
        scormPackage({ title: 'Hard quiz', outcome: 'failed' }),
      );
      await signInAt(page, lessonPage, 'student');
      const items = page.getByTestId('lesson-item');
      await expect(items.nth(1)).toHaveAttribute('data-locked', 'true');
      await page.getByTestId('scorm-start').click();
      const sco = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
      await expect(sco.locator('h1')).toHaveText('Greeting the customer');
      // The package itself reports failed with 40.
      await sco.locator('#finish').click();
      await expect(page.getByTestId('scorm-player')).toHaveCount(0);
      await expect(page.getByTestId('scorm-status')).toHaveText('Failed');
      await expect(page.getByTestId('scorm-score')).toHaveText('40%');
      await expect(page.getByTestId('lesson-passed')).toHaveCount(0);
      await expect(items.nth(1)).toHaveAttribute('data-locked', 'true');
      const headers = await bearer(page);
      const attempt = await (
        await page.request.get(`${API}/lessons/${lessonId}/scorm/attempt`, { headers })
      ).json();
      expect(attempt).toMatchObject({ successStatus: 'failed', passed: false, canStartNew: true });
    });

    test("the menu nests a folder's SCOs, and what a SCO set without committing is sent when the page goes away", async ({
      page,
      browser,
    }) => {
      await noYouTube(page);
      const { lessonPage, lessonId } = await scormLessonWith(
        browser,
        'E2E SCORM beacon',
        scormPackage({
          version: '2004',
          title: 'Induction',
          scos: [
            {
              id: 'week1',
              title: 'Week one',
              children: [
                { id: 'tools', title: 'Your tools', href: 'tools/index.html' },
                { id: 'team', title: 'Your team', href: 'team/index.html' },
              ],
            },
          ],
        }),
      );
      await signInAt(page, lessonPage, 'student');
      // The folder heads the menu; its SCOs are indented one level under it.
      const menu = page.getByTestId('scorm-menu');
      await expect(menu.getByText('Week one')).toHaveCSS('padding-left', '8px');
      await expect(menu.getByTestId('scorm-menu-item')).toHaveCount(2);
      for (const item of await menu.getByTestId('scorm-menu-item').all()) {
        await expect(item).toHaveCSS('padding-left', '22px');
      }

      await page.getByTestId('scorm-start').click();
      const sco = page.frameLocator('[data-testid="scorm-frame"]').frameLocator('#sco');
      await expect(sco.locator('h1')).toHaveText('Your tools');
      // The SCO sets its suspend data and commits nothing (its own commit would come 30 s later).
      const runtime = await (await page.getByTestId('scorm-frame').elementHandle())?.contentFrame();
      if (!runtime) throw new Error('the runtime frame is missing');
      expect(
        await runtime.evaluate(() =>
          (
            window as unknown as { API_1484_11: { SetValue(k: string, v: string): string } }
          ).API_1484_11.SetValue('cmi.suspend_data', 'left=mid-page'),
        ),
      ).toBe('true');
      const headers = await bearer(page);
      const suspendData = async () =>
        (await (await page.request.get(`${API}/lessons/${lessonId}/scorm/attempt`, { headers })).json())
          .suspendData;
      expect(await suspendData()).toBeNull();
      // The learner leaves: the runtime's beacon carries what was set.
      await page.reload();
      await expect.poll(suspendData, { timeout: 10_000 }).toBe('left=mid-page');
    });
  });
