import {
  forbiddenMessage,
  GENDERS,
  MESSAGES,
  type RoleCode,
  type TUserDetail,
  type ZUserCreate,
  type ZUserUpdate,
} from '@academy/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { isForeignKeyViolation, uniqueViolation } from '../../platform/db/errors';
import type { Principal } from '../../platform/http/access';
import { type ApiError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import { EVERYTHING, isPlaceWithin, type ManagementScope } from '../../platform/http/scope';
import type { Storage } from '../../platform/storage/storage';
import { removeStoredFiles } from '../../platform/uploads/store';
import { assertMayChangeKeys, authorizationPermissionsOf, permissionsOf } from '../authorizations';
import { resolvePlacement } from '../org';
import { hashPassword } from './passwords';
import { placeNames } from './place-names';
import { userWithin } from './service';
import { endSessions } from './sessions';
import { users } from './tables';

export type UserCreateInput = z.output<typeof ZUserCreate>;
export type UserUpdateInput = z.output<typeof ZUserUpdate>;

const detailColumns = {
  id: users.id,
  employeeCode: users.employeeCode,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  access: users.access,
  activePassword: users.activePassword,
  dateOfBirth: users.dateOfBirth,
  gender: users.gender,
  phone: users.phone,
  authorizedOn: users.authorizedOn,
  workplace: users.workplace,
  position: users.position,
  avatar: users.avatarUrl,
  serviceId: users.serviceId,
  branchId: users.branchId,
  departmentId: users.departmentId,
  authorizationId: users.authorizationId,
  ...placeNames,
  createdAt: users.createdAt,
};

type Gender = (typeof GENDERS)[number];
const isGender = (v: string | null): v is Gender => v !== null && (GENDERS as readonly string[]).includes(v);

/** One user with the names of their service, branch, department and authorization (one query). */
export async function getUserDetail(
  db: Db,
  id: number,
  within: ManagementScope = EVERYTHING,
): Promise<TUserDetail> {
  const [row] = await db
    .select(detailColumns)
    .from(users)
    .where(and(eq(users.id, id), userWithin(within)));
  if (!row) throw notFound(MESSAGES.userNotFound);
  return {
    ...row,
    role: row.role as RoleCode,
    access: row.access === 'STOPPED' ? 'STOPPED' : 'ALLOWED',
    gender: isGender(row.gender) ? row.gender : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The unique indexes decide duplicates, so two concurrent writes cannot both win. */
function duplicateError(err: unknown): ApiError | undefined {
  const constraint = uniqueViolation(err);
  if (constraint === 'users_employee_code_lower_uq') {
    return conflict(MESSAGES.employeeCodeExists, [
      { field: 'employeeCode', message: MESSAGES.employeeCodeExists },
    ]);
  }
  if (constraint === 'users_email_lower_uq') {
    return conflict(MESSAGES.emailExists, [{ field: 'email', message: MESSAGES.emailExists }]);
  }
  return undefined;
}

/**
 * Only administrators make, unmake or change administrators. Anyone else manages only users whose
 * rights are a subset of their own: a user manager cannot reset the password of (and so take
 * over) an account that holds a key they do not.
 */
export function assertMayManage(
  principal: Principal,
  target: { role: string; permissions: readonly string[] } | undefined,
  newRole: RoleCode | undefined,
) {
  if (principal.role === 'ROLE_ADMIN') return;
  if (target?.role === 'ROLE_ADMIN') throw forbidden(forbiddenMessage('manage administrators'));
  if (newRole === 'ROLE_ADMIN') throw forbidden(forbiddenMessage('grant the administrator role'));
  const held = new Set<string>(principal.permissions);
  if (target?.permissions.some((key) => !held.has(key))) {
    throw forbidden(forbiddenMessage('manage users who hold rights you do not have'));
  }
}

/** A manager tied to a branch or service adds and moves people only within it. */
export function assertPlaceWithin(
  principal: Principal,
  place: { serviceId: number | null; branchId: number | null },
) {
  if (!isPlaceWithin(principal.scope, place)) {
    throw forbidden(forbiddenMessage('place users outside your branch or service'));
  }
}

/** The authorization must exist; someone who is not an admin may only hand out keys they hold. */
export async function checkAuthorization(
  db: Db,
  principal: Principal,
  authorizationId: number | null | undefined,
) {
  if (authorizationId == null) return;
  const keys = await permissionsOf(db, authorizationId);
  if (!keys) {
    throw badRequest(MESSAGES.authorizationNotFound, [
      { field: 'authorizationId', message: MESSAGES.authorizationNotFound },
    ]);
  }
  assertMayChangeKeys(principal, [], keys);
}

function profileValues(input: UserCreateInput | UserUpdateInput) {
  return {
    employeeCode: input.employeeCode,
    fullName: input.fullName,
    email: input.email,
    dateOfBirth: input.dateOfBirth ?? null,
    gender: input.gender ?? null,
    phone: input.phone ?? null,
    authorizedOn: input.authorizedOn ?? null,
    workplace: input.workplace ?? null,
    position: input.position ?? null,
    authorizationId: input.authorizationId ?? null,
  };
}

/** An admin creates a user; they must choose their own password at first sign-in. */
export async function createUser(db: Db, principal: Principal, input: UserCreateInput): Promise<TUserDetail> {
  assertMayManage(principal, undefined, input.role);
  const passwordHash = await hashPassword(input.password);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const placement = await resolvePlacement(tx, input);
      assertPlaceWithin(principal, placement);
      await checkAuthorization(tx, principal, input.authorizationId);
      const [row] = await tx
        .insert(users)
        .values({
          ...profileValues(input),
          ...placement,
          role: input.role ?? 'ROLE_STUDENT',
          passwordHash,
          activePassword: false,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      return row.id;
    });
  } catch (err) {
    throw duplicateError(err) ?? err;
  }
  return getUserDetail(db, id, principal.scope);
}

/**
 * The user's row, locked for the rest of the transaction, with the keys of their authorization;
 * not found when outside the caller's scope.
 */
async function lockUser(db: Db, id: number, within: ManagementScope) {
  const [row] = await db
    .select({
      role: users.role,
      authorizationId: users.authorizationId,
      avatarUrl: users.avatarUrl,
      permissions: authorizationPermissionsOf(users.authorizationId),
    })
    .from(users)
    .where(and(eq(users.id, id), userWithin(within)))
    .for('update', { of: users });
  if (!row) throw notFound(MESSAGES.userNotFound);
  return { ...row, permissions: row.permissions ?? [] };
}

/** Replaces a user's fields; a new password is a reset (activePassword false). */
export async function updateUser(
  db: Db,
  principal: Principal,
  id: number,
  input: UserUpdateInput,
): Promise<TUserDetail> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    await db.transaction(async (tx) => {
      const existing = await lockUser(tx, id, principal.scope);
      assertMayManage(principal, existing, input.role);
      if (id === principal.id && input.role && input.role !== existing.role) {
        throw forbidden(forbiddenMessage('change your own role'));
      }
      const placement = await resolvePlacement(tx, input);
      assertPlaceWithin(principal, placement);
      if (input.authorizationId !== existing.authorizationId) {
        await checkAuthorization(tx, principal, input.authorizationId);
      }
      await tx
        .update(users)
        .set({
          ...profileValues(input),
          ...placement,
          ...(input.role ? { role: input.role } : {}),
          ...(passwordHash ? { passwordHash, activePassword: false } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      // A password set by someone else ends every sign-in of the user.
      if (passwordHash) await endSessions(tx, id);
    });
  } catch (err) {
    throw duplicateError(err) ?? err;
  }
  return getUserDetail(db, id, principal.scope);
}

/** Stops or allows a user. A stopped user's tokens stop working at the next request. */
export async function setUserAccess(
  db: Db,
  principal: Principal,
  id: number,
  access: 'ALLOWED' | 'STOPPED',
): Promise<TUserDetail> {
  if (id === principal.id && access === 'STOPPED') throw badRequest(MESSAGES.cannotStopSelf);
  await db.transaction(async (tx) => {
    const existing = await lockUser(tx, id, principal.scope);
    assertMayManage(principal, existing, undefined);
    await tx.update(users).set({ access, updatedAt: new Date() }).where(eq(users.id, id));
    if (access === 'STOPPED') await endSessions(tx, id);
  });
  return getUserDetail(db, id, principal.scope);
}

/** Deletes a user without learning records; others must be stopped instead. */
export async function deleteUser(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  principal: Principal,
  id: number,
): Promise<void> {
  if (id === principal.id) throw badRequest(MESSAGES.cannotDeleteSelf);
  let avatarUrl: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const existing = await lockUser(tx, id, principal.scope);
      assertMayManage(principal, existing, undefined);
      avatarUrl = existing.avatarUrl;
      await endSessions(tx, id);
      await tx.delete(users).where(eq(users.id, id));
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(MESSAGES.userInUse);
    throw err;
  }
  await removeStoredFiles(storage, log, [avatarUrl]);
}
