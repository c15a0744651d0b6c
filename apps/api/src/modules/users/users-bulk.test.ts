import {
  BULK_MESSAGES,
  forbiddenMessage,
  MESSAGES,
  type TAuditEvent,
  type TUserDetail,
} from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { type MadeUser, makeOrgTree, makeUser, type OrgTree } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';

/** Issue 20: bulk actions on users — all or none, the scope and the single-user rules for each. */
let t: TestApp;
let org: OrgTree;
let admin: ApiClient;
let manager: MadeUser;

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrgTree(t.app);
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  manager = await makeUser(t.app, {
    permissions: ['USER_MANAGEMENT'],
    authorizationScope: { branchId: org.branchA.branchId },
    place: org.branchA,
  });
});
afterAll(() => t.close());

async function detail(id: number): Promise<TUserDetail> {
  return (await admin.get(`users/${id}`)).json() as TUserDetail;
}

describe('bulk actions on users', () => {
  it('stop two chosen users at once, end their sign-ins, and record an access event for each', async () => {
    const [one, two] = [
      await makeUser(t.app, { place: org.branchA }),
      await makeUser(t.app, { place: org.branchA }),
    ];
    const res = await manager.client.post('users/bulk', { ids: [one.id, two.id], action: 'stop' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect((await detail(one.id)).access).toBe('STOPPED');
    expect((await detail(two.id)).access).toBe('STOPPED');
    expect((await one.client.get('users/info')).statusCode).toBe(401);
    for (const id of [one.id, two.id]) {
      const [event] = (
        await admin.get(`audit-events?entityType=users&entityId=${id}`)
      ).json() as TAuditEvent[];
      expect(event).toMatchObject({
        action: 'access',
        changes: { access: { before: 'ALLOWED', after: 'STOPPED' } },
      });
    }
  });

  it('are all or nothing: one user outside the manager’s branch refuses the action and changes nobody', async () => {
    const inside = await makeUser(t.app, { place: org.branchA });
    const outside = await makeUser(t.app, { place: org.branchB });
    const res = await manager.client.post('users/bulk', { ids: [inside.id, outside.id], action: 'stop' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.userNotFound);
    expect((await detail(inside.id)).access).toBe('ALLOWED');
    expect((await detail(outside.id)).access).toBe('ALLOWED');
  });

  it('reach every user matching the filters, within the scope only', async () => {
    const stopped = await makeUser(t.app, { place: org.branchA, access: 'STOPPED' });
    const elsewhere = await makeUser(t.app, { place: org.branchB, access: 'STOPPED' });
    const res = await manager.client.post('users/bulk', { filter: { access: 'STOPPED' }, action: 'allow' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(stopped.id)).access).toBe('ALLOWED');
    expect((await detail(elsewhere.id)).access).toBe('STOPPED');
  });

  it('move users to a department of the scope, never out of it', async () => {
    const [one, two] = [
      await makeUser(t.app, { place: org.branchA }),
      await makeUser(t.app, { place: org.branchA }),
    ];
    const outside = await manager.client.post('users/bulk', {
      ids: [one.id, two.id],
      action: 'move',
      departmentId: org.branchB.departmentId,
    });
    expect(outside.statusCode).toBe(403);
    expect((await detail(one.id)).branchId).toBe(org.branchA.branchId);
    const department = await admin.post('departments', {
      name: 'Bulk target',
      branchId: org.branchA.branchId,
    });
    const departmentId = (department.json() as { id: number }).id;
    const moved = await manager.client.post('users/bulk', {
      ids: [one.id, two.id],
      action: 'move',
      departmentId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await detail(two.id)).departmentId).toBe(departmentId);
  });

  it('keep the single-user rules: no keys beyond one’s own, no stopping oneself, at most the limit', async () => {
    const learner = await makeUser(t.app, { place: org.branchA });
    const strong = await admin.post('authorizations', {
      name: 'Bulk strong role',
      branchId: org.branchA.branchId,
      permissions: ['PERMISSION_MANAGEMENT'],
    });
    const grant = await manager.client.post('users/bulk', {
      ids: [learner.id],
      action: 'authorize',
      authorizationId: (strong.json() as { id: number }).id,
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toMatch(/^You do not have permission to grant /);
    const self = await manager.client.post('users/bulk', { ids: [learner.id, manager.id], action: 'stop' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(BULK_MESSAGES.includesSelf);
    expect((await detail(learner.id)).access).toBe('ALLOWED');
    const student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
    const refused = await student.post('users/bulk', { ids: [learner.id], action: 'stop' });
    expect(refused.json().message).toBe(forbiddenMessage('edit users'));
    const tooMany = await admin.post('users/bulk', {
      ids: Array.from({ length: 10_001 }, (_, i) => i + 1),
      action: 'stop',
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
