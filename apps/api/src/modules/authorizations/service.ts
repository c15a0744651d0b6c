import {
  isPermissionKey,
  MESSAGES,
  type PermissionKey,
  type TAuthorization,
  type TAuthorizationListQuery,
  type TAuthorizationOption,
  type ZAuthorizationInput,
} from '@academy/contract';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { isForeignKeyViolation } from '../../platform/db/errors';
import type { Principal } from '../../platform/http/access';
import { conflict, forbidden, notFound } from '../../platform/http/errors';
import { orderBy, pageWindow } from '../../platform/http/pagination';
import { branchNameOf, type PlacedUsers, resolvePlacement, serviceNameOf } from '../org';
import { authorizations } from './tables';

export type AuthorizationInput = z.output<typeof ZAuthorizationInput>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function columns(placed: PlacedUsers) {
  return {
    id: authorizations.id,
    name: authorizations.name,
    serviceId: authorizations.serviceId,
    serviceName: serviceNameOf(authorizations.serviceId),
    branchId: authorizations.branchId,
    branchName: branchNameOf(authorizations.branchId),
    permissions: authorizations.permissions,
    userCount: placed.usersCountOf('authorizationId', authorizations.id),
  };
}

type Row = { permissions: string[] } & Omit<TAuthorization, 'permissions'>;

function toAuthorization(row: Row): TAuthorization {
  return { ...row, permissions: row.permissions.filter(isPermissionKey) };
}

function selectAuthorizations(db: Db, placed: PlacedUsers) {
  return db.select(columns(placed)).from(authorizations);
}

/** One page and the total: two queries whatever the page size. */
export async function listAuthorizations(db: Db, placed: PlacedUsers, query: TAuthorizationListQuery) {
  const conditions: SQL[] = [];
  if (query.q) {
    conditions.push(sql`lower(${authorizations.name}) like ${`%${escapeLike(query.q.toLowerCase())}%`}`);
  }
  if (query.serviceId) conditions.push(eq(authorizations.serviceId, query.serviceId));
  if (query.branchId) conditions.push(eq(authorizations.branchId, query.branchId));
  const where = conditions.length ? and(...conditions) : undefined;
  const { limit, offset } = pageWindow(query);
  const rows = await selectAuthorizations(db, placed)
    .where(where)
    .orderBy(
      orderBy(
        query.sort,
        { id: authorizations.id, name: authorizations.name },
        sql`${authorizations.id} asc`,
      ),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(authorizations).where(where);
  return { rows: rows.map(toAuthorization), total: total?.n ?? 0 };
}

/** Id and name of every authorization, sorted by name, for pickers (one query). */
export async function authorizationOptions(db: Db): Promise<TAuthorizationOption[]> {
  return db
    .select({
      id: authorizations.id,
      name: authorizations.name,
      serviceId: authorizations.serviceId,
      branchId: authorizations.branchId,
    })
    .from(authorizations)
    .orderBy(asc(authorizations.name), asc(authorizations.id));
}

export async function getAuthorization(db: Db, placed: PlacedUsers, id: number): Promise<TAuthorization> {
  const [row] = await selectAuthorizations(db, placed).where(eq(authorizations.id, id));
  if (!row) throw notFound(MESSAGES.authorizationNotFound);
  return toAuthorization(row);
}

/** The permission keys of an authorization, or null when it does not exist. */
export async function permissionsOf(db: Db, id: number): Promise<PermissionKey[] | null> {
  const [row] = await db
    .select({ permissions: authorizations.permissions })
    .from(authorizations)
    .where(eq(authorizations.id, id));
  return row ? row.permissions.filter(isPermissionKey) : null;
}

/**
 * Someone who is not an administrator may only grant or take away keys they hold themselves,
 * so that authorization management cannot be used to raise one's own rights.
 */
export function assertMayChangeKeys(
  principal: Principal,
  before: readonly string[],
  after: readonly string[],
) {
  if (principal.role === 'ROLE_ADMIN') return;
  const changed = [...after.filter((k) => !before.includes(k)), ...before.filter((k) => !after.includes(k))];
  const foreign = changed.filter((k) => !principal.permissions.includes(k as PermissionKey));
  if (foreign.length) throw forbidden(`You do not have permission to grant ${foreign.join(', ')}`);
}

async function scopeOf(db: Db, input: AuthorizationInput) {
  // Exactly one of the two is set (the contract checks it); resolvePlacement checks it exists.
  const placement = await resolvePlacement(db, {
    serviceId: input.serviceId ?? null,
    branchId: input.branchId ?? null,
  });
  return input.branchId
    ? { serviceId: null, branchId: placement.branchId }
    : { serviceId: placement.serviceId, branchId: null };
}

export async function createAuthorization(
  db: Db,
  placed: PlacedUsers,
  principal: Principal,
  input: AuthorizationInput,
): Promise<TAuthorization> {
  assertMayChangeKeys(principal, [], input.permissions);
  const id = await db.transaction(async (tx) => {
    const scope = await scopeOf(tx, input);
    const [row] = await tx
      .insert(authorizations)
      .values({ name: input.name, permissions: input.permissions, ...scope })
      .returning({ id: authorizations.id });
    if (!row) throw new Error('authorization insert returned nothing');
    return row.id;
  });
  return getAuthorization(db, placed, id);
}

export async function updateAuthorization(
  db: Db,
  placed: PlacedUsers,
  principal: Principal,
  id: number,
  input: AuthorizationInput,
): Promise<TAuthorization> {
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ permissions: authorizations.permissions })
      .from(authorizations)
      .where(eq(authorizations.id, id))
      .for('update');
    if (!existing) throw notFound(MESSAGES.authorizationNotFound);
    assertMayChangeKeys(principal, existing.permissions, input.permissions);
    const scope = await scopeOf(tx, input);
    await tx
      .update(authorizations)
      .set({ name: input.name, permissions: input.permissions, ...scope })
      .where(eq(authorizations.id, id));
  });
  return getAuthorization(db, placed, id);
}

/** Refused with "This authorization is currently in use" while users hold it. */
export async function deleteAuthorization(db: Db, id: number): Promise<void> {
  let deleted: { id: number } | undefined;
  try {
    [deleted] = await db
      .delete(authorizations)
      .where(eq(authorizations.id, id))
      .returning({ id: authorizations.id });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(MESSAGES.authorizationInUse);
    throw err;
  }
  if (!deleted) throw notFound(MESSAGES.authorizationNotFound);
}
