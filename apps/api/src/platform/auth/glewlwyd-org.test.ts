import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  GLEWLWYD_USERS,
  glewlwydInstalled,
  type RunningGlewlwyd,
  startGlewlwyd,
  updateGlewlwydUser,
} from '../../../../../scripts/glewlwyd/glewlwyd.mjs';
import { bearer } from '../../../test/auth';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/harness';
import { buildApp } from '../../app';
import { branches, departments, services } from '../../modules/org/tables';
import { users } from '../../modules/users/tables';
import { glewlwydSignIn } from './glewlwyd-flow';

// Users created on first sign-in, placed in the organisation by the claims Glewlwyd sends
// (scripts/glewlwyd: `service`, `branch`, `department` naming the demo data's places).
const installed = glewlwydInstalled();
const APP_URL = 'http://127.0.0.1:3998';
// Each test signs in at Glewlwyd up to three times and changes its users (a password hash each):
// on a loaded machine that takes longer than the suite's 30 s.
const GLEWLWYD_TEST_TIMEOUT_MS = 90_000;
const dir = path.resolve(import.meta.dirname, '../../../../..', `.tmp/glewlwyd-org-${process.pid}`);
let provider: RunningGlewlwyd;
let database: TestDatabase;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  if (!installed) return;
  provider = await startGlewlwyd({ dir, appUrls: [APP_URL] });
  database = await createTestDatabase({ seed: true });
  const config = testConfig({
    LOG_LEVEL: 'warn',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLAIMS_SOURCE: 'userinfo',
    OIDC_ROLES_CLAIM: 'roles',
    OIDC_EMPLOYEE_CODE_CLAIM: 'employee_code',
    OIDC_CREATE_USERS: 'true',
    OIDC_SERVICE_CLAIM: 'service',
    OIDC_BRANCH_CLAIM: 'branch',
    OIDC_DEPARTMENT_CLAIM: 'department',
  });
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config, database, webDist: false, logStream });
  await app.ready();
}, 30_000);
afterAll(async () => {
  await app?.close();
  await database?.dispose();
  await provider?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function signInAs(username: string) {
  const found = GLEWLWYD_USERS.find((u) => u.username === username);
  if (!found) throw new Error(`no glewlwyd user ${username}`);
  const { accessToken } = await glewlwydSignIn(provider.base, provider.issuer, {
    clientId: provider.clientId,
    redirectUri: `${APP_URL}/auth/callback`,
    username,
    password: found.password,
  });
  const me = await app.inject({ url: '/services/core/api/users/info', headers: bearer(accessToken) });
  expect(me.statusCode).toBe(200);
  return me.json() as { id: number; employeeCode: string };
}

async function placeOf(userId: number) {
  const [row] = await database.db
    .select({ serviceId: users.serviceId, branchId: users.branchId, departmentId: users.departmentId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The ids of the demo place `service / branch / department`. */
async function demoPlace(service: string, branch: string, department: string) {
  const [row] = await database.db
    .select({ serviceId: services.id, branchId: branches.id, departmentId: departments.id })
    .from(departments)
    .innerJoin(branches, eq(branches.id, departments.branchId))
    .innerJoin(services, eq(services.id, branches.serviceId))
    .where(and(eq(services.name, service), eq(branches.name, branch), eq(departments.name, department)));
  if (!row) throw new Error(`no demo place ${service} / ${branch} / ${department}`);
  return row;
}

describe.skipIf(!installed)(
  'users created on first sign-in through Glewlwyd are placed by their org claims',
  { timeout: GLEWLWYD_TEST_TIMEOUT_MS },
  () => {
    test('a learner created on first sign-in is placed in the service, branch and department their claims name, in any case', async () => {
      const me = await signInAs('jo');
      expect(me.employeeCode).toBe('jo-newcomer');
      // Glewlwyd sends "skyline mobile hanoi" and "SALES": names match whatever their case.
      expect(await placeOf(me.id)).toEqual(
        await demoPlace('Skyline Mobile', 'Skyline Mobile Hanoi', 'Sales'),
      );
    });

    test('when the branch and department claims change at the provider, the next sign-in moves the user there', async () => {
      const before = await signInAs('jo');
      await updateGlewlwydUser(provider.base, 'jo', {
        branch: 'Skyline Mobile Da Nang',
        department: 'Customer care',
      });
      try {
        const after = await signInAs('jo');
        expect(after.id).toBe(before.id);
        expect(await placeOf(after.id)).toEqual(
          await demoPlace('Skyline Mobile', 'Skyline Mobile Da Nang', 'Customer care'),
        );
      } finally {
        await updateGlewlwydUser(provider.base, 'jo', {
          branch: 'skyline mobile hanoi',
          department: 'SALES',
        });
      }
    });

    test('a department the academy does not have: the user is created without a place, and the log names the claim', async () => {
      const me = await signInAs('max');
      expect(me.employeeCode).toBe('max-elsewhere');
      expect(await placeOf(me.id)).toEqual({ serviceId: null, branchId: null, departmentId: null });
      expect(logLines.join('')).toMatch(/Astrology/);
    });

    test('a later sign-in naming a place the academy does not have leaves the user where they were', async () => {
      const placed = await signInAs('jo');
      const where = await placeOf(placed.id);
      expect(where?.departmentId).not.toBeNull();
      await updateGlewlwydUser(provider.base, 'jo', { department: 'Nowhere in particular' });
      try {
        const after = await signInAs('jo');
        expect(await placeOf(after.id)).toEqual(where);
      } finally {
        await updateGlewlwydUser(provider.base, 'jo', { department: 'SALES' });
      }
      // Nothing else was created or placed on the way.
      const [{ created }] = (await database.db
        .select({ created: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`${users.employeeCode} in ('jo-newcomer', 'max-elsewhere')`)) as [{ created: number }];
      expect(created).toBe(2);
    });
  },
);
