import type { TIssuedCertificate } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { type MadeUser, makeOrgTree, makeUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';

/**
 * Issue 20: certificates of users are managed within the holder's scope. The demo student (Skyline
 * Mobile, branch 1) holds an issued certificate; a certificate manager of another service does not
 * see it, a manager of the student's branch does.
 */
let t: TestApp;
let admin: ApiClient;
let ownBranch: MadeUser;
let otherService: MadeUser;
let studentId: number;
let issued: TIssuedCertificate;

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  const student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  studentId = ((await student.get('users/info')).json() as { id: number }).id;
  const studentDetail = (await admin.get(`users/${studentId}`)).json() as { branchId: number };
  const org = await makeOrgTree(t.app);
  ownBranch = await makeUser(t.app, {
    permissions: ['CERTIFICATE_MANAGEMENT'],
    authorizationScope: { branchId: studentDetail.branchId },
  });
  otherService = await makeUser(t.app, {
    permissions: ['CERTIFICATE_MANAGEMENT'],
    authorizationScope: { serviceId: org.otherService.serviceId },
    place: org.otherService,
  });
  const list = (await admin.get(`issued-certificates?userId=${studentId}`)).json() as TIssuedCertificate[];
  const first = list[0];
  if (!first) throw new Error('the demo student has no certificate');
  issued = first;
});
afterAll(() => t.close());

describe('certificates of users', () => {
  it('are listed only for learners within the manager’s scope', async () => {
    const own = await ownBranch.client.get(`issued-certificates?userId=${studentId}`);
    expect((own.json() as TIssuedCertificate[]).map((c) => c.id)).toContain(issued.id);
    const other = await otherService.client.get('issued-certificates?size=100');
    expect(other.statusCode).toBe(200);
    expect((other.json() as TIssuedCertificate[]).map((c) => c.id)).not.toContain(issued.id);
    expect(other.headers['x-total-count']).toBe('0');
  });

  it('of a learner outside the scope cannot be opened or downloaded', async () => {
    expect((await ownBranch.client.get(`users/${studentId}/certificates`)).statusCode).toBe(200);
    expect((await otherService.client.get(`users/${studentId}/certificates`)).statusCode).toBe(404);
    const download = await otherService.client.get(`issued-certificates/${issued.id}/download`);
    expect(download.statusCode).toBe(404);
  });
});
