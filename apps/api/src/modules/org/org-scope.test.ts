import { MESSAGES, ROADMAP_MESSAGES, type TDepartment, type TRoadmapListItem } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { type MadeUser, makeOrgTree, makeUser, type OrgTree } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';

/**
 * Issue 20: a manager tied to a branch keeps the departments and the roadmaps of that branch;
 * the others answer 404, and nothing is added or moved outside it.
 */
let t: TestApp;
let org: OrgTree;
let admin: ApiClient;
let manager: MadeUser;
let roleId: number;

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrgTree(t.app);
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  manager = await makeUser(t.app, {
    permissions: ['DEPARTMENT_MANAGEMENT', 'LEARNING_PATH_MANAGEMENT'],
    authorizationScope: { branchId: org.branchA.branchId },
    place: org.branchA,
  });
  const role = await admin.post('authorizations', {
    name: 'Scoped roadmap role',
    branchId: 1,
    permissions: [],
  });
  roleId = (role.json() as { id: number }).id;
});
afterAll(() => t.close());

describe('a branch manager’s departments', () => {
  it('are the ones their management page lists; every department stays readable for forms', async () => {
    const managed = await manager.client.get('departments?managed=true&size=100');
    expect(managed.statusCode).toBe(200);
    const branches = new Set((managed.json() as TDepartment[]).map((d) => d.branchId));
    expect([...branches]).toEqual([org.branchA.branchId]);
    const all = (await manager.client.get('departments?size=100')).json() as TDepartment[];
    expect(all.some((d) => d.branchId === org.branchB.branchId)).toBe(true);
  });

  it('are added, renamed and deleted in their branch only', async () => {
    const own = await manager.client.post('departments', {
      name: 'Own team',
      branchId: org.branchA.branchId,
    });
    expect(own.statusCode, own.body).toBe(201);
    const ownId = (own.json() as TDepartment).id;
    const elsewhere = await manager.client.post('departments', {
      name: 'Not mine',
      branchId: org.branchB.branchId,
    });
    expect(elsewhere.statusCode).toBe(403);

    const other = org.branchB.departmentId;
    const rename = await manager.client.put(`departments/${other}`, {
      name: 'Taken',
      branchId: org.branchB.branchId,
    });
    expect(rename.statusCode).toBe(404);
    expect(rename.json().message).toBe(MESSAGES.departmentNotFound);
    expect((await manager.client.delete(`departments/${other}`)).statusCode).toBe(404);
    expect(((await admin.get(`departments/${other}`)).json() as TDepartment).name).not.toBe('Taken');

    const moved = await manager.client.put(`departments/${ownId}`, {
      name: 'Own team',
      branchId: org.branchB.branchId,
    });
    expect(moved.statusCode).toBe(403);
    expect((await manager.client.delete(`departments/${ownId}`)).statusCode).toBe(204);
  });
});

describe('a branch manager’s roadmaps', () => {
  const path = { milestones: [{ name: 'Start', courses: [{ courseId: 1 }] }] };

  it('are listed, opened and changed for their branch only', async () => {
    const theirs = await admin.post('roadmaps', {
      branchId: org.branchA.branchId,
      authorizationId: roleId,
      ...path,
    });
    const other = await admin.post('roadmaps', {
      branchId: org.branchB.branchId,
      authorizationId: roleId,
      ...path,
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(other.statusCode, other.body).toBe(201);
    const [theirId, otherId] = [theirs.json().id as number, other.json().id as number];

    const listed = (await manager.client.get('roadmaps?size=100')).json() as TRoadmapListItem[];
    expect(listed.map((r) => r.id)).toEqual([theirId]);
    expect((await manager.client.get(`roadmaps/${theirId}`)).statusCode).toBe(200);
    const opened = await manager.client.get(`roadmaps/${otherId}`);
    expect(opened.statusCode).toBe(404);
    expect(opened.json().message).toBe(ROADMAP_MESSAGES.notFound);
    const other2 = await admin.post('authorizations', {
      name: 'Second scoped role',
      branchId: 1,
      permissions: [],
    });
    const edit = { branchId: org.branchB.branchId, authorizationId: other2.json().id as number, ...path };
    expect((await manager.client.put(`roadmaps/${otherId}`, edit)).statusCode).toBe(404);
    expect((await manager.client.delete(`roadmaps/${otherId}`)).statusCode).toBe(404);
    // Moving theirs to another branch, or adding one there, is refused and changes nothing.
    expect((await manager.client.put(`roadmaps/${theirId}`, edit)).statusCode).toBe(403);
    expect((await admin.get(`roadmaps/${theirId}`)).json().branchId).toBe(org.branchA.branchId);
    const added = await manager.client.post('roadmaps', edit);
    expect(added.statusCode).toBe(403);
    expect((await admin.get(`roadmaps?branchId=${org.branchB.branchId}`)).headers['x-total-count']).toBe('1');
  });
});
