import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { type ManagementScope, placeWithin } from '../../platform/http/scope';
import { users } from './tables';

/** Who a user is, for another module's page heading; undefined for no such user or one outside `within`. */
export async function userBrief(
  db: Db,
  userId: number,
  within: ManagementScope,
): Promise<{ id: number; employeeCode: string; fullName: string | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, employeeCode: users.employeeCode, fullName: users.fullName })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        placeWithin(within, { serviceId: users.serviceId, branchId: users.branchId }),
      ),
    );
  return row;
}

/** Where to send a message to a user and whether they may still sign in; undefined for no such user. */
export async function mailboxOf(
  db: Db,
  userId: number,
): Promise<{ email: string; access: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, access: users.access })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
