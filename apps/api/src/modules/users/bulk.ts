import { BULK_MESSAGES, BULK_USERS_MAX, MESSAGES, type TUserBulkAction } from '@academy/contract';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Principal } from '../../platform/http/access';
import { badRequest, notFound } from '../../platform/http/errors';
import { authorizationPermissionsOf } from '../authorizations';
import { resolvePlacement } from '../org';
import { assertMayManage, assertPlaceWithin, checkAuthorization } from './admin';
import { userListConditions } from './service';
import { endSessionsOfUsers } from './sessions';
import { users } from './tables';

/** What changed for one user, for the audit trail. */
export type BulkChange = { id: number; before: Record<string, unknown>; after: Record<string, unknown> };

/** The users of the selection, locked, with what the rules need; all must be in the caller's scope. */
async function lockSelection(tx: Db, principal: Principal, input: TUserBulkAction) {
  const chosen =
    'ids' in input
      ? and(inArray(users.id, [...new Set(input.ids)]), userListConditions({ within: principal.scope }))
      : userListConditions({ ...input.filter, within: principal.scope });
  const rows = await tx
    .select({
      id: users.id,
      role: users.role,
      access: users.access,
      departmentId: users.departmentId,
      authorizationId: users.authorizationId,
      permissions: authorizationPermissionsOf(users.authorizationId),
    })
    .from(users)
    .where(chosen)
    .orderBy(users.id)
    .limit(BULK_USERS_MAX + 1)
    .for('update', { of: users });
  if (rows.length > BULK_USERS_MAX) throw badRequest(BULK_MESSAGES.tooMany);
  // One id that does not exist or is outside the scope refuses the whole action.
  if ('ids' in input && rows.length !== new Set(input.ids).size) throw notFound(MESSAGES.userNotFound);
  return rows.map((row) => ({ ...row, permissions: row.permissions ?? [] }));
}

/**
 * POST users/bulk: stop or allow access, move to a department, or give an authorization, to every
 * chosen user in one transaction — all of them or none. The single-user rules hold for each.
 */
export async function bulkUpdateUsers(
  db: Db,
  principal: Principal,
  input: TUserBulkAction,
): Promise<BulkChange[]> {
  return db.transaction(async (tx) => {
    const targets = await lockSelection(tx, principal, input);
    for (const target of targets) assertMayManage(principal, target, undefined);
    const ids = targets.map((target) => target.id);
    if (ids.length === 0) return [];
    const now = new Date();
    switch (input.action) {
      case 'stop':
      case 'allow': {
        const access = input.action === 'stop' ? 'STOPPED' : 'ALLOWED';
        if (access === 'STOPPED' && ids.includes(principal.id)) throw badRequest(BULK_MESSAGES.includesSelf);
        await tx.update(users).set({ access, updatedAt: now }).where(inArray(users.id, ids));
        if (access === 'STOPPED') await endSessionsOfUsers(tx, ids);
        return targets.map((t) => ({ id: t.id, before: { access: t.access }, after: { access } }));
      }
      case 'move': {
        const placement = await resolvePlacement(tx, { departmentId: input.departmentId });
        assertPlaceWithin(principal, placement);
        await tx
          .update(users)
          .set({ ...placement, updatedAt: now })
          .where(inArray(users.id, ids));
        return targets.map((t) => ({
          id: t.id,
          before: { departmentId: t.departmentId },
          after: { departmentId: placement.departmentId },
        }));
      }
      case 'authorize': {
        await checkAuthorization(tx, principal, input.authorizationId);
        await tx
          .update(users)
          .set({ authorizationId: input.authorizationId, updatedAt: now })
          .where(inArray(users.id, ids));
        return targets.map((t) => ({
          id: t.id,
          before: { authorizationId: t.authorizationId },
          after: { authorizationId: input.authorizationId },
        }));
      }
    }
  });
}
