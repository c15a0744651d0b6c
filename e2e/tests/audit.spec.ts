import { accessToken, expect, shoot, signInAt, test } from './support';

const API = '/services/core/api';

test('an administrator finds who added and stopped a user in the audit log, and filters it', async ({
  page,
}) => {
  await signInAt(page, '/management/user', 'admin');
  const headers = { authorization: `Bearer ${await accessToken(page)}` };
  const code = `AUD${Date.now() % 100000}`;
  const created = await page.request.post(`${API}/users`, {
    headers,
    data: {
      employeeCode: code,
      fullName: 'Audit Journey',
      email: `${code.toLowerCase()}@example.com`,
      password: 'Welcome@2026',
      serviceId: 1,
      branchId: 1,
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as number;
  const stopped = await page.request.patch(`${API}/users/${id}/access`, {
    headers,
    data: { access: 'STOPPED' },
  });
  expect(stopped.status()).toBe(200);

  await page.goto(`/management/audit?entityType=users&entityId=${id}`);
  const table = page.getByTestId('audit-table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('access: ALLOWED → STOPPED');
  await expect(table).toContainText(`employeeCode: ${code}`);
  await expect(page.getByTestId('management-menu').getByText('Audit log', { exact: true })).toBeVisible();

  await page.getByTestId('audit-action').click();
  await page.getByRole('option', { name: 'Access' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(/action=access/);
  await shoot(page, 'audit-log');
});

test('staff without the administrator role do not see the audit log', async ({ page }) => {
  await signInAt(page, '/management/audit', 'staff');
  await expect(page.getByTestId('management-menu')).not.toContainText('Audit log');
  await expect(page.getByTestId('audit-table')).toHaveCount(0);
});
