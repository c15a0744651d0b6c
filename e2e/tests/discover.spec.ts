import { expect, shoot, signInAt, test } from './support';

/**
 * The learner's day (issue 22, points 3–4): the header's search for a visitor and a learner, the
 * notifications page and the account page's choices.
 */
test.describe.configure({ mode: 'serial' });

test('a visitor and a learner search from the header; results are grouped by kind', async ({ page }) => {
  await page.goto('/');
  const box = page.getByTestId('header-search');
  await box.fill('custmer care');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=custmer(\+|%20)care$/);
  const courses = page.getByTestId('search-group-course');
  await expect(courses.getByRole('link', { name: 'Customer care essentials' })).toBeVisible();
  // A visitor never sees signed-in kinds.
  await expect(page.getByTestId('search-group-lesson')).toHaveCount(0);

  await signInAt(page, '/training-academy', 'student');
  await page.getByTestId('header-search').fill('listening');
  await page.getByTestId('header-search').press('Enter');
  const lessons = page.getByTestId('search-group-lesson');
  await expect(lessons.getByRole('link', { name: 'Listening before answering' })).toBeVisible();
  await shoot(page, 'search-results');
  await lessons.getByRole('link', { name: 'Listening before answering' }).click();
  await expect(page).toHaveURL(/\/training-academy\/course\/\d+\/topic\/\d+\?lesson=\d+$/);
});

test('the learner chooses how they are told, and reads their notifications', async ({ page }) => {
  await signInAt(page, '/account/notifications', 'student');
  const table = page.getByTestId('notification-preferences');
  const roadmapByMail = table.getByRole('checkbox', { name: 'A new course in my roadmap: by mail' });
  await expect(roadmapByMail).not.toBeChecked();
  await roadmapByMail.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your choices are saved')).toBeVisible();
  await shoot(page, 'account-notifications');
  await page.reload();
  await expect(
    page
      .getByTestId('notification-preferences')
      .getByRole('checkbox', { name: 'A new course in my roadmap: by mail' }),
  ).toBeChecked();

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByTestId('notification').first()).toBeVisible();
  await shoot(page, 'notifications');
});
