import type { RoleCode } from '@academy/contract';
import { and, eq } from 'drizzle-orm';
import type { ExternalSignIn, LinkOutcome, LinkRules } from '../../platform/auth/ports';
import type { Db } from '../../platform/db/client';
import type { Principal } from '../../platform/http/access';
import {
  findPrincipalByEmail,
  findPrincipalByEmployeeCode,
  findPrincipalByIdentity,
  provisionExternalUser,
} from './principal';
import { externalIdentities, users } from './tables';

/**
 * The academy user of an external sign-in. Once linked, (issuer, subject) alone decides: names,
 * emails and employee codes at the provider may change. The first sign-in links an existing user
 * found by the configured claim (employee code, or verified email) — only a user not yet linked to
 * this provider — or, when allowed, creates a learner. The role follows the provider's roles.
 */
export async function resolveExternalUser(
  db: Db,
  who: ExternalSignIn,
  rules: LinkRules,
): Promise<LinkOutcome> {
  const linked = await findPrincipalByIdentity(db, who.issuer, who.subject);
  if (linked) return { principal: await withRole(db, linked, who.role) };

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
  const now = await findPrincipalByIdentity(db, who.issuer, who.subject);
  if (!now) return { refused: 'linked-elsewhere' };
  return { principal: await withRole(db, now, who.role) };
}

async function withRole(db: Db, principal: Principal, role: RoleCode): Promise<Principal> {
  if (principal.role === role) return principal;
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, principal.id));
  return { ...principal, role };
}

/** The (issuer, subject) a user is linked to at `issuer`, if any. */
export async function externalIdentityOf(db: Db, userId: number, issuer: string) {
  const [row] = await db
    .select()
    .from(externalIdentities)
    .where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.issuer, issuer)));
  return row;
}
