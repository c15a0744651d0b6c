import {
  MESSAGES,
  type TDepartment,
  type TDepartmentListQuery,
  type ZDepartmentInput,
} from '@academy/contract';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { isForeignKeyViolation } from '../../platform/db/errors';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { orderBy, pageWindow } from '../../platform/http/pagination';
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
): Promise<{ rows: TDepartment[]; total: number }> {
  const conditions: SQL[] = [];
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

async function assertBranchExists(db: Db, branchId: number): Promise<void> {
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.id, branchId));
  if (!branch) {
    throw badRequest(MESSAGES.branchNotFound, [{ field: 'branchId', message: MESSAGES.branchNotFound }]);
  }
}

export async function createDepartment(
  db: Db,
  placed: PlacedUsers,
  input: DepartmentInput,
): Promise<TDepartment> {
  const id = await db.transaction(async (tx) => {
    await assertBranchExists(tx, input.branchId);
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
): Promise<TDepartment> {
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ branchId: departments.branchId })
      .from(departments)
      .where(eq(departments.id, id))
      .for('update');
    if (!existing) throw notFound(MESSAGES.departmentNotFound);
    if (existing.branchId !== input.branchId) {
      await assertBranchExists(tx, input.branchId);
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
export async function deleteDepartment(db: Db, id: number): Promise<void> {
  let deleted: { id: number } | undefined;
  try {
    [deleted] = await db.delete(departments).where(eq(departments.id, id)).returning({ id: departments.id });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(MESSAGES.departmentInUse);
    throw err;
  }
  if (!deleted) throw notFound(MESSAGES.departmentNotFound);
}
