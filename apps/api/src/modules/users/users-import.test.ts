import {
  forbiddenMessage,
  MESSAGES,
  type TAuditEvent,
  type TUserDetail,
  type TUserImportResult,
  type TUserListItem,
  USER_EXPORT_COLUMNS,
  USER_IMPORT_MESSAGES,
} from '@academy/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { makeOrgTree, makeUser, type OrgTree } from '../../../test/factories';
import { formData } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { writeZip } from '../../../test/zip';
import { DEMO_ACCOUNTS } from '../../demo/seed';

/** Issue 20: users imported from the HR system's spreadsheet — preview, apply, idempotence, bad files. */
let t: TestApp;
let admin: ApiClient;
let org: OrgTree;
let names: { service: string; branch: string; department: string; otherBranch: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  org = await makeOrgTree(t.app);
  const department = (await admin.get(`departments/${org.branchA.departmentId}`)).json();
  const other = (await admin.get(`departments/${org.branchB.departmentId}`)).json();
  names = {
    service: department.serviceName,
    branch: department.branchName,
    department: department.name,
    otherBranch: other.branchName,
  };
});
afterAll(() => t.close());

const HEADERS = [
  'Employee code',
  'Full name',
  'Email',
  'Phone number',
  'Date of birth',
  'Gender',
  'Service',
  'Branch',
  'Department',
  'Access',
];

function csv(rows: string[][], headers = HEADERS): Buffer {
  const line = (cells: string[]) =>
    cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
  return Buffer.from([line(headers), ...rows.map(line)].join('\r\n'), 'utf8');
}

function person(code: string, overrides: Partial<Record<string, string>> = {}): string[] {
  const values: Record<string, string> = {
    'Employee code': code,
    'Full name': `Imported ${code}`,
    Email: `${code.toLowerCase()}@import.example.com`,
    'Phone number': '0901234567',
    'Date of birth': '1995-03-04',
    Gender: 'Female',
    Service: names.service,
    Branch: names.branch,
    Department: names.department,
    Access: 'Allowed',
    ...overrides,
  };
  return HEADERS.map((h) => values[h] ?? '');
}

async function send(
  client: ApiClient,
  file: Buffer,
  query = 'dryRun=true',
  fileName = 'users.csv',
): Promise<{ status: number; body: TUserImportResult & { message?: string } }> {
  const res = await client.post(`users/import?${query}`, formData({}, { file: [file, fileName] }));
  return { status: res.statusCode, body: res.json() };
}

async function userByCode(code: string): Promise<TUserDetail | undefined> {
  const [row] = (await admin.get(`users?q=${code}`)).json() as TUserListItem[];
  return row ? ((await admin.get(`users/${row.id}`)).json() as TUserDetail) : undefined;
}

describe('importing users', () => {
  it('previews the rows to create, update and leave alone, and every error with row and column, writing nothing', async () => {
    const file = csv([
      person('IMP1'),
      person('student', {
        'Full name': 'Minh Nguyen',
        Email: 'student@academy.example.com',
        Gender: 'Male',
        'Date of birth': '1998-04-12',
      }),
      person('IMP2', { Email: 'not-an-email' }),
      person('IMP3', { 'Date of birth': '2020-01-01' }),
      person('IMP4', { Department: 'No such department' }),
      person('IMP1', { Email: 'again@import.example.com' }),
    ]);
    const { status, body } = await send(admin, file);
    expect(status).toBe(200);
    expect(body).toMatchObject({ created: 1, updated: 1, unchanged: 0, applied: false });
    expect(body.errors).toEqual([
      { row: 4, column: 'Email', message: expect.any(String) },
      { row: 5, column: 'Date of birth', message: expect.any(String) },
      { row: 6, column: 'Department', message: USER_IMPORT_MESSAGES.unknownDepartment },
      { row: 7, column: 'Employee code', message: USER_IMPORT_MESSAGES.duplicateInFile },
    ]);
    expect(await userByCode('IMP1')).toBeUndefined();
    // With errors, asking to apply applies nothing either.
    expect((await send(admin, file, 'dryRun=false')).body.applied).toBe(false);
    expect(await userByCode('IMP1')).toBeUndefined();
  });

  it('applies a clean file in one go, and the same file again changes nothing', async () => {
    const file = csv([person('IMP10'), person('IMP11', { Access: 'Stopped', Gender: '' })]);
    const first = await send(admin, file, 'dryRun=false');
    expect(first.body).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [], applied: true });
    const made = await userByCode('IMP10');
    expect(made).toMatchObject({
      fullName: 'Imported IMP10',
      phone: '0901234567',
      dateOfBirth: '1995-03-04',
      gender: 'FEMALE',
      role: 'ROLE_STUDENT',
      activePassword: false,
      ...org.branchA,
    });
    expect((await userByCode('IMP11'))?.access).toBe('STOPPED');
    const again = await send(admin, file, 'dryRun=false');
    expect(again.body).toEqual({ created: 0, updated: 0, unchanged: 2, errors: [], applied: true });
    const events = (
      await admin.get(`audit-events?entityType=users&entityId=${made?.id}`)
    ).json() as TAuditEvent[];
    expect(events.map((e) => e.action)).toEqual(['create']);
  });

  it('takes its own export back unchanged, and one changed cell updates exactly that user', async () => {
    const exported = await admin.get('users/export');
    const data = Buffer.from(exported.rawPayload);
    const unchanged = await send(admin, data, 'dryRun=true', 'users.xlsx');
    expect(unchanged.body.errors).toEqual([]);
    expect(unchanged.body).toMatchObject({ created: 0, updated: 0 });
    expect(unchanged.body.unchanged).toBeGreaterThan(30);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(data as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Users');
    if (!sheet) throw new Error('the export has no Users sheet');
    const positionColumn = USER_EXPORT_COLUMNS.findIndex((c) => c.key === 'position') + 1;
    let studentRow = 0;
    sheet.eachRow((row, number) => {
      if (row.getCell(1).value === 'student') studentRow = number;
    });
    sheet.getRow(studentRow).getCell(positionColumn).value = 'Senior sales consultant';
    const edited = Buffer.from(await book.xlsx.writeBuffer());
    const applied = await send(admin, edited, 'dryRun=false', 'users.xlsx');
    expect(applied.body).toMatchObject({ created: 0, updated: 1, errors: [], applied: true });
    expect((await userByCode('student'))?.position).toBe('Senior sales consultant');
  });

  it('keeps a branch manager to their branch', async () => {
    const manager = await makeUser(t.app, {
      permissions: ['USER_MANAGEMENT'],
      authorizationScope: { branchId: org.branchA.branchId },
      place: org.branchA,
    });
    const { body } = await send(
      manager.client,
      csv([person('IMP20'), person('IMP21', { Branch: names.otherBranch, Department: '' })]),
    );
    expect(body.created).toBe(1);
    expect(body.errors).toEqual([
      { row: 3, column: 'Service', message: forbiddenMessage('place users outside your branch or service') },
    ]);
    const outsider = await send(
      manager.client,
      csv([person('admin', { Email: 'admin@academy.example.com' })]),
    );
    expect(outsider.body.errors[0]).toMatchObject({ row: 2, column: 'Employee code' });
  });

  it('refuses with a clear message, writing nothing: not a sheet, wrong headers, too many rows, a bomb', async () => {
    const cases: [Buffer, string, string][] = [
      [Buffer.from('%PDF-1.4 not a sheet\u0000'), 'users.csv', USER_IMPORT_MESSAGES.notASheet],
      [csv([person('IMP30')], ['Code', 'Name']), 'users.csv', USER_IMPORT_MESSAGES.missingHeaders],
      [
        csv(Array.from({ length: 10_001 }, (_, i) => person(`BULK${i}`))),
        'users.csv',
        USER_IMPORT_MESSAGES.tooManyRows,
      ],
      [
        // 256 MB of zeros packed into a quarter of a megabyte.
        writeZip([
          { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(256 * 1024 * 1024), deflate: true },
        ]),
        'users.xlsx',
        USER_IMPORT_MESSAGES.tooLarge,
      ],
    ];
    for (const [file, fileName, message] of cases) {
      const { status, body } = await send(admin, file, 'dryRun=false', fileName);
      expect(status, message).toBe(400);
      expect(body.message).toBe(message);
    }
    expect(await userByCode('IMP30')).toBeUndefined();
    const tooBig = await send(admin, Buffer.alloc(21 * 1024 * 1024, 'a'), 'dryRun=true');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(MESSAGES.fileTooLarge);
  });

  it('offers a template in .xlsx and .csv with the export’s headers', async () => {
    const csvTemplate = await admin.get('users/import/template?format=csv');
    expect(csvTemplate.statusCode).toBe(200);
    expect(csvTemplate.body.replace(/^\uFEFF/, '').trim()).toBe(
      USER_EXPORT_COLUMNS.map((c) => c.header).join(','),
    );
    const xlsx = await admin.get('users/import/template');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const header = book.getWorksheet('Users')?.getRow(1).values as unknown[] | undefined;
    expect(header?.slice(1)).toEqual(USER_EXPORT_COLUMNS.map((c) => c.header));
    // The empty template imports as nothing to do.
    expect(
      (await send(admin, Buffer.from(xlsx.rawPayload), 'dryRun=true', 'template.xlsx')).body,
    ).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
  });
});
