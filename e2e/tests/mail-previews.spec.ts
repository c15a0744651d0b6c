import { expect, SCREENSHOTS, shoot, signInAt, test } from './support';

test('an administrator previews every mail, as HTML in a sandboxed frame and as text', async ({ page }) => {
  await signInAt(page, '/management/mail-previews', 'admin');
  const menu = page.getByTestId('management-menu');
  await expect(menu.getByRole('link', { name: 'Mail previews' })).toHaveAttribute('aria-current', 'page');
  const kinds = page.getByTestId('mail-kinds').getByRole('button');
  // Every kind the product sends (more come with new features): at least the six account and site mails.
  await expect(kinds.first()).toBeVisible();
  expect(await kinds.count()).toBeGreaterThanOrEqual(6);

  const html = page.getByTestId('mail-html');
  await expect(html).toHaveAttribute('sandbox', '');
  await expect(page.getByTestId('mail-subject')).toHaveText('Reset your Academy password');
  await expect(
    page.frameLocator('[data-testid="mail-html"]').getByRole('link', { name: 'Choose a new password' }),
  ).toBeVisible();
  await shoot(page, 'mail-previews');
  // On a phone the mail itself fits the frame: its button is within the frame's width.
  await page.setViewportSize({ width: 375, height: 812 });
  await html.scrollIntoViewIfNeeded();
  const button = page
    .frameLocator('[data-testid="mail-html"]')
    .getByRole('link', { name: 'Choose a new password' });
  await expect(button).toBeVisible();
  await page.getByTestId('mail-preview').screenshot({ path: `${SCREENSHOTS}/mail-previews-frame-phone.png` });
  await page.setViewportSize({ width: 1366, height: 900 });

  await kinds.filter({ hasText: 'Reply to your question' }).click();
  await expect(page).toHaveURL(/kind=qaReply/);
  await expect(page.getByTestId('mail-subject')).toContainText('New reply to your question:');
  await page.getByText('Plain text', { exact: true }).click();
  await expect(page.getByTestId('mail-text')).toContainText('/training-academy/qa/1');
  await shoot(page, 'mail-previews-text');
});

test('staff without the administrator role have no mail previews', async ({ page }) => {
  await signInAt(page, '/management/mail-previews', 'staff');
  await expect(page.getByTestId('management-menu')).not.toContainText('Mail previews');
  await expect(page.getByTestId('mail-preview')).toHaveCount(0);
});
