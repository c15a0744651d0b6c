import fs from 'node:fs/promises';
import path from 'node:path';
import { audit } from './axe';
import { expect, passDays, shoot, signInAt, test } from './support';

/*
 * Compliance assignments (issue 24): an administrator assigns a course to the demo student's
 * department (Sales, Skyline Mobile Hanoi) due tomorrow and sees the department's counts on the
 * compliance page; the student sees it due under "Assigned to me"; two days pass on the server's
 * clock and the student sees it overdue; the overdue reminder mail arrives (the journeys' servers
 * run a reminder pass every 2 seconds) and the student finds it, with the earlier one, on their
 * account page.
 */
test.describe.configure({ mode: 'serial' });

const COURSE = 'TV packages and set-top boxes';
const STUDENT_EMAIL = 'student@academy.example.com';
/** How many people the assignment reached (the add dialog says so). */
let assigned = 0;

test('an administrator assigns a course to a department with a due date', async ({ page }) => {
  await signInAt(page, '/management/assignment', 'admin');
  await page.getByTestId('assignment-add').click();
  await page.getByTestId('assignment-course').click();
  await page.getByRole('option', { name: COURSE }).click();
  await page.getByTestId('assignment-departments').click();
  await page.getByRole('option', { name: 'Sales — Skyline Mobile Hanoi' }).click();
  await page.keyboard.press('Escape');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByTestId('assignment-due-date').fill(tomorrow);
  await page.getByTestId('assignment-save').click();
  const message = page.getByText(/Assigned to \d+ (person|people)/);
  await expect(message).toBeVisible();
  assigned = Number(/(\d+)/.exec((await message.textContent()) ?? '')?.[1]);
  expect(assigned).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  const row = page.getByTestId('assignments-table').getByRole('row', { name: new RegExp(COURSE) });
  await expect(row).toBeVisible();
  await shoot(page, 'assignments-management');
  await row.getByTestId('assignment-people-open').click();
  await expect(page.getByTestId('assignment-people')).toContainText('Minh Nguyen');
});

test('the administrator sees the department’s counts on the compliance page', async ({ page }) => {
  await signInAt(page, '/management/compliance', 'admin');
  const row = page.getByTestId('compliance-assignments').getByRole('row', { name: new RegExp(COURSE) });
  // People, then done, in progress, not started, overdue, due soon, expiring: nobody is overdue yet
  // and everyone is due soon (tomorrow).
  await expect(row.getByRole('cell').nth(1)).toHaveText(String(assigned));
  await expect(row.getByRole('cell').nth(5)).toHaveText('0 · 0%');
  await expect(row.getByRole('cell').nth(6)).toHaveText(`${assigned} · 100%`);
  // The department's row under its branch counts the same people.
  const places = page.getByTestId('compliance-places');
  await places.getByRole('button', { name: 'Skyline Mobile Hanoi' }).click();
  await expect(page).toHaveURL(/branchId=\d+/);
  const sales = places.getByRole('row', { name: /^Sales/ });
  await expect(sales.getByRole('cell').nth(1)).toHaveText(String(assigned));
  await shoot(page, 'compliance');
  await audit(page, 'compliance', page.getByTestId('compliance-overview'));
  // The people behind a count: the student has not started the course.
  await row.getByTestId('drill-NOT_STARTED').click();
  await expect(page.getByTestId('compliance-people')).toContainText('Minh Nguyen');
  await page.keyboard.press('Escape');
});

test('the student sees it due, then overdue once the date has passed', async ({ page, server }) => {
  await signInAt(page, '/training-academy', 'student');
  await expect(page.getByTestId('tab-assigned')).toBeVisible();
  const card = page.getByTestId('assignment-card').filter({ hasText: COURSE });
  await expect(card.getByTestId('assignment-due')).toContainText('Due');
  await expect(card.getByTestId('assignment-state')).not.toHaveText('Overdue');
  await shoot(page, 'assigned-to-me');

  passDays(server, 2);
  await page.reload();
  await expect(card.getByTestId('assignment-state')).toHaveText('Overdue');
  await page.getByTestId('calendar-open').click();
  await expect(page.getByTestId('calendar-url')).toHaveValue(/\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  await page.keyboard.press('Escape');
  await shoot(page, 'assigned-to-me-overdue');
});

test('the overdue reminder mail arrives and the student sees the reminders on their account page', async ({
  page,
  server,
}) => {
  // The server's clock is two days on (the test above): the next pass mails the overdue reminder.
  const outbox = path.join(server.dataDir, 'outbox');
  const overdueMail = async () => {
    for (const name of await fs.readdir(outbox).catch(() => [] as string[])) {
      const raw = await fs.readFile(path.join(outbox, name), 'utf8');
      if (raw.includes(`To: ${STUDENT_EMAIL}`) && raw.includes(`Subject: Overdue: ${COURSE}`)) return raw;
    }
    return undefined;
  };
  await expect.poll(overdueMail, { timeout: 20_000 }).toBeDefined();
  const mail = (await overdueMail()) ?? '';
  expect(mail).toContain('Content-Type: text/plain');
  expect(mail).toContain('Content-Type: text/html');

  await signInAt(page, '/account/notifications', 'student');
  const reminders = page.getByTestId('my-reminders').getByTestId('reminder').filter({ hasText: COURSE });
  // Newest first: overdue, then the one sent when it was assigned, due the next day.
  await expect(reminders.getByTestId('reminder-kind')).toHaveText(['Overdue', 'Before the due date']);
  await expect(reminders.first()).toContainText(/Due \d{1,2} \w{3} \d{4} · sent /);
  await shoot(page, 'account-reminders');
  await audit(page, 'account reminders', page.getByTestId('my-reminders'));
});

// Later journeys of this worker use the same student and server: the clock goes back and the
// assignment goes, so My courses opens on its usual tab again.
test('the administrator removes the assignment, and the student is back to their courses', async ({
  page,
  server,
}) => {
  passDays(server, 0);
  await signInAt(page, '/management/assignment', 'admin');
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : undefined;
  });
  const api = '/services/core/api/assignments';
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await page.request.get(api, { headers })).json()) as Array<{ id: number }>;
  for (const { id } of list)
    expect((await page.request.delete(`${api}/${id}`, { headers })).status()).toBe(204);
  await signInAt(page, '/training-academy', 'student');
  await expect(page.getByTestId('tab-assigned')).toHaveCount(0);
});
