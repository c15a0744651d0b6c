import { RECRUITMENT_MESSAGES } from '@academy/contract';
import type { Page } from '@playwright/test';
import { expect, shoot, submitSignInForm, test } from './support';

/** The demo "HR officer" (RECRUITMENT_MANAGEMENT only). */
const HR = { username: 'E1017', password: 'Employee@2026' };

/** A real PDF, printed by the browser itself. */
async function printCv(page: Page, name: string): Promise<Buffer> {
  const printer = await page.context().newPage();
  await printer.setContent(
    `<h1 style="font-family:sans-serif">${name}</h1><p>Customer care agent, 3 years.</p><p>Languages: English, Vietnamese.</p>`,
  );
  const pdf = await printer.pdf({ format: 'A4' });
  await printer.close();
  return pdf;
}

const candidate = {
  name: 'Thao Nguyen',
  email: `thao.${Date.now()}@mail.example.com`,
  phone: '+84 903 555 210',
};

test.describe.configure({ mode: 'serial' });

test('a visitor finds an open position, applies with a PDF and sees the confirmation', async ({ page }) => {
  await page.goto('/recruitment');
  const cards = page.getByTestId('post-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: 'Store supervisor' })).toHaveCount(0);
  await expect(cards.filter({ hasText: 'Network operations engineer' })).toContainText(
    '20,000,000 – 30,000,000 VND',
  );
  await shoot(page, 'recruitment-list');

  await page.getByTestId('recruitment-search').fill('customer care');
  await expect(cards).toHaveCount(1);
  await cards.first().click();
  await expect(page.getByTestId('post-title')).toHaveText('Customer care agent');
  const facts = page.getByTestId('post-facts');
  for (const text of [
    '9,000,000 – 12,000,000 VND',
    'Full-time',
    'Staff',
    '1 year in customer service',
    'Hanoi call centre',
  ])
    await expect(facts).toContainText(text);
  await shoot(page, 'recruitment-detail');

  await page.getByTestId('apply-button').click();
  await expect(page).toHaveURL(/\/recruitment\/\d+\/apply$/);
  const form = page.getByTestId('apply-form');
  await expect(form).toContainText('PDF only, up to 5 MB');
  // Sending without anything shows the rules.
  await page.getByTestId('apply-submit').click();
  await expect(form).toContainText('This field is required');
  await expect(form).toContainText('Please choose a file');
  await shoot(page, 'recruitment-apply-form');

  await form.getByLabel('Full name').fill(candidate.name);
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Phone number').fill(candidate.phone);
  await form
    .getByLabel('Message')
    .fill('I have three years in a call centre and would love to join Skyline.');
  await page.getByTestId('apply-submit').click();
  await expect(form).toContainText('Email invalidate');
  await form.getByLabel('Email').fill(candidate.email);
  const fileInputs = form.locator('input[type="file"]');
  await fileInputs.nth(0).setInputFiles({
    name: 'Thao Nguyen CV.pdf',
    mimeType: 'application/pdf',
    buffer: await printCv(page, candidate.name),
  });
  await page.getByTestId('apply-submit').click();

  const success = page.getByTestId('apply-success');
  await expect(success).toContainText(`Thank you, ${candidate.name}!`);
  await expect(success).toContainText(candidate.email);
  await shoot(page, 'recruitment-apply-done');
});

test('a visitor cannot apply to a closed position: the deadline message is shown', async ({ page }) => {
  await page.goto('/recruitment');
  await page.getByTestId('recruitment-status').getByText('Include closed').click();
  const closed = page.getByTestId('post-card').filter({ hasText: 'Store supervisor' });
  await expect(closed).toContainText('Closed');
  await closed.click();
  await expect(page.getByTestId('deadline-passed')).toHaveText(RECRUITMENT_MESSAGES.deadlinePassed);
  await expect(page.getByTestId('apply-button')).toHaveCount(0);
  await page.goto(`${new URL(page.url()).pathname}/apply`);
  await expect(page.getByTestId('deadline-passed')).toContainText(RECRUITMENT_MESSAGES.deadlinePassed);
  await expect(page.getByTestId('apply-form')).toHaveCount(0);
  await shoot(page, 'recruitment-apply-closed');
  await page.goto('/recruitment/999999');
  await expect(page.getByTestId('post-missing')).toContainText(RECRUITMENT_MESSAGES.postNotFound);
});

test('HR sees the application, reads the CV inline, approves it and exports the list', async ({ page }) => {
  await page.goto('/management/recruitment');
  await submitSignInForm(page, HR.username, HR.password);
  await page.waitForURL(/\/management\/recruitment$/);
  const table = page.getByTestId('posts-table');
  await expect(table).toContainText('Customer care agent');
  await page.getByTestId('posts-status').getByText('Closed').click();
  await expect(table).toContainText('Store supervisor');
  await expect(table).not.toContainText('Customer care agent');
  await page.getByTestId('posts-status').getByText('All').click();
  await expect(table).toContainText('Customer care agent');
  await shoot(page, 'recruitment-manage-list');

  await table.getByRole('link', { name: 'Customer care agent', exact: true }).click();
  await expect(page.getByTestId('post-title')).toHaveText('Customer care agent');
  await shoot(page, 'recruitment-manage-detail');

  await page.getByTestId('open-applications').click();
  await expect(page).toHaveURL(/\/management\/recruitment\/curriculum-vitae\/\d+$/);
  const applications = page.getByTestId('applications-table');
  const row = applications.getByRole('row').filter({ hasText: candidate.email });
  await expect(row).toContainText('Pending');
  await shoot(page, 'recruitment-applications');

  const download = page.waitForEvent('download');
  await page.getByTestId('export-applications').click();
  expect((await download).suggestedFilename()).toMatch(
    /^applications-customer-care-agent-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );

  await row.getByRole('link', { name: candidate.name, exact: true }).click();
  await expect(page.getByTestId('candidate-name')).toHaveText(candidate.name);
  // The CV is drawn inline, page by page, from the bytes fetched with the bearer token.
  const firstPage = page.getByTestId('pdf-page').first();
  await expect(firstPage).toBeVisible();
  await expect
    .poll(async () => firstPage.evaluate((canvas: HTMLCanvasElement) => canvas.width))
    .toBeGreaterThan(300);
  await shoot(page, 'recruitment-application-detail');

  await page.getByTestId('approve').click();
  await expect(page.getByTestId('application-status')).toHaveText('Approved');
  await expect(page.getByTestId('approve')).toBeDisabled();
  await page.goBack();
  await expect(applications.getByRole('row').filter({ hasText: candidate.email })).toContainText('Approved');
});

test('HR adds a post; the form enforces the rules and the post appears publicly', async ({ page }) => {
  await page.goto('/management/recruitment/add');
  await submitSignInForm(page, HR.username, HR.password);
  await page.waitForURL(/\/management\/recruitment\/add$/);
  const form = page.getByTestId('post-form');
  await page.getByTestId('post-save').click();
  await expect(form).toContainText('This field is required');
  await shoot(page, 'recruitment-manage-add');

  await form.getByLabel('Vacancy').fill('Retail store assistant');
  await page.getByTestId('post-branchId').click();
  await page.getByRole('option', { name: 'Skyline Fibre Hai Phong' }).click();
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByTestId('post-endDate').fill(yesterday);
  await form.getByLabel('Minimum salary').fill('9000000');
  await form.getByLabel('Maximum salary').fill('7000000');
  await form
    .getByLabel('Job description')
    .fill('Help customers choose plans and devices in our Hai Phong store.');
  await page.getByTestId('post-save').click();
  await expect(form).toContainText(RECRUITMENT_MESSAGES.endDateInFuture);
  await expect(form).toContainText(RECRUITMENT_MESSAGES.salaryMinBelowMax);

  const inAMonth = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByTestId('post-endDate').fill(inAMonth);
  await form.getByLabel('Maximum salary').fill('11000000');
  await page.getByTestId('post-save').click();
  await expect(page).toHaveURL(/\/management\/recruitment\/detail\/\d+$/);
  await expect(page.getByTestId('post-title')).toHaveText('Retail store assistant');

  await page.goto('/recruitment?q=retail');
  await expect(page.getByTestId('post-card')).toContainText('9,000,000 – 11,000,000 VND');
});
