import { MESSAGES } from '@academy/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { users } from '../users/tables';

/** Who a user is, for the heading of their certificates page (reads the users table, read-only). */
export async function usersBrief(
  db: Db,
  id: number,
): Promise<{ id: number; employeeCode: string; fullName: string | null }> {
  const [row] = await db
    .select({ id: users.id, employeeCode: users.employeeCode, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw notFound(MESSAGES.userNotFound);
  return row;
}
