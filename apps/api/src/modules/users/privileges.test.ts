import { forbiddenMessage, type PermissionKey, type TUserDetail } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MadeUser, makeUser, userEditBody } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';

/**
 * A user manager who is not an admin acts only on users whose rights are a subset of their own,
 * and hands out only authorizations whose keys they hold: user management cannot be used to take
 * over a more privileged account (reset its password, then sign in as it).
 */

let t: TestApp;
let manager: MadeUser;

const MANAGER_KEYS: PermissionKey[] = ['USER_MANAGEMENT', 'PROGRESS_MANAGEMENT'];

beforeAll(async () => {
  t = await createTestApp();
  manager = await makeUser(t.app, { permissions: MANAGER_KEYS });
});
afterAll(() => t.close());

async function detail(id: number): Promise<TUserDetail> {
  const admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  return (await admin.get(`users/${id}`)).json() as TUserDetail;
}

/** Every write a user manager can make on another user, each with the message it must get. */
const WRITES = [
  {
    name: 'reset the password of',
    run: (c: MadeUser['client'], u: TUserDetail) =>
      c.put(`users/${u.id}`, userEditBody(u, { password: 'Hijacked@2026' })),
  },
  { name: 'edit', run: (c: MadeUser['client'], u: TUserDetail) => c.put(`users/${u.id}`, userEditBody(u)) },
  {
    name: 'stop',
    run: (c: MadeUser['client'], u: TUserDetail) => c.patch(`users/${u.id}/access`, { access: 'STOPPED' }),
  },
  { name: 'delete', run: (c: MadeUser['client'], u: TUserDetail) => c.delete(`users/${u.id}`) },
] as const;

describe('a user manager and a user with more rights', () => {
  const stronger: Array<{ label: string; keys: PermissionKey[] }> = [
    { label: 'a key the manager lacks', keys: ['PERMISSION_MANAGEMENT'] },
    { label: "the manager's keys and one more", keys: [...MANAGER_KEYS, 'COURSE_MANAGEMENT'] },
  ];

  for (const { label, keys } of stronger) {
    for (const write of WRITES) {
      it(`a user manager cannot ${write.name} a user who holds ${label}`, async () => {
        const target = await makeUser(t.app, { permissions: keys });
        const before = await detail(target.id);
        const res = await write.run(manager.client, before);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe(forbiddenMessage('manage users who hold rights you do not have'));
        expect(await detail(target.id)).toEqual(before);
        // The target still works as before.
        expect((await target.client.get('users/info')).statusCode).toBe(200);
      });
    }
  }

  it('a user manager cannot give a user an authorization whose keys they do not hold', async () => {
    const target = await makeUser(t.app);
    const stronger = await makeUser(t.app, { permissions: ['PERMISSION_MANAGEMENT'] });
    const strongerDetail = await detail(stronger.id);
    const before = await detail(target.id);
    const res = await manager.client.put(
      `users/${target.id}`,
      userEditBody(before, { authorizationId: strongerDetail.authorizationId }),
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(forbiddenMessage('grant PERMISSION_MANAGEMENT'));
    expect(await detail(target.id)).toEqual(before);
  });

  it('a user manager still manages users whose rights are a subset of their own', async () => {
    const learner = await makeUser(t.app);
    const peer = await makeUser(t.app, { permissions: ['PROGRESS_MANAGEMENT'] });
    for (const target of [learner, peer]) {
      const before = await detail(target.id);
      const edited = await manager.client.put(
        `users/${target.id}`,
        userEditBody(before, { fullName: 'Renamed' }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect((edited.json() as TUserDetail).fullName).toBe('Renamed');
      const stopped = await manager.client.patch(`users/${target.id}/access`, { access: 'STOPPED' });
      expect(stopped.statusCode, stopped.body).toBe(200);
    }
  });

  it('an administrator manages a user with any rights', async () => {
    const target = await makeUser(t.app, { permissions: ['PERMISSION_MANAGEMENT', 'USER_MANAGEMENT'] });
    const admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
    const res = await admin.patch(`users/${target.id}/access`, { access: 'STOPPED' });
    expect(res.statusCode, res.body).toBe(200);
  });
});
