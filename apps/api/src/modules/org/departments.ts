import {
  forbiddenMessage,
  MESSAGES,
  type TDepartment,
  type TDepartmentListQuery,
  type ZDepartmentInput,
} from '@academy/contract';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { isForeignKeyViolation } from '../../platform/db/errors';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import { orderBy, pageWindow } from '../../platform/http/pagination';
import { EVERYTHING, isPlaceWithin, type ManagementScope, placeWithin } from '../../platform/http/scope';
import type { PlacedUsers } from './placed-users';
import { branches, departments, services } from './tables';

export type DepartmentInput = z.output<typeof ZDepartmentInput>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function departmentColumns(placed: PlacedUsers) {
  return {
    id: departments.id,
    name: departments.name,
    branchId: departments.branchId,
    branchName: branches.name,
    serviceId: branches.serviceId,
    serviceName: services.name,
    userCount: placed.usersCountOf('departmentId', departments.id),
  };
}

function selectDepartments(db: Db, placed: PlacedUsers) {
  return db
    .select(departmentColumns(placed))
    .from(departments)
    .innerJoin(branches, eq(branches.id, departments.branchId))
    .innerJoin(services, eq(services.id, branches.serviceId));
}

/** One page of departments and the total: two queries whatever the page size. */
export async function listDepartments(
  db: Db,
  placed: PlacedUsers,
  query: TDepartmentListQuery,
  scope: ManagementScope = EVERYTHING,
): Promise<{ rows: TDepartment[]; total: number }> {
  const conditions: SQL[] = [];
  // The management page lists what its user manages; pickers (managed unset) list every department.
  const within = query.managed === 'true' ? departmentWithin(scope) : undefined;
  if (within) conditions.push(within);
  if (query.q)
    conditions.push(sql`lower(${departments.name}) like ${`%${escapeLike(query.q.toLowerCase())}%`}`);
  if (query.branchId) conditions.push(eq(departments.branchId, query.branchId));
  if (query.serviceId) conditions.push(eq(branches.serviceId, query.serviceId));
  const where = conditions.length ? and(...conditions) : undefined;
  const { limit, offset } = pageWindow(query);
  const rows = await selectDepartments(db, placed)
    .where(where)
    .orderBy(
      orderBy(
        query.sort,
        { id: departments.id, name: departments.name, branchName: branches.name },
        sql`${departments.id} asc`,
      ),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(departments)
    .innerJoin(branches, eq(branches.id, departments.branchId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function getDepartment(db: Db, placed: PlacedUsers, id: number): Promise<TDepartment> {
  const [row] = await selectDepartments(db, placed).where(eq(departments.id, id));
  if (!row) throw notFound(MESSAGES.departmentNotFound);
  return row;
}

/** The branch a department goes to, with its service; refused when it does not exist. */
async function branchPlace(db: Db, branchId: number): Promise<{ serviceId: number; branchId: number }> {
  const [branch] = await db
    .select({ serviceId: branches.serviceId })
    .from(branches)
    .where(eq(branches.id, branchId));
  if (!branch) {
    throw badRequest(MESSAGES.branchNotFound, [{ field: 'branchId', message: MESSAGES.branchNotFound }]);
  }
  return { serviceId: branch.serviceId, branchId };
}

/** A department manager tied to a branch or service keeps departments within it (issue 20). */
function assertWithin(scope: ManagementScope, place: { serviceId: number; branchId: number }): void {
  if (!isPlaceWithin(scope, place)) {
    throw forbidden(forbiddenMessage('manage departments outside your branch or service'));
  }
}

/** A department row is within a scope by its branch (and that branch's service). */
function departmentWithin(scope: ManagementScope): SQL | undefined {
  return placeWithin(scope, {
    serviceId: sql`(select ${branches.serviceId} from ${branches} where ${branches.id} = ${departments.branchId})`,
    branchId: departments.branchId,
  });
}

export async function createDepartment(
  db: Db,
  placed: PlacedUsers,
  input: DepartmentInput,
  scope: ManagementScope,
): Promise<TDepartment> {
  const id = await db.transaction(async (tx) => {
    assertWithin(scope, await branchPlace(tx, input.branchId));
    const [row] = await tx
      .insert(departments)
      .values({ name: input.name, branchId: input.branchId })
      .returning({ id: departments.id });
    if (!row) throw new Error('department insert returned nothing');
    return row.id;
  });
  return getDepartment(db, placed, id);
}

/** Moving a department to another branch is refused while users are placed in it. */
export async function updateDepartment(
  db: Db,
  placed: PlacedUsers,
  id: number,
  input: DepartmentInput,
  scope: ManagementScope,
): Promise<TDepartment> {
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ branchId: departments.branchId })
      .from(departments)
      .where(and(eq(departments.id, id), departmentWithin(scope)))
      .for('update');
    if (!existing) throw notFound(MESSAGES.departmentNotFound);
    if (existing.branchId !== input.branchId) {
      assertWithin(scope, await branchPlace(tx, input.branchId));
      const [used] = await tx
        .select({ yes: placed.anyUserOf('departmentId', id) })
        .from(sql`(select 1) as one`);
      if (used?.yes) throw conflict(MESSAGES.departmentInUse);
    }
    await tx
      .update(departments)
      .set({ name: input.name, branchId: input.branchId })
      .where(eq(departments.id, id));
  });
  return getDepartment(db, placed, id);
}

/** Refused with "This department is currently in use" while users point at it. */
export async function deleteDepartment(db: Db, id: number, scope: ManagementScope): Promise<void> {
  let deleted: { id: number } | undefined;
  try {
    [deleted] = await db
      .delete(departments)
      .where(and(eq(departments.id, id), departmentWithin(scope)))
      .returning({ id: departments.id });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(MESSAGES.departmentInUse);
    throw err;
  }
  if (!deleted) throw notFound(MESSAGES.departmentNotFound);
}
