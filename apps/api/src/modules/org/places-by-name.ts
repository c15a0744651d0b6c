import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import type { Placement } from './placement';
import { branches, departments, services } from './tables';

/** A place named the way an identity provider names it: any of the three levels, by name. */
export type PlaceNamed = { service?: string; branch?: string; department?: string };

/** The one place the names fit, or why there is none: no such place, or several. */
export type PlaceByName = { place: Placement } | { problem: 'unknown' | 'ambiguous' };

const sameName = (column: AnyPgColumn, name: string | undefined): SQL | undefined =>
  name ? sql`lower(${column}) = lower(${name})` : undefined;

/**
 * The place the names fit (case-insensitive; the org tables have names, no codes). The deepest level
 * named decides: a department (within the branch and service when they are named too), else a branch,
 * else a service; its parents are filled in. A name found under several parents is ambiguous.
 */
export async function findPlaceByName(db: Db, named: PlaceNamed): Promise<PlaceByName> {
  const serviceIs = sameName(services.name, named.service);
  const branchIs = sameName(branches.name, named.branch);
  let rows: Placement[];
  if (named.department) {
    rows = await db
      .select({ serviceId: services.id, branchId: branches.id, departmentId: departments.id })
      .from(departments)
      .innerJoin(branches, eq(branches.id, departments.branchId))
      .innerJoin(services, eq(services.id, branches.serviceId))
      .where(and(sameName(departments.name, named.department), branchIs, serviceIs))
      .limit(2);
  } else if (named.branch) {
    rows = await db
      .select({ serviceId: services.id, branchId: branches.id, departmentId: sql<null>`null` })
      .from(branches)
      .innerJoin(services, eq(services.id, branches.serviceId))
      .where(and(branchIs, serviceIs))
      .limit(2);
  } else if (named.service) {
    rows = await db
      .select({ serviceId: services.id, branchId: sql<null>`null`, departmentId: sql<null>`null` })
      .from(services)
      .where(serviceIs)
      .limit(2);
  } else {
    return { problem: 'unknown' };
  }
  const [first, second] = rows;
  if (!first) return { problem: 'unknown' };
  return second ? { problem: 'ambiguous' } : { place: first };
}

/** Every place of the organisation with its names: services, their branches, their departments. */
export type PlaceDirectoryEntry = {
  serviceId: number;
  serviceName: string;
  branchId: number | null;
  branchName: string | null;
  departmentId: number | null;
  departmentName: string | null;
};

/**
 * The whole organisation in one query, for resolving many names at once (a user import): one row
 * per department, plus one per branch without departments and per service without branches.
 */
export async function placeDirectory(db: Db): Promise<PlaceDirectoryEntry[]> {
  return db
    .select({
      serviceId: services.id,
      serviceName: services.name,
      branchId: branches.id,
      branchName: branches.name,
      departmentId: departments.id,
      departmentName: departments.name,
    })
    .from(services)
    .leftJoin(branches, eq(branches.serviceId, services.id))
    .leftJoin(departments, eq(departments.branchId, branches.id));
}
