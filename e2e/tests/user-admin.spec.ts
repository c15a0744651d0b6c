import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES, USER_EXPORT_COLUMNS } from '@academy/contract';
import type { Page } from '@playwright/test';
import { accessToken, expect, shoot, signInAt, test } from './support';

const API = '/services/core/api';
const batch = `IMP${Date.now() % 100000}`;

type Person = Partial<Record<(typeof USER_EXPORT_COLUMNS)[number]['key'], string>>;

const PLACE = {
  serviceName: 'Skyline Mobile',
  branchName: 'Skyline Mobile Hanoi',
  departmentName: 'Customer care',
  access: 'Allowed',
};
const PEOPLE: Person[] = [
  { employeeCode: `${batch}A`, fullName: 'Quynh Do', email: `quynh.do.${batch}@example.com`, ...PLACE },
  { employeeCode: `${batch}B`, fullName: 'Bao Lam', email: `bao.lam.${batch}@example.com`, ...PLACE },
  { employeeCode: `${batch}C`, fullName: 'Thu Ha', email: `thu.ha.${batch}@example.com`, ...PLACE },
];

/** The users as the import reads them: the export's headers, then one line per person. */
function csv(people: Person[]): string {
  const cell = (value = '') => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = [USER_EXPORT_COLUMNS.map((column) => column.header).join(',')];
  for (const person of people)
    lines.push(USER_EXPORT_COLUMNS.map((column) => cell(person[column.key])).join(','));
  return `${lines.join('\n')}\n`;
}

async function writeTemp(name: string, text: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'user-import-'));
  const file = path.join(dir, name);
  await fs.writeFile(file, text);
  return file;
}

/** The ids of the users whose code starts with `prefix`, by code. */
async function idsByCode(page: Page, prefix: string): Promise<Map<string, number>> {
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const answer = await page.request.get(`${API}/users?q=${prefix}&size=50`, { headers });
  expect(answer.status()).toBe(200);
  const users = (await answer.json()) as { id: number; employeeCode: string }[];
  return new Map(users.map((user) => [user.employeeCode, user.id]));
}

test('an administrator imports users, bulk-stops two of them and finds both in the audit log', async ({
  page,
  server,
}) => {
  await signInAt(page, '/management/user', 'admin');
  await page.getByTestId('users-import').click();
  const modal = page.getByTestId('user-import');
  await expect(modal).toBeVisible();

  // The CSV template holds the export's headers.
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    modal.getByTestId('import-template-csv').click(),
  ]);
  const templateText = await fs.readFile((await template.path()) ?? '', 'utf8');
  expect(templateText.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(csv([]).trim());

  // A file with a wrong email: the check lists it by row and column, and nothing can be imported.
  const wrong = PEOPLE.map((person, i) => (i === 1 ? { ...person, email: 'not-an-email' } : person));
  await modal.locator('input[type="file"]').setInputFiles(await writeTemp('people.csv', csv(wrong)));
  await modal.getByTestId('import-check').click();
  const errors = modal.getByTestId('import-errors');
  await expect(errors).toBeVisible();
  const emailError = errors.getByRole('row').filter({ hasText: MESSAGES.emailInvalid });
  await expect(emailError.getByRole('cell').nth(0)).toHaveText('3');
  await expect(emailError.getByRole('cell').nth(1)).toHaveText('Email');
  await expect(modal.getByTestId('import-created')).toHaveText('2 to add');
  await expect(modal.getByTestId('import-apply')).toBeDisabled();
  await shoot(page, 'user-import-preview');

  // The corrected file: three to add, no error; importing adds them and the list shows them.
  await modal.locator('input[type="file"]').setInputFiles(await writeTemp('people.csv', csv(PEOPLE)));
  await expect(modal.getByTestId('import-preview')).toHaveCount(0);
  await modal.getByTestId('import-check').click();
  await expect(modal.getByTestId('import-created')).toHaveText('3 to add');
  await expect(modal.getByTestId('import-updated')).toHaveText('0 to update');
  await expect(modal.getByTestId('import-errors')).toHaveCount(0);
  const outbox = path.join(server.dataDir, 'outbox');
  const mailsBefore = new Set(await fs.readdir(outbox).catch(() => [] as string[]));
  await modal.getByLabel('Welcome mail').check();
  await modal.getByTestId('import-apply').click();
  await expect(page.getByTestId('message-dialog')).toContainText(
    'Import done: 3 added, 0 updated, 0 unchanged',
  );
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  // The welcome mail went to each added user.
  await expect(async () => {
    const added = (await fs.readdir(outbox)).filter((name) => !mailsBefore.has(name));
    const mails = await Promise.all(added.map((name) => fs.readFile(path.join(outbox, name), 'utf8')));
    for (const person of PEOPLE)
      expect(mails.some((mail) => mail.includes(`To: ${person.email}`))).toBe(true);
  }).toPass();

  await page.getByTestId('users-search').fill(batch);
  const table = page.getByTestId('users-table');
  await expect(table.getByRole('row')).toHaveCount(4);

  // Tick two of them: the bar says how many, stopping asks with the count, then both are stopped.
  await table.getByRole('checkbox', { name: 'Select Quynh Do' }).check();
  await table.getByRole('checkbox', { name: 'Select Bao Lam' }).check();
  const bar = page.getByTestId('bulk-actions');
  await expect(bar.getByTestId('bulk-count')).toHaveText('2 selected');
  await shoot(page, 'users-selection');
  // The export follows the list's filters (decision 75): with rows ticked, it says so before downloading.
  await bar.getByTestId('bulk-export').click();
  await expect(page.getByRole('dialog', { name: 'Export all 3 matching users?' })).toBeVisible();
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('bulk-export-dialog-confirm').click(),
  ]);
  expect(exported.suggestedFilename()).toMatch(/\.xlsx$/);
  await bar.getByTestId('bulk-stop').click();
  await expect(page.getByRole('dialog', { name: 'Stop access for 2 users?' })).toBeVisible();
  await page.getByTestId('bulk-access-dialog-confirm').click();
  await expect(page.getByTestId('message-dialog')).toContainText('Access stopped for 2 users');
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'Quynh Do' })).toContainText('Stopped');
  await expect(table.getByRole('row').filter({ hasText: 'Bao Lam' })).toContainText('Stopped');
  await expect(table.getByRole('row').filter({ hasText: 'Thu Ha' })).toContainText('Allowed');

  // Both access changes are in the audit log, each on its user.
  const ids = await idsByCode(page, batch);
  await page.goto('/management/audit?entityType=users&action=access');
  const audit = page.getByTestId('audit-table');
  for (const code of [`${batch}A`, `${batch}B`]) {
    const event = audit.getByRole('row').filter({ hasText: `users #${ids.get(code)}` });
    await expect(event).toHaveCount(1);
    await expect(event).toContainText('access: ALLOWED → STOPPED');
  }
  await expect(audit.getByRole('row').filter({ hasText: `users #${ids.get(`${batch}C`)}` })).toHaveCount(0);
});

test('"select all matching" reaches every user of the filter, across pages', async ({ page }) => {
  await signInAt(page, '/management/user?access=ALLOWED', 'admin');
  const table = page.getByTestId('users-table');
  await expect(table.getByRole('row')).toHaveCount(21);
  await table.getByRole('checkbox', { name: 'Select all' }).check();
  const bar = page.getByTestId('bulk-actions');
  await expect(bar.getByTestId('bulk-count')).toHaveText('20 selected');
  await bar.getByTestId('select-all-matching').click();
  await expect(bar.getByTestId('bulk-count')).toHaveText(/^All \d+ matching rows are selected$/);
  const count = Number((await bar.getByTestId('bulk-count').textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(20);

  // Moving them says how many, and refuses to go without a department; cancelling changes nothing.
  await bar.getByTestId('bulk-move').click();
  const move = page.getByTestId('bulk-move-form');
  await expect(page.getByRole('dialog', { name: `Move ${count} users to a department` })).toBeVisible();
  await move.getByTestId('bulk-move-confirm').click();
  await expect(move.getByText(MESSAGES.required)).toBeVisible();
  await move.getByRole('button', { name: 'Cancel' }).click();

  // A new filter starts the selection again.
  await page.getByTestId('users-search').fill('Minh');
  await expect(bar).toHaveCount(0);
});
