import type { PermissionKey, RoleCode, TUserDetail } from '@academy/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authorizations } from '../src/modules/authorizations/tables';
import { branches, departments, services } from '../src/modules/org/tables';
import { hashPassword } from '../src/modules/users/passwords';
import { users } from '../src/modules/users/tables';
import type { ApiClient } from './client';
import { testAppOf } from './harness';
import { clientAs } from './tokens';

/**
 * Factories: what a test needs, made in a few inserts, instead of leaning on the demo data.
 * Course and exam factories live beside their tests (test/courses.ts `buildCourse`,
 * modules/exams/testing.ts `setupExam`); docs/testing.md lists them all.
 */

let sequence = 0;

/** A fresh, unique employee code for this test file. */
export function uniqueCode(prefix = 'F'): string {
  sequence += 1;
  return `${prefix}${process.pid % 1000}${sequence}`;
}

export type PlaceInput = { serviceId: number; branchId: number; departmentId: number };

/** The first department of the database (with its branch and service): a valid org place. */
export async function anyPlace(app: FastifyInstance): Promise<PlaceInput> {
  const { db } = testAppOf(app).database;
  const [department] = await db.select().from(departments).orderBy(asc(departments.id)).limit(1);
  if (!department) throw new Error('no department: the test database has no organisation (seed it)');
  const [branch] = await db.select().from(branches).where(eq(branches.id, department.branchId));
  if (!branch) throw new Error(`no branch ${department.branchId}`);
  return { serviceId: branch.serviceId, branchId: branch.id, departmentId: department.id };
}

export type UserInput = {
  role?: RoleCode;
  /** An authorization is made for the user with these permission keys. */
  permissions?: PermissionKey[];
  /** The authorization's scope (spec §3): a branch, or a service (by default the place's). */
  authorizationScope?: { branchId?: number; serviceId?: number };
  place?: PlaceInput;
  /** Hashes a password only when the test signs in through the provider's pages. */
  password?: string;
  access?: 'ALLOWED' | 'STOPPED';
  fullName?: string;
};

export type MadeUser = { id: number; employeeCode: string; email: string; client: ApiClient };

/** A user with a role, an optional authorization of their own, and an org place; signed in. */
export async function makeUser(app: FastifyInstance, input: UserInput = {}): Promise<MadeUser> {
  const { db } = testAppOf(app).database;
  const employeeCode = uniqueCode('U');
  const place = input.place ?? (await anyPlace(app));
  let authorizationId: number | null = null;
  if (input.permissions) {
    // An authorization is tied to exactly one branch or service (spec §3); the place's service by default.
    const scope = input.authorizationScope?.branchId
      ? { branchId: input.authorizationScope.branchId, serviceId: null }
      : { branchId: null, serviceId: input.authorizationScope?.serviceId ?? place.serviceId };
    const [authorization] = await db
      .insert(authorizations)
      .values({
        name: `Role of ${employeeCode}`,
        permissions: input.permissions,
        ...scope,
      })
      .returning({ id: authorizations.id });
    authorizationId = authorization?.id ?? null;
  }
  const email = `${employeeCode.toLowerCase()}@factory.example.com`;
  const [user] = await db
    .insert(users)
    .values({
      employeeCode,
      email,
      fullName: input.fullName ?? `Factory user ${employeeCode}`,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      role: input.role ?? 'ROLE_STUDENT',
      authorizationId,
      serviceId: place.serviceId,
      branchId: place.branchId,
      departmentId: place.departmentId,
      access: input.access ?? 'ALLOWED',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert failed');
  return { id: user.id, employeeCode, email, client: await clientAs(app, employeeCode) };
}

/** The body of PUT users/{id} that keeps everything of `user` but `changes`. */
export function userEditBody(user: TUserDetail, changes: Record<string, unknown> = {}) {
  return {
    employeeCode: user.employeeCode,
    fullName: user.fullName,
    email: user.email,
    serviceId: user.serviceId,
    branchId: user.branchId,
    departmentId: user.departmentId,
    authorizationId: user.authorizationId,
    ...changes,
  };
}

export type OrgTree = {
  /** Two branches of one service, and a branch of another service; one department in each. */
  branchA: PlaceInput;
  branchB: PlaceInput;
  otherService: PlaceInput;
};

/** A small organisation of its own, so a test of scope knows exactly who is where. */
export async function makeOrgTree(app: FastifyInstance): Promise<OrgTree> {
  const { db } = testAppOf(app).database;
  const tag = uniqueCode('O');
  const [serviceS, serviceT] = await db
    .insert(services)
    .values([{ name: `Service ${tag}` }, { name: `Other service ${tag}` }])
    .returning({ id: services.id });
  if (!serviceS || !serviceT) throw new Error('service insert failed');
  const place = async (serviceId: number, name: string): Promise<PlaceInput> => {
    const [branch] = await db
      .insert(branches)
      .values({ name: `${name} ${tag}`, serviceId })
      .returning({ id: branches.id });
    if (!branch) throw new Error('branch insert failed');
    const [department] = await db
      .insert(departments)
      .values({ name: `Sales ${name} ${tag}`, branchId: branch.id })
      .returning({ id: departments.id });
    if (!department) throw new Error('department insert failed');
    return { serviceId, branchId: branch.id, departmentId: department.id };
  };
  return {
    branchA: await place(serviceS.id, 'Branch A'),
    branchB: await place(serviceS.id, 'Branch B'),
    otherService: await place(serviceT.id, 'Branch C'),
  };
}
