import type { RoleCode } from '@academy/contract';
import { and, eq } from 'drizzle-orm';
import type { ExternalSignIn, LinkOutcome, LinkRules, PlaceNames } from '../../platform/auth/ports';
import type { Db } from '../../platform/db/client';
import type { Principal } from '../../platform/http/access';
import {
  findLinkedUser,
  findPrincipalByEmail,
  findPrincipalByEmployeeCode,
  provisionExternalUser,
  type UserPlace,
} from './principal';
import { externalIdentities, users } from './tables';

/** The place the org claims name, or undefined to leave the user's place as it is (places.ts). */
export type PlaceFromClaims = (names: PlaceNames) => Promise<UserPlace | undefined>;

/**
 * The academy user of an external sign-in. Once linked, (issuer, subject) alone decides: names,
 * emails and employee codes at the provider may change. The first sign-in links an existing user
 * found by the configured claim (employee code, or verified email) — only a user not yet linked to
 * this provider — or, when allowed, creates a learner. The role follows the provider's roles, and
 * the place its org claims when they name one (decision 68).
 */
export async function resolveExternalUser(
  db: Db,
  who: ExternalSignIn,
  rules: LinkRules,
  placeFromClaims: PlaceFromClaims,
): Promise<LinkOutcome> {
  const linked = await findLinkedUser(db, who.issuer, who.subject);
  if (linked) return { principal: await settle(db, linked, who, placeFromClaims) };

  const key = rules.linkBy === 'email' ? (who.emailVerified ? who.email : undefined) : who.employeeCode;
  if (!key) return { refused: 'missing-claim' };
  let candidate =
    rules.linkBy === 'email'
      ? await findPrincipalByEmail(db, key)
      : await findPrincipalByEmployeeCode(db, key);
  let linkedBy: 'employee_code' | 'email' | 'created' = rules.linkBy;
  if (!candidate) {
    if (!rules.createUsers) return { refused: 'unknown-user' };
    if (!who.employeeCode) return { refused: 'missing-claim' };
    candidate = await provisionExternalUser(db, {
      employeeCode: who.employeeCode,
      email: who.email,
      fullName: who.fullName,
      role: who.role,
    });
    linkedBy = 'created';
  }
  // Parallel first requests race here: the primary key and (user, issuer) keep one link.
  await db
    .insert(externalIdentities)
    .values({ issuer: who.issuer, subject: who.subject, userId: candidate.id, linkedBy })
    .onConflictDoNothing();
  const now = await findLinkedUser(db, who.issuer, who.subject);
  if (!now) return { refused: 'linked-elsewhere' };
  return { principal: await settle(db, now, who, placeFromClaims) };
}

const samePlace = (a: UserPlace, b: UserPlace) =>
  a.serviceId === b.serviceId && a.branchId === b.branchId && a.departmentId === b.departmentId;

/** Writes what the provider decides — the role, and the place when the claims name one — if it changed. */
async function settle(
  db: Db,
  linked: { principal: Principal; place: UserPlace },
  who: ExternalSignIn,
  placeFromClaims: PlaceFromClaims,
): Promise<Principal> {
  const { principal } = linked;
  const place = await placeFromClaims(who.place);
  const changes: { role?: RoleCode } & Partial<UserPlace> = {};
  if (principal.role !== who.role) changes.role = who.role;
  if (place && !samePlace(place, linked.place)) Object.assign(changes, place);
  if (Object.keys(changes).length === 0) return principal;
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, principal.id));
  // Read again: what follows from the role (the management scope) must follow the new one.
  const now = await findLinkedUser(db, who.issuer, who.subject);
  return now?.principal ?? { ...principal, role: who.role };
}

/** The (issuer, subject) a user is linked to at `issuer`, if any. */
export async function externalIdentityOf(db: Db, userId: number, issuer: string) {
  const [row] = await db
    .select()
    .from(externalIdentities)
    .where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.issuer, issuer)));
  return row;
}
