import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { accessToken, expect, shoot, signInAt, test } from './support';

/*
 * The learner's transcript (issue 22, point 5; decision 94): the demo student, renamed by an
 * administrator to a Vietnamese name, downloads their transcript from My progress; the PDF is read
 * back with pdf.js and holds the name exactly as written, and their certificate's verify code.
 */

const API = '/services/core/api';
const NAME = 'Nguyễn Thị Thu Hà';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/** The text items of every page of a PDF, read with pdf.js in Node. */
async function pdfText(bytes: Buffer): Promise<string[]> {
  const lib: PdfJs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await lib.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const items: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim()) items.push(item.str);
  }
  await doc.destroy();
  return items;
}

/** Sets the student's full name through the users API, as an administrator would. */
async function renameStudent(admin: Page, fullName: string): Promise<void> {
  const headers = { authorization: `Bearer ${await accessToken(admin)}` };
  const found = await admin.request.get(`${API}/users?q=student&size=50`, { headers });
  expect(found.status()).toBe(200);
  const id = ((await found.json()) as { id: number; employeeCode: string }[]).find(
    (u) => u.employeeCode === 'student',
  )?.id;
  const detail = await (await admin.request.get(`${API}/users/${id}`, { headers })).json();
  const editable = [
    'employeeCode',
    'email',
    'dateOfBirth',
    'gender',
    'phone',
    'authorizedOn',
    'workplace',
    'position',
    'serviceId',
    'branchId',
    'departmentId',
    'authorizationId',
  ];
  const data: Record<string, unknown> = { fullName };
  for (const key of editable) data[key] = detail[key];
  const saved = await admin.request.put(`${API}/users/${id}`, { headers, data });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a learner with a Vietnamese name downloads their transcript from My progress', async ({
  page,
  browser,
}) => {
  const admin = await browser.newPage();
  await signInAt(admin, '/management/user', 'admin');
  await renameStudent(admin, NAME);
  try {
    await signInAt(page, '/training-academy/study-progress', 'student');
    await expect(page.getByRole('heading', { level: 1, name: 'My progress' })).toBeVisible();
    await expect(page.getByTestId('my-certificate').first()).toBeVisible();
    const code = (await page.getByTestId('my-certificate').first().getByRole('link').textContent())?.trim();
    expect(code).toBeTruthy();
    await shoot(page, 'study-progress-transcript');

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download transcript (PDF)' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^transcript-student-\d{4}-\d{2}-\d{2}\.pdf$/);
    const items = await pdfText(await readFile((await pdf.path()) as string));
    expect(items).toContain(NAME);
    const text = items.join(' ');
    expect(text).toContain('Workplace safety');
    expect(text).toContain(code as string);

    // The workbook is the same download (its contents are the API test's).
    await expect(page.getByRole('button', { name: 'Download transcript (Excel)' })).toBeEnabled();
  } finally {
    // Later journeys of this worker know the student by the demo name.
    await renameStudent(admin, 'Minh Nguyen');
    await admin.close();
  }
});
