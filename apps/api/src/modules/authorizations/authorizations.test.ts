import { forbiddenMessage, MESSAGES, type TAuthorization } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';

let t: TestApp;
let admin: ApiClient;
let staff: ApiClient;
let student: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
});
afterAll(() => t.close());

describe('authorizations (roles)', () => {
  it('lists authorizations with their scope, keys and how many users hold them', async () => {
    const res = await admin.get('authorizations?sort=id,asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    const [editor, manager] = res.json() as TAuthorization[];
    expect(editor).toMatchObject({
      name: 'Content editor',
      serviceId: 1,
      serviceName: 'Skyline Mobile',
      branchId: null,
      branchName: null,
      permissions: ['NEWS_MANAGEMENT', 'COURSE_MANAGEMENT'],
    });
    expect(editor?.userCount).toBeGreaterThanOrEqual(1);
    expect(manager).toMatchObject({
      name: 'Branch manager',
      branchId: 1,
      branchName: 'Skyline Mobile Hanoi',
    });
    const search = await admin.get('authorizations?q=MANAGER');
    expect((search.json() as TAuthorization[]).map((a) => a.name)).toEqual(['Branch manager']);
    const page = await admin.get('authorizations?page=1&size=3&sort=id,asc');
    expect((page.json() as TAuthorization[]).map((a) => a.id)).toEqual([4]);
  });

  it('lists with the same number of queries whatever the page size', async () => {
    t.database.queries.reset();
    await admin.get('authorizations?size=1');
    const small = t.database.queries.count;
    t.database.queries.reset();
    await admin.get('authorizations?size=50');
    expect(t.database.queries.count).toBe(small);
  });

  it('creates an authorization for a branch with de-duplicated keys, and edits it', async () => {
    const res = await admin.post('authorizations', {
      name: '  Store lead ',
      branchId: 2,
      permissions: ['USER_MANAGEMENT', 'PROGRESS_MANAGEMENT', 'USER_MANAGEMENT'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TAuthorization;
    expect(created).toMatchObject({
      name: 'Store lead',
      branchId: 2,
      branchName: 'Skyline Mobile Da Nang',
      serviceId: null,
      permissions: ['USER_MANAGEMENT', 'PROGRESS_MANAGEMENT'],
      userCount: 0,
    });
    const edited = await admin.put(`authorizations/${created.id}`, {
      name: 'Store lead',
      serviceId: 2,
      permissions: ['ADD_COURSE_MANAGEMENT', 'COURSE_MANAGEMENT'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      serviceId: 2,
      serviceName: 'Skyline Fibre',
      branchId: null,
      permissions: ['ADD_COURSE_MANAGEMENT', 'COURSE_MANAGEMENT'],
    });
    expect((await admin.get(`authorizations/${created.id}`)).json()).toEqual(edited.json());
  });

  it('checks the name, the scope and the keys', async () => {
    const blank = await admin.post('authorizations', { name: '  ', serviceId: 1, permissions: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: MESSAGES.required, fieldErrors: [{ field: 'name' }] });
    const long = await admin.post('authorizations', { name: 'x'.repeat(201), serviceId: 1 });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Must be at most 200 characters');
    const both = await admin.post('authorizations', { name: 'Both', serviceId: 1, branchId: 1 });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(MESSAGES.authorizationScope);
    const neither = await admin.post('authorizations', { name: 'Neither' });
    expect(neither.json().message).toBe(MESSAGES.authorizationScope);
    const badKey = await admin.post('authorizations', { name: 'Bad', serviceId: 1, permissions: ['ROOT'] });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().fieldErrors[0].field).toBe('permissions.0');
    const ghost = await admin.post('authorizations', { name: 'Ghost', branchId: 999 });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().message).toBe(MESSAGES.branchNotFound);
    const ghostService = await admin.post('authorizations', { name: 'Ghost', serviceId: 999 });
    expect(ghostService.json().message).toBe(MESSAGES.serviceNotFound);
    expect((await admin.get('authorizations')).headers['x-total-count']).toBe('5');
  });

  it('refuses deleting an authorization users hold, and deletes an unused one', async () => {
    const inUse = await admin.delete('authorizations/1');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ status: 409, message: MESSAGES.authorizationInUse });
    const created = (
      await admin.post('authorizations', { name: 'Temp', serviceId: 3 })
    ).json() as TAuthorization;
    expect((await admin.delete(`authorizations/${created.id}`)).statusCode).toBe(204);
    const gone = await admin.get(`authorizations/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(MESSAGES.authorizationNotFound);
  });

  it('changes what its users may do at once', async () => {
    // E1001 holds "Branch manager" (USER_MANAGEMENT…) in the demo data.
    const manager = await clientAs(t.app, 'E1001');
    expect((await manager.get('users?size=1')).statusCode).toBe(200);
    const current = (await admin.get('authorizations/2')).json() as TAuthorization;
    const res = await admin.put('authorizations/2', {
      name: current.name,
      branchId: current.branchId,
      permissions: ['PROGRESS_MANAGEMENT'],
    });
    expect(res.statusCode).toBe(200);
    const denied = await manager.get('users?size=1');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(forbiddenMessage('view users'));
  });

  it('offers id and name of every authorization to anyone signed in, for pickers', async () => {
    const res = await student.get('authorizations/options');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ id: 1, name: 'Content editor', serviceId: 1, branchId: null });
    expect((await apiClient(t.app, undefined).get('authorizations/options')).statusCode).toBe(401);
  });

  it('needs a sign-in and PERMISSION_MANAGEMENT, with the SPEC message for each action', async () => {
    expect((await apiClient(t.app, undefined).get('authorizations')).statusCode).toBe(401);
    for (const client of [staff, student]) {
      const cases = [
        [await client.get('authorizations'), 'view authorizations'],
        [await client.get('authorizations/1'), 'view authorizations'],
        [await client.post('authorizations', { name: 'x', serviceId: 1 }), 'add authorization'],
        [await client.put('authorizations/1', { name: 'x', serviceId: 1 }), 'edit authorization'],
        [await client.delete('authorizations/1'), 'delete authorization'],
      ] as const;
      for (const [res, action] of cases) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, message: forbiddenMessage(action) });
      }
    }
  });

  it('lets someone who is not an admin grant only the keys they hold', async () => {
    // Give the staff member's role PERMISSION_MANAGEMENT, then let them try to grant more.
    await admin.put('authorizations/1', {
      name: 'Content editor',
      serviceId: 1,
      permissions: ['NEWS_MANAGEMENT', 'COURSE_MANAGEMENT', 'PERMISSION_MANAGEMENT'],
    });
    const raise = await staff.post('authorizations', {
      name: 'Escalation',
      serviceId: 1,
      permissions: ['NEWS_MANAGEMENT', 'USER_MANAGEMENT'],
    });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().message).toBe(forbiddenMessage('grant USER_MANAGEMENT'));
    const fine = await staff.post('authorizations', {
      name: 'News only',
      serviceId: 1,
      permissions: ['NEWS_MANAGEMENT'],
    });
    expect(fine.statusCode).toBe(201);
  });
});
