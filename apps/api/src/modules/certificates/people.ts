import { MESSAGES } from '@academy/contract';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import type { ManagementScope } from '../../platform/http/scope';
import { userBrief } from '../users';

/**
 * Who a user is, for the heading of their certificates page (the users module's brief, one
 * query); not found outside the caller's scope.
 */
export async function usersBrief(
  db: Db,
  id: number,
  within: ManagementScope,
): Promise<{ id: number; employeeCode: string; fullName: string | null }> {
  const row = await userBrief(db, id, within);
  if (!row) throw notFound(MESSAGES.userNotFound);
  return row;
}
