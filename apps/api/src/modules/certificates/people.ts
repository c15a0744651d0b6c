import { MESSAGES } from '@academy/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { type ManagementScope, placeWithin } from '../../platform/http/scope';
import { users } from '../users/tables';

/**
 * Who a user is, for the heading of their certificates page (reads the users table, read-only);
 * not found outside the caller's scope.
 */
export async function usersBrief(
  db: Db,
  id: number,
  within: ManagementScope,
): Promise<{ id: number; employeeCode: string; fullName: string | null }> {
  const [row] = await db
    .select({ id: users.id, employeeCode: users.employeeCode, fullName: users.fullName })
    .from(users)
    .where(
      and(eq(users.id, id), placeWithin(within, { serviceId: users.serviceId, branchId: users.branchId })),
    );
  if (!row) throw notFound(MESSAGES.userNotFound);
  return row;
}
