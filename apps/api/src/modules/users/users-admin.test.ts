import { PassThrough } from 'node:stream';
import {
  forbiddenMessage,
  MESSAGES,
  type TUserDetail,
  type TUserListItem,
  USER_EXPORT_COLUMNS,
} from '@academy/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient, clientFor } from '../../../test/client';
import { anyPlace } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS, DEMO_EMPLOYEE_COUNT, DEMO_STOPPED_COUNT } from '../../demo/seed';
import { writeUsersWorkbook } from './export';

let t: TestApp;
let admin: ApiClient;
let staff: ApiClient;
let student: ApiClient;
let adminId: number;

const TOTAL_USERS = 4 + DEMO_EMPLOYEE_COUNT;

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  adminId = (await admin.get('users/info')).json().id;
});
afterAll(() => t.close());

let sequence = 0;
function newUser(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    employeeCode: `T${sequence}`,
    fullName: `Test User ${sequence}`,
    email: `test.user.${sequence}@example.com`,
    password: 'Welcome@2026',
    ...overrides,
  };
}

async function total(query = ''): Promise<number> {
  return Number((await admin.get(`users?size=1${query}`)).headers['x-total-count']);
}

describe('user list', () => {
  it('filters by service, branch, department, authorization, access and search text', async () => {
    expect(await total()).toBe(TOTAL_USERS);
    expect(await total('&access=STOPPED')).toBe(DEMO_STOPPED_COUNT);
    expect(await total('&access=ALLOWED')).toBe(TOTAL_USERS - DEMO_STOPPED_COUNT);
    const byBranch = (await admin.get('users?branchId=2&size=100')).json() as TUserListItem[];
    expect(byBranch.length).toBeGreaterThan(0);
    expect(byBranch.every((u) => u.branchId === 2 && u.branchName === 'Skyline Mobile Da Nang')).toBe(true);
    const byDepartment = (await admin.get('users?departmentId=5&size=100')).json() as TUserListItem[];
    expect(byDepartment.length).toBeGreaterThan(0);
    expect(byDepartment.every((u) => u.departmentId === 5)).toBe(true);
    expect(await total('&serviceId=3')).toBeGreaterThan(0);
    const byRole = (await admin.get('users?authorizationId=1')).json() as TUserListItem[];
    expect(byRole.map((u) => u.employeeCode)).toContain('staff');
    expect(byRole.every((u) => u.authorizationName === 'Content editor')).toBe(true);
    const search = (await admin.get('users?q=MINH')).json() as TUserListItem[];
    expect(search.map((u) => u.employeeCode)).toEqual(['student']);
    const sorted = (await admin.get('users?sort=employeeCode,desc&size=2')).json() as TUserListItem[];
    expect(sorted.map((u) => u.employeeCode)).toEqual(['student', 'staff']);
  });

  it('runs the same number of queries for 2 rows as for every row', async () => {
    t.database.queries.reset();
    await admin.get('users?size=2');
    const small = t.database.queries.count;
    t.database.queries.reset();
    await admin.get(`users?size=${TOTAL_USERS}`);
    expect(t.database.queries.count).toBe(small);
  });
});

describe('adding users', () => {
  it('creates a user with a temporary password, trimmed fields and their placement', async () => {
    const res = await admin.post('users', {
      employeeCode: '  E9001 ',
      fullName: ' Thu Ha ',
      email: ' thu.ha@example.com ',
      password: 'Welcome@2026',
      dateOfBirth: '1995-06-15',
      gender: 'FEMALE',
      phone: '+84 912 345 678',
      authorizedOn: '2026-01-05',
      workplace: ' Hanoi HQ ',
      position: 'Care agent',
      departmentId: 5,
      authorizationId: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json() as TUserDetail;
    expect(user).toMatchObject({
      employeeCode: 'E9001',
      fullName: 'Thu Ha',
      email: 'thu.ha@example.com',
      role: 'ROLE_STUDENT',
      access: 'ALLOWED',
      activePassword: false,
      dateOfBirth: '1995-06-15',
      gender: 'FEMALE',
      phone: '+84 912 345 678',
      workplace: 'Hanoi HQ',
      departmentId: 5,
      departmentName: 'Customer care',
      // Department 5 is in branch 2 of service 1: the parents are filled in.
      branchId: 2,
      serviceId: 1,
      authorizationName: 'Training coordinator',
    });
    expect((await admin.get(`users/${user.id}`)).json()).toEqual(user);

    const newcomer = await clientFor(t.app, 'e9001', 'Welcome@2026');
    const info = await newcomer.get('users/info');
    expect(info.json()).toMatchObject({ activePassword: false, fullName: 'Thu Ha' });
    const blocked = await newcomer.get('users/profile');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Please change your password before continuing');
  });

  it('requires employee code, full name, email and password', async () => {
    const before = await total();
    const res = await admin.post('users', {});
    expect(res.statusCode).toBe(400);
    const fields = (res.json().fieldErrors as { field: string; message: string }[]).map((e) => [
      e.field,
      e.message,
    ]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['employeeCode', MESSAGES.required],
        ['fullName', MESSAGES.required],
        ['email', MESSAGES.required],
        ['password', MESSAGES.required],
      ]),
    );
    const blanks = await admin.post('users', newUser({ employeeCode: '   ', fullName: '  ' }));
    expect(blanks.json().fieldErrors).toEqual([
      { field: 'employeeCode', message: MESSAGES.required },
      { field: 'fullName', message: MESSAGES.required },
    ]);
    expect(await total()).toBe(before);
  });

  it('answers "Email invalidate" for a malformed email', async () => {
    const res = await admin.post('users', newUser({ email: 'thu.ha@' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: MESSAGES.emailInvalid,
      fieldErrors: [{ field: 'email', message: MESSAGES.emailInvalid }],
    });
  });

  it('refuses anyone not over 16, with the SPEC message', async () => {
    const now = new Date();
    const sixteenToday = `${now.getUTCFullYear() - 16}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate()).padStart(2, '0')}`;
    for (const dateOfBirth of ['2015-03-01', sixteenToday]) {
      const res = await admin.post('users', newUser({ dateOfBirth }));
      expect(res.statusCode, dateOfBirth).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ field: 'dateOfBirth', message: MESSAGES.tooYoung }]);
    }
    const bad = await admin.post('users', newUser({ dateOfBirth: '1990-02-30' }));
    expect(bad.json().fieldErrors[0]).toEqual({ field: 'dateOfBirth', message: MESSAGES.dateInvalid });
  });

  it('enforces the length limits, the password rule, phone and gender', async () => {
    const long = await admin.post('users', newUser({ fullName: 'x'.repeat(256) }));
    expect(long.json().fieldErrors).toEqual([
      { field: 'fullName', message: 'Must be at most 255 characters' },
    ]);
    const code = await admin.post('users', newUser({ employeeCode: 'C'.repeat(65) }));
    expect(code.json().fieldErrors).toEqual([
      { field: 'employeeCode', message: 'Must be at most 64 characters' },
    ]);
    const weak = await admin.post('users', newUser({ password: 'short' }));
    expect(weak.json().fieldErrors).toEqual([{ field: 'password', message: MESSAGES.weakPassword }]);
    const phone = await admin.post('users', newUser({ phone: 'call me' }));
    expect(phone.json().fieldErrors).toEqual([{ field: 'phone', message: MESSAGES.phoneInvalid }]);
    const gender = await admin.post('users', newUser({ gender: 'ROBOT' }));
    expect(gender.statusCode).toBe(400);
    expect(gender.json().fieldErrors[0].field).toBe('gender');
  });

  it('checks that service, branch, department and authorization exist and belong together', async () => {
    const before = await total();
    const cases = [
      [{ serviceId: 2, branchId: 1 }, 'branchId', MESSAGES.branchNotInService],
      [{ branchId: 1, departmentId: 5 }, 'departmentId', MESSAGES.departmentNotInBranch],
      [{ departmentId: 999 }, 'departmentId', MESSAGES.departmentNotFound],
      [{ branchId: 999 }, 'branchId', MESSAGES.branchNotFound],
      [{ serviceId: 999 }, 'serviceId', MESSAGES.serviceNotFound],
      [{ authorizationId: 999 }, 'authorizationId', MESSAGES.authorizationNotFound],
    ] as const;
    for (const [placement, field, message] of cases) {
      const res = await admin.post('users', newUser(placement));
      expect(res.statusCode, JSON.stringify(placement)).toBe(400);
      expect(res.json()).toMatchObject({ message, fieldErrors: [{ field, message }] });
    }
    expect(await total()).toBe(before);
  });

  it('refuses a duplicate employee code or email, whatever the letter case', async () => {
    const first = newUser();
    expect((await admin.post('users', first)).statusCode).toBe(201);
    const code = await admin.post('users', newUser({ employeeCode: first.employeeCode.toLowerCase() }));
    expect(code.statusCode).toBe(409);
    expect(code.json()).toMatchObject({
      status: 409,
      message: MESSAGES.employeeCodeExists,
      fieldErrors: [{ field: 'employeeCode', message: MESSAGES.employeeCodeExists }],
    });
    const email = await admin.post('users', newUser({ email: first.email.toUpperCase() }));
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe(MESSAGES.emailExists);
    const demo = await admin.post('users', newUser({ employeeCode: 'STAFF' }));
    expect(demo.json().message).toBe(MESSAGES.employeeCodeExists);
  });

  it('lets exactly one of two concurrent creates with the same employee code win', async () => {
    const [a, b] = await Promise.all([
      admin.post('users', newUser({ employeeCode: 'RACE-1' })),
      admin.post('users', newUser({ employeeCode: 'race-1' })),
    ]);
    const statuses = [a?.statusCode, b?.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = a?.statusCode === 409 ? a : b;
    expect(loser?.json().message).toBe(MESSAGES.employeeCodeExists);
    expect(await total('&q=race-1')).toBe(1);
  });
});

describe('editing users', () => {
  it('replaces the fields, and a new password is a reset to a temporary one', async () => {
    const created = (await admin.post('users', newUser())).json() as TUserDetail;
    const editor = await clientFor(t.app, created.employeeCode, 'Welcome@2026');
    await editor.put('users/change-password', {
      oldPassword: 'Welcome@2026',
      newPassword: 'Chosen@2026',
      confirmPassword: 'Chosen@2026',
    });
    const kept = await admin.put(`users/${created.id}`, {
      employeeCode: created.employeeCode,
      fullName: 'Renamed Person',
      email: created.email,
      password: '',
      position: 'Supervisor',
      branchId: 4,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      fullName: 'Renamed Person',
      position: 'Supervisor',
      branchId: 4,
      serviceId: 2,
      departmentId: null,
      activePassword: true,
    });
    const reset = await admin.put(`users/${created.id}`, {
      employeeCode: created.employeeCode,
      fullName: 'Renamed Person',
      email: created.email,
      password: 'Temporary@2026',
    });
    expect(reset.json()).toMatchObject({ activePassword: false, branchId: null, position: null });
    await expect(clientFor(t.app, created.employeeCode, 'Chosen@2026')).rejects.toThrow();
    expect(
      (await (await clientFor(t.app, created.employeeCode, 'Temporary@2026')).get('users/info')).json(),
    ).toMatchObject({
      activePassword: false,
    });
  });

  it('refuses taking another user’s employee code or email, and unknown users', async () => {
    const created = (await admin.post('users', newUser())).json() as TUserDetail;
    const taken = await admin.put(`users/${created.id}`, {
      employeeCode: created.employeeCode,
      fullName: 'x',
      email: 'STUDENT@academy.example.com',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MESSAGES.emailExists);
    expect((await admin.get(`users/${created.id}`)).json().email).toBe(created.email);
    const missing = await admin.put('users/99999', newUser());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.userNotFound);
    expect((await admin.get('users/99999')).json().message).toBe(MESSAGES.userNotFound);
  });
});

describe('stopping, allowing and deleting users', () => {
  it('stops a user: their sign-ins end at once, and when allowed again they sign in anew', async () => {
    const created = (await admin.post('users', newUser())).json() as TUserDetail;
    const person = await clientFor(t.app, created.employeeCode, 'Welcome@2026');
    expect((await person.get('users/info')).statusCode).toBe(200);
    const stopped = await admin.patch(`users/${created.id}/access`, { access: 'STOPPED' });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().access).toBe('STOPPED');
    const refused = await person.get('users/info');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().status).toBe(401);
    await expect(clientFor(t.app, created.employeeCode, 'Welcome@2026')).rejects.toThrow();
    await admin.patch(`users/${created.id}/access`, { access: 'ALLOWED' });
    expect((await person.get('users/info')).statusCode).toBe(401);
    const again = await clientFor(t.app, created.employeeCode, 'Welcome@2026');
    expect((await again.get('users/info')).statusCode).toBe(200);
  });

  it('refuses stopping or deleting oneself', async () => {
    const stop = await admin.patch(`users/${adminId}/access`, { access: 'STOPPED' });
    expect(stop.statusCode).toBe(400);
    expect(stop.json().message).toBe(MESSAGES.cannotStopSelf);
    const del = await admin.delete(`users/${adminId}`);
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe(MESSAGES.cannotDeleteSelf);
    const bad = await admin.patch(`users/${adminId}/access`, { access: 'MAYBE' });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes a user', async () => {
    const created = (await admin.post('users', newUser())).json() as TUserDetail;
    expect((await admin.delete(`users/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`users/${created.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`users/${created.id}`)).statusCode).toBe(404);
  });
});

describe('who may manage users', () => {
  it('needs a sign-in and USER_MANAGEMENT, with the SPEC message for each action', async () => {
    expect((await apiClient(t.app, undefined).get('users')).statusCode).toBe(401);
    expect((await apiClient(t.app, undefined).post('users', newUser())).statusCode).toBe(401);
    for (const client of [staff, student]) {
      const cases = [
        [await client.get('users'), 'view users'],
        [await client.get('users/1'), 'view users'],
        [await client.get('users/export'), 'export users'],
        [await client.post('users', newUser()), 'add users'],
        [await client.put('users/1', newUser()), 'edit users'],
        [await client.patch('users/1/access', { access: 'STOPPED' }), 'edit users'],
        [await client.delete('users/1'), 'delete users'],
      ] as const;
      for (const [res, action] of cases) {
        expect(res.statusCode, action).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, message: forbiddenMessage(action) });
      }
    }
  });

  it('keeps administrators and rights out of reach of managers who are not admins', async () => {
    // E1001 is a demo "Branch manager": USER_MANAGEMENT, PROGRESS_MANAGEMENT, DEPARTMENT_MANAGEMENT.
    const manager = await clientAs(t.app, 'E1001');
    // Within the manager's branch (issue 20): anyPlace is in the demo's first branch, theirs.
    const place = await anyPlace(t.app);
    expect((await manager.post('users', newUser(place))).statusCode).toBe(201);
    const makeAdmin = await manager.post('users', newUser({ ...place, role: 'ROLE_ADMIN' }));
    expect(makeAdmin.statusCode).toBe(403);
    expect(makeAdmin.json().message).toBe(forbiddenMessage('grant the administrator role'));
    const editAdmin = await manager.put(`users/${adminId}`, {
      employeeCode: 'admin',
      fullName: 'Owned',
      email: 'admin@academy.example.com',
      password: 'Hijacked@2026',
    });
    expect(editAdmin.statusCode).toBe(403);
    expect(editAdmin.json().message).toBe(forbiddenMessage('manage administrators'));
    const stopAdmin = await manager.patch(`users/${adminId}/access`, { access: 'STOPPED' });
    expect(stopAdmin.json().message).toBe(forbiddenMessage('manage administrators'));
    // "Training coordinator" holds course keys the manager does not have.
    const grant = await manager.post('users', newUser({ ...place, authorizationId: 3 }));
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toMatch(/^You do not have permission to grant /);
  });
});

describe('user export', () => {
  async function exportRows(query: string) {
    const res = await admin.get(`users/export${query}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(res.rawPayload).buffer as ArrayBuffer);
    const sheet = workbook.getWorksheet('Users');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  }

  it('writes one row per filtered user under a header row', async () => {
    const [header, ...stoppedRows] = await exportRows('?access=STOPPED');
    expect(header).toEqual(USER_EXPORT_COLUMNS.map((c) => c.header));
    expect(stoppedRows).toHaveLength(DEMO_STOPPED_COUNT);
    expect(stoppedRows.every((r) => r.at(-1) === 'Stopped')).toBe(true);

    const [, ...branchRows] = await exportRows('?branchId=2');
    const listed = (await admin.get('users?branchId=2&size=1000')).json() as TUserListItem[];
    expect(branchRows.map((r) => r[0]).sort()).toEqual(listed.map((u) => u.employeeCode).sort());

    const [, ...everyone] = await exportRows('');
    expect(everyone).toHaveLength(await total());
    const student = everyone.find((r) => r[0] === 'student');
    expect(student?.slice(0, 3)).toEqual(['student', 'Minh Nguyen', 'student@academy.example.com']);
  });

  it('writes words a reader understands and dates Excel can compute with, not codes and text', async () => {
    const [header, ...rows] = await exportRows('?q=student@academy');
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const student = rows[0] ?? [];
    expect(student[column('Gender')]).toBe('Male');
    expect(student[column('Access')]).toBe('Allowed');
    const born = student[column('Date of birth')];
    expect(born).toBeInstanceOf(Date);
    expect((born as Date).toISOString().slice(0, 10)).toBe('1998-04-12');
  });

  it('comes in the order the list is sorted by', async () => {
    // Codes and emails are unique, so the list's order is the file's order exactly.
    for (const sort of ['email,asc', 'employeeCode,desc', 'id,desc']) {
      const [, ...rows] = await exportRows(`?sort=${sort}`);
      const listed = (await admin.get(`users?sort=${sort}&size=1000`)).json() as TUserListItem[];
      expect(
        rows.map((r) => r[0]),
        sort,
      ).toEqual(listed.map((u) => u.employeeCode));
    }
    // Names repeat: the names come in the list's order (ties by id in the file).
    const [, ...byName] = await exportRows('?sort=fullName,desc&access=ALLOWED');
    const listed = (
      await admin.get('users?sort=fullName,desc&access=ALLOWED&size=1000')
    ).json() as TUserListItem[];
    expect(byName.map((r) => r[1])).toEqual(listed.map((u) => u.fullName));
  });

  it('keeps the order and every row across batches of the streamed read', async () => {
    const read = async (batch: number) => {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      const written = await writeUsersWorkbook(t.database.db, { sort: 'fullName,asc' }, out, batch);
      await new Promise((resolve) => out.end(resolve));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(new Uint8Array(Buffer.concat(chunks)).buffer as ArrayBuffer);
      const codes: unknown[] = [];
      workbook.getWorksheet('Users')?.eachRow((row, index) => {
        if (index > 1) codes.push((row.values as unknown[])[1]);
      });
      return { written, codes };
    };
    const whole = await read(1000);
    const inSevens = await read(7);
    expect(inSevens.written).toBe(await total());
    expect(inSevens.codes).toEqual(whole.codes);
  });

  it('refuses to sort by a column the list does not offer', async () => {
    const res = await admin.get('users/export?sort=passwordHash');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Cannot sort by passwordHash');
  });
});
