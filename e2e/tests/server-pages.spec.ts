import { accessToken, expect, signInAt, test } from './support';

/**
 * Decision 195: a learner's courses, course and lesson pages arrive drawn by the server with their content,
 * and the app takes the drawn page over without drawing it again.
 */
const LESSON_PAGE = '/training-academy/course/1/topic/1?lesson=1';

test('a learner’s lesson page shows its content before the app’s scripts have run', async ({ page }) => {
  await signInAt(page, '/training-academy', 'student');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  // No script of the app runs on this load: what shows is the server's HTML.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto(LESSON_PAGE);
  await expect(page.getByTestId('lesson-title')).toBeVisible();
  await expect(page.getByTestId('lesson-item')).toHaveCount(2);
  await expect(page.getByTestId('topic-title')).toHaveText('Welcoming the customer');
  await expect(page.getByTestId('user-menu')).toContainText('Minh Nguyen');
  // The colour scheme is set before the first paint, as the app would set it.
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('the app takes over the drawn page without drawing it again, and the page works', async ({ page }) => {
  await signInAt(page, '/training-academy', 'student');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  // Every element the server drew, as the parser finished the document (before any module runs).
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const drawn = [...(document.getElementById('root')?.querySelectorAll('[data-testid]') ?? [])];
      (window as unknown as { __drawn: Element[] }).__drawn = drawn;
    });
  });
  for (const path of ['/training-academy', '/training-academy/course/1', LESSON_PAGE]) {
    await page.goto(path);
    // Taken over: the server's state has been read and removed, the app answers clicks.
    await expect(page.locator('#academy-state')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const { drawn, replaced } = await page.evaluate(() => {
      const elements = (window as unknown as { __drawn: Element[] }).__drawn;
      return {
        drawn: elements.length,
        replaced: elements.filter((e) => !e.isConnected).map((e) => e.getAttribute('data-testid')),
      };
    });
    expect(drawn).toBeGreaterThan(5);
    expect(replaced).toEqual([]);
  }
  // The lesson page's own behaviour: choosing another lesson from the list.
  const second = page.getByTestId('lesson-item').nth(1);
  const name = (await second.locator('p').first().innerText()).trim();
  await second.click();
  await expect(page.getByTestId('lesson-title')).toHaveText(name);
  await expect(page).not.toHaveURL(/lesson=1$/);
});

test('pages drawn for two learners at the same time each show their own learner', async ({
  browser,
  baseURL,
}) => {
  const learners = [
    { account: 'student' as const, name: '' },
    { account: 'staff' as const, name: '' },
  ];
  const cookies: string[] = [];
  for (const learner of learners) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInAt(page, '/training-academy', learner.account, { fresh: true });
    const me = await fetch(`${baseURL}/services/core/api/users/info`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    });
    learner.name = ((await me.json()) as { fullName: string }).fullName;
    const lent = (await context.cookies()).find((c) => c.name === 'academy_page_token');
    expect(lent?.path).toBe('/training-academy');
    expect(lent?.sameSite).toBe('Strict');
    cookies.push(`academy_page_token=${lent?.value}`);
    await context.close();
  }
  expect(learners[0]?.name).not.toBe(learners[1]?.name);
  const pages = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const response = await fetch(`${baseURL}/training-academy/course/1`, {
        headers: { cookie: cookies[i % 2] ?? '' },
      });
      return { learner: i % 2, html: await response.text() };
    }),
  );
  for (const { learner, html } of pages) {
    expect(html).toContain('data-testid="course-topics"');
    expect(html).toContain(learners[learner]?.name);
    expect(html).not.toContain(learners[1 - learner]?.name);
  }
});
