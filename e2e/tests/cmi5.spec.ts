import fs from 'node:fs';
import { cmi5Package } from '../../apps/api/src/modules/cmi5/testing';
import { addNextLesson, addPackageLesson, courseWithTopic, noYouTube } from './package-lessons';
import { expect, SCREENSHOTS, shoot, signInAt, test } from './support';

/**
 * cmi5 lessons end to end (issue 26), with a course the team wrote (modules/cmi5/testing.ts): a
 * manager adds a cmi5 lesson through the form and sees its parts; a learner starts it — the AU runs
 * on the content origin, fetches its token once, reads LMS.LaunchData, sends "initialized", cannot
 * reach the academy's storage — finishes it (completed, passed over the mastery score, terminated,
 * then its return page), and the lesson passes and the next one opens.
 */

const LESSON = 'Forklift safety (cmi5)';
const NEXT_LESSON = 'After the forklift course';

const course = () =>
  cmi5Package({
    title: 'Forklift safety',
    nodes: [
      {
        id: 'https://courses.example.com/forklift/au/checks',
        title: 'Checks before driving',
        url: 'checks/index.html',
        moveOn: 'CompletedAndPassed',
        masteryScore: '0.8',
      },
      {
        block: 'https://courses.example.com/forklift/block/more',
        title: 'To read later',
        children: [
          {
            id: 'https://courses.example.com/forklift/au/glossary',
            title: 'Glossary',
            url: 'glossary/index.html',
          },
        ],
      },
    ],
  });

test.describe
  .serial('cmi5 lessons', () => {
    let courseId = 0;
    let topicId = 0;
    let lessonId = 0;

    test.beforeAll(() => {
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
    });

    test('a manager adds a cmi5 lesson through the form and sees its parts', async ({ page }) => {
      await signInAt(page, '/management', 'admin');
      ({ courseId, topicId } = await courseWithTopic(page, {
        course: 'E2E cmi5 course',
        topic: 'Forklifts',
      }));
      lessonId = await addPackageLesson(page, {
        courseId,
        topicId,
        name: LESSON,
        kind: 'cmi5 course',
        file: { name: 'forklift.zip', mimeType: 'application/zip', buffer: course() },
      });

      // Added: the form stays on the new lesson and shows what cmi5.xml says.
      const summary = page.getByTestId('cmi5-summary');
      await expect(summary.getByTestId('cmi5-title')).toHaveText('Forklift safety');
      await expect(summary.getByTestId('cmi5-aus')).toContainText('Checks before driving');
      await expect(summary.getByTestId('cmi5-aus')).toContainText('Complete and pass ≥ 80%');
      await expect(summary.getByTestId('cmi5-aus')).toContainText('To read later');
      await shoot(page, 'cmi5-lesson-form');

      await addNextLesson(page, topicId, NEXT_LESSON);
    });

    test('a learner plays the AU on the content origin, finishes it, and the lesson passes and the next one opens', async ({
      page,
    }) => {
      await noYouTube(page);
      await signInAt(
        page,
        `/training-academy/course/${courseId}/topic/${topicId}?lesson=${lessonId}`,
        'student',
      );
      const items = page.getByTestId('lesson-item');
      await expect(items.nth(1)).toHaveAttribute('data-locked', 'true');
      await expect(page.getByTestId('cmi5-status')).toHaveText('Not started');
      await page.getByTestId('cmi5-start').click();

      const au = page.frameLocator('[data-testid="scorm-frame"]');
      await expect(au.locator('h1')).toHaveText('Checks before driving');
      await expect(au.locator('#status')).toHaveText('Initialized (CompletedAndPassed)');
      await expect(au.locator('#probe')).toHaveText('Academy storage: blocked');
      const src = await page.getByTestId('scorm-frame').getAttribute('src');
      expect(new URL(src ?? '').origin).not.toBe(new URL(page.url()).origin);
      await expect(page.getByTestId('cmi5-status')).toHaveText('In progress');
      await shoot(page, 'cmi5-player');

      // Finished: the AU's statements pass the LRS's cmi5 rules, its return page closes the player.
      await au.locator('#finish').click();
      await expect(page.getByTestId('scorm-player')).toHaveCount(0);
      await expect(page.getByTestId('cmi5-status')).toHaveText('Passed');
      await expect(page.getByTestId('cmi5-part-status')).toHaveText(['Passed', 'Not started']);
      await expect(page.getByTestId('lesson-passed')).toBeVisible();
      await expect(items.nth(1)).toHaveAttribute('data-locked', 'false');
    });
  });
