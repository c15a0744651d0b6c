import { readFileSync } from 'node:fs';
import { audit } from './axe';
import { expect, shoot, signInAt, test } from './support';

/**
 * The learning record store's management pages (issue 26): an administrator makes a key for a
 * system, which sends statements with it, sees its last use and revokes it; then reads the
 * statements, filters them by verb and exports them. Staff see neither page.
 */
const XAPI = '/services/core/xapi';
const COMPLETED = 'http://adlnet.gov/expapi/verbs/completed';
const EXPERIENCED = 'http://adlnet.gov/expapi/verbs/experienced';

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

const statement = (verb: string, n: number, baseURL: string) => ({
  actor: { name: 'Journey learner', account: { homePage: baseURL, name: 'FORKLIFT-1' } },
  verb: { id: verb, display: { 'en-US': verb.split('/').pop() } },
  object: {
    id: `https://simulator.example/drills/${n}`,
    definition: { name: { 'en-US': `Forklift drill ${n}` } },
  },
  result:
    verb === COMPLETED ? { success: true, completion: true, score: { scaled: 0.8 + n / 100 } } : undefined,
});

test.describe
  .serial('the learning record store pages', () => {
    let key = '';
    let secret = '';

    test('an administrator makes a key, sees its secret once, and a system sends statements with it', async ({
      page,
      context,
      server,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInAt(page, '/management/lrs-keys', 'admin');
      await expect(page.getByTestId('management-menu').getByText('LRS keys', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Make a key' }).click();
      const form = page.getByTestId('lrs-key-form');
      await form.getByLabel('Name').fill('Forklift simulator');
      await form.getByRole('button', { name: 'Make the key' }).click();

      const made = page.getByTestId('lrs-key-made');
      await expect(made).toContainText('shown only this once');
      await expect(page.getByTestId('lrs-key-endpoint')).toHaveText(`${server.baseURL}${XAPI}/`);
      key = (await page.getByTestId('lrs-key-key').textContent()) ?? '';
      secret = (await page.getByTestId('lrs-key-secret').textContent()) ?? '';
      expect(key).toMatch(/^[0-9a-f]{24}$/);
      expect(secret.length).toBeGreaterThan(30);
      await made.getByRole('button', { name: 'Copy Secret' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await shoot(page, 'lrs-key-made', { phone: false });
      await made.getByRole('button', { name: 'I have copied it' }).click();

      // The system sends statements with the key (HTTP Basic, xAPI 1.0.3).
      const sent = await page.request.post(`${XAPI}/statements`, {
        headers: { authorization: basic(key, secret), 'x-experience-api-version': '1.0.3' },
        data: [
          statement(COMPLETED, 1, server.baseURL),
          statement(EXPERIENCED, 2, server.baseURL),
          statement(COMPLETED, 3, server.baseURL),
        ],
      });
      expect(sent.status(), await sent.text()).toBe(200);

      await page.reload();
      const row = page.getByTestId('lrs-keys-table').getByRole('row', { name: /Forklift simulator/ });
      await expect(row).toContainText(key);
      await expect(row).toContainText('Read');
      await expect(row).toContainText('Write');
      await expect(row).not.toContainText('Never'); // used just now
      await expect(page.getByTestId('lrs-keys-table')).not.toContainText(secret);
      await audit(page, 'LRS keys', page.getByTestId('lrs-keys-table'));
      await shoot(page, 'lrs-keys');
    });

    test('an administrator filters the statements by verb, reads one and exports them', async ({ page }) => {
      await signInAt(page, '/management/lrs-statements', 'admin');
      const table = page.getByTestId('lrs-statements-table');
      await expect(table).toContainText('Forklift drill 2');

      const verb = page.getByTestId('lrs-filter-verb');
      await verb.fill(COMPLETED);
      await verb.press('Enter');
      await expect(page).toHaveURL(/verb=http/);
      await expect(table).not.toContainText('Forklift drill 2');
      // Other journeys on this server may have stored statements too (cmi5's): only the drills are ours.
      const rows = table.locator('tbody tr', { hasText: 'Forklift drill' });
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText('Forklift drill 3');
      await expect(rows.first()).toContainText('FORKLIFT-1');
      await expect(rows.first()).toContainText('Journey learner');
      await expect(rows.first()).toContainText('Forklift simulator');
      await expect(rows.first()).toContainText('83%');

      await rows.first().getByTestId('lrs-statement-view').click();
      await expect(page.getByTestId('lrs-statement-json')).toContainText('"name": "FORKLIFT-1"');
      await page.keyboard.press('Escape');
      // The dialog leaves with a transition: the page is audited once it is gone.
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await audit(page, 'LRS statements', table);
      await shoot(page, 'lrs-statements');

      const [workbook] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('lrs-export-xlsx').click(),
      ]);
      expect(workbook.suggestedFilename()).toMatch(/^xapi-statements-.*\.xlsx$/);
      const bytes = readFileSync((await workbook.path()) as string);
      expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a zip: the workbook
      const [json] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('lrs-export-json').click(),
      ]);
      const statements = JSON.parse(readFileSync((await json.path()) as string, 'utf8')) as Array<{
        verb: { id: string };
        actor: { account?: { name: string } };
      }>;
      expect(statements.filter((s) => s.actor.account?.name === 'FORKLIFT-1')).toHaveLength(2);
      expect(statements.every((s) => s.verb.id === COMPLETED)).toBe(true);
    });

    test('a revoked key stops at once', async ({ page }) => {
      await signInAt(page, '/management/lrs-keys', 'admin');
      const table = page.getByTestId('lrs-keys-table');
      const row = table.getByRole('row', { name: /Forklift simulator/ });
      await row.getByRole('button', { name: 'Revoke Forklift simulator' }).click();
      const confirm = page.getByTestId('lrs-key-revoke');
      await expect(confirm).toContainText('cannot be undone');
      await page.getByTestId('lrs-key-revoke-confirm').click();
      await expect(page.getByText('The key of Forklift simulator is revoked.')).toBeVisible();
      await expect(table).not.toContainText('Forklift simulator');
      const refused = await page.request.get(`${XAPI}/statements`, {
        headers: { authorization: basic(key, secret), 'x-experience-api-version': '1.0.3' },
      });
      expect(refused.status()).toBe(401);
    });
  });

test('staff without the administrator role see neither LRS page', async ({ page }) => {
  await signInAt(page, '/management/lrs-statements', 'staff');
  await expect(page.getByTestId('management-menu')).not.toContainText('LRS');
  await expect(page.getByTestId('lrs-statements-table')).toHaveCount(0);
});
