import { MESSAGES, type TUserDetail, type TUserListItem } from '@academy/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { type MadeUser, makeOrgTree, makeUser, type OrgTree, userEditBody } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';

/**
 * Issue 20: the holder of an authorization tied to a branch manages that branch's people only; tied
 * to a service, every branch of that service. Lists leave the others out, their ids answer 404,
 * and nobody is added or moved outside the scope.
 */
let t: TestApp;
let org: OrgTree;
let admin: ApiClient;
let branchManager: MadeUser;
let serviceManager: MadeUser;
let inA: MadeUser;
let inB: MadeUser;
let elsewhere: MadeUser;

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrgTree(t.app);
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  branchManager = await makeUser(t.app, {
    permissions: ['USER_MANAGEMENT'],
    authorizationScope: { branchId: org.branchA.branchId },
    place: org.branchA,
  });
  serviceManager = await makeUser(t.app, {
    permissions: ['USER_MANAGEMENT'],
    authorizationScope: { serviceId: org.branchA.serviceId },
    place: org.branchA,
  });
  inA = await makeUser(t.app, { place: org.branchA, fullName: 'Learner in A' });
  inB = await makeUser(t.app, { place: org.branchB, fullName: 'Learner in B' });
  elsewhere = await makeUser(t.app, { place: org.otherService, fullName: 'Learner elsewhere' });
});
afterAll(() => t.close());

async function listed(client: ApiClient, query = ''): Promise<{ ids: number[]; total: number }> {
  const response = await client.get(`users?size=100${query}`);
  expect(response.statusCode).toBe(200);
  const rows = response.json() as TUserListItem[];
  return { ids: rows.map((row) => row.id), total: Number(response.headers['x-total-count']) };
}

async function detail(id: number): Promise<TUserDetail> {
  return (await admin.get(`users/${id}`)).json() as TUserDetail;
}

describe('a branch manager', () => {
  it('lists only the users of their branch, whatever the filters ask for', async () => {
    const { ids, total } = await listed(branchManager.client);
    expect(ids.sort()).toEqual([branchManager.id, serviceManager.id, inA.id].sort());
    expect(total).toBe(3);
    expect((await listed(branchManager.client, `&branchId=${org.branchB.branchId}`)).total).toBe(0);
    expect((await listed(branchManager.client, `&serviceId=${org.otherService.serviceId}`)).total).toBe(0);
  });

  it('cannot open a user of another branch', async () => {
    expect((await branchManager.client.get(`users/${inA.id}`)).statusCode).toBe(200);
    for (const other of [inB, elsewhere]) {
      const response = await branchManager.client.get(`users/${other.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGES.userNotFound);
    }
  });

  it('cannot edit, stop or delete a user of another branch, and nothing changes', async () => {
    const before = await detail(inB.id);
    const edit = await branchManager.client.put(
      `users/${inB.id}`,
      userEditBody(before, { fullName: 'Taken' }),
    );
    expect(edit.statusCode).toBe(404);
    const stop = await branchManager.client.patch(`users/${inB.id}/access`, { access: 'STOPPED' });
    expect(stop.statusCode).toBe(404);
    expect((await branchManager.client.delete(`users/${inB.id}`)).statusCode).toBe(404);
    expect(await detail(inB.id)).toEqual(before);
  });

  it('cannot add a user to another branch, nor move one of theirs out of it', async () => {
    const body = {
      employeeCode: `SCOPE${inA.id}`,
      fullName: 'Someone new',
      email: `scope.${inA.id}@example.com`,
      password: 'Welcome@2026',
      ...org.branchB,
    };
    const added = await branchManager.client.post('users', body);
    expect(added.statusCode).toBe(403);
    expect((await admin.get(`users?q=${body.employeeCode}`)).headers['x-total-count']).toBe('0');

    const before = await detail(inA.id);
    const moved = await branchManager.client.put(`users/${inA.id}`, userEditBody(before, org.branchB));
    expect(moved.statusCode).toBe(403);
    expect(await detail(inA.id)).toEqual(before);

    const inside = await branchManager.client.post('users', { ...body, ...org.branchA });
    expect(inside.statusCode).toBe(201);
  });

  it('exports only their branch', async () => {
    const response = await branchManager.client.get('users/export');
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const codes: string[] = [];
    book.worksheets[0]?.eachRow((row, number) => {
      if (number > 1) codes.push(String(row.getCell(1).value));
    });
    expect(codes).toContain(inA.employeeCode);
    expect(codes).not.toContain(inB.employeeCode);
    expect(codes).not.toContain(elsewhere.employeeCode);
  });
});

describe('a service-tied user manager', () => {
  it('manages every branch of their service and nobody of another service', async () => {
    const { ids } = await listed(serviceManager.client);
    expect(ids).toEqual(expect.arrayContaining([inA.id, inB.id]));
    expect(ids).not.toContain(elsewhere.id);
    expect((await serviceManager.client.get(`users/${inB.id}`)).statusCode).toBe(200);
    expect((await serviceManager.client.get(`users/${elsewhere.id}`)).statusCode).toBe(404);
    const moved = await serviceManager.client.put(
      `users/${inB.id}`,
      userEditBody(await detail(inB.id), org.otherService),
    );
    expect(moved.statusCode).toBe(403);
  });
});

describe('an administrator', () => {
  it('sees and opens the users of every service and branch', async () => {
    const { ids } = await listed(admin, `&q=Learner`);
    expect(ids).toEqual(expect.arrayContaining([inA.id, inB.id, elsewhere.id]));
    expect((await admin.get(`users/${elsewhere.id}`)).statusCode).toBe(200);
  });
});
