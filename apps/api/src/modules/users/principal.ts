import { isPermissionKey, type RoleCode } from '@academy/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { preparedPerDatabase } from '../../platform/db/prepared';
import type { Principal } from '../../platform/http/access';
import { scopeOf } from '../../platform/http/scope';
import type { CredentialCheck } from '../../platform/idp/accounts';
import {
  authorizationBranchIdOf,
  authorizationPermissionsOf,
  authorizationServiceIdOf,
} from '../authorizations';
import { verifyPassword } from './passwords';
import { externalIdentities, loginHistory, userSessions, users } from './tables';

const principalColumns = {
  id: users.id,
  employeeCode: users.employeeCode,
  email: users.email,
  fullName: users.fullName,
  avatarUrl: users.avatarUrl,
  role: users.role,
  activePassword: users.activePassword,
  access: users.access,
  passwordHash: users.passwordHash,
  permissions: authorizationPermissionsOf(users.authorizationId),
  authorizationServiceId: authorizationServiceIdOf(users.authorizationId),
  authorizationBranchId: authorizationBranchIdOf(users.authorizationId),
};

type PrincipalRow = Awaited<ReturnType<ReturnType<typeof selectPrincipal>['execute']>>[number];

function toPrincipal(row: PrincipalRow): Principal {
  return {
    id: row.id,
    employeeCode: row.employeeCode,
    email: row.email,
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
    role: row.role as RoleCode,
    permissions: (row.permissions ?? []).filter(isPermissionKey),
    activePassword: row.activePassword,
    access: row.access === 'STOPPED' ? 'STOPPED' : 'ALLOWED',
    scope: scopeOf(
      row.role,
      row.permissions ? { serviceId: row.authorizationServiceId, branchId: row.authorizationBranchId } : null,
    ),
  };
}

function selectPrincipal(db: Db) {
  return db.select(principalColumns).from(users);
}

/** One query: the user with their authorization's permission keys. */
export async function findPrincipalById(db: Db, id: number): Promise<Principal | null> {
  const [row] = await selectPrincipal(db).where(eq(users.id, id));
  return row ? toPrincipal(row) : null;
}

/**
 * The user of an access token bound to a sign-in session, in the same one query: null when the
 * session was ended (sessions.ts) or belongs to someone else. Every signed-in request asks it, so
 * it is a prepared statement.
 */
const principalBySession = preparedPerDatabase((db) =>
  db
    .select({ ...principalColumns, sessionId: userSessions.id })
    .from(users)
    .leftJoin(
      userSessions,
      and(
        eq(userSessions.id, sql.placeholder('sessionId')),
        eq(userSessions.userId, users.id),
        isNull(userSessions.endedAt),
      ),
    )
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_principal_by_session'),
);

export async function findPrincipalBySession(
  db: Db,
  id: number,
  sessionId: string,
): Promise<Principal | null> {
  const [row] = await principalBySession(db).execute({ id, sessionId });
  if (!row?.sessionId) return null;
  return { ...toPrincipal(row), sessionId: row.sessionId };
}

/** Where a user is placed in the organisation (all three may be empty). */
export type UserPlace = { serviceId: number | null; branchId: number | null; departmentId: number | null };

/**
 * The user linked to an external provider's (issuer, subject) and their place, in one query; null
 * when none is.
 */
export async function findLinkedUser(
  db: Db,
  issuer: string,
  subject: string,
): Promise<{ principal: Principal; place: UserPlace } | null> {
  const [row] = await db
    .select({
      ...principalColumns,
      serviceId: users.serviceId,
      branchId: users.branchId,
      departmentId: users.departmentId,
    })
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)));
  if (!row) return null;
  const { serviceId, branchId, departmentId } = row;
  return { principal: toPrincipal(row), place: { serviceId, branchId, departmentId } };
}

export async function findPrincipalByEmail(db: Db, email: string): Promise<Principal | null> {
  const [row] = await selectPrincipal(db).where(sql`lower(${users.email}) = lower(${email})`);
  return row ? toPrincipal(row) : null;
}

export async function findPrincipalByEmployeeCode(db: Db, code: string): Promise<Principal | null> {
  const [row] = await selectPrincipal(db).where(sql`lower(${users.employeeCode}) = lower(${code})`);
  return row ? toPrincipal(row) : null;
}

/**
 * Checks a sign-in: `username` is an employee code or an email, case-insensitive.
 * Returns null for a wrong username or password alike, and for a stopped user.
 */
export async function verifyCredentials(
  db: Db,
  username: string,
  password: string,
): Promise<CredentialCheck> {
  const name = username.trim();
  if (!name || !password) return { outcome: 'INVALID' };
  const [row] = await selectPrincipal(db)
    .where(sql`lower(${users.employeeCode}) = lower(${name}) OR lower(${users.email}) = lower(${name})`)
    .limit(1);
  // The same hash work whoever asks (decision 17); a stopped account is told only after its password.
  const ok = await verifyPassword(password, row?.passwordHash ?? null);
  if (!row || !ok) return { outcome: 'INVALID' };
  if (row.access === 'STOPPED') return { outcome: 'STOPPED' };
  return { outcome: 'OK', user: toPrincipal(row) };
}

/**
 * Creates a user for someone who signed in through an external provider for the first time
 * (identities.ts, when OIDC_CREATE_USERS is on). No password: the provider keeps it. An email
 * already used by another user is not taken over: the new user gets a placeholder address.
 */
export async function provisionExternalUser(
  db: Db,
  claims: { employeeCode: string; email?: string; fullName?: string; role: RoleCode },
): Promise<Principal> {
  const placeholder = `${claims.employeeCode}@users.invalid`;
  const taken = claims.email ? await findPrincipalByEmail(db, claims.email) : null;
  const email = claims.email && !taken ? claims.email : placeholder;
  await db
    .insert(users)
    .values({
      employeeCode: claims.employeeCode,
      email,
      fullName: claims.fullName ?? null,
      role: claims.role,
      activePassword: true,
    })
    .onConflictDoNothing();
  const principal = await findPrincipalByEmployeeCode(db, claims.employeeCode);
  if (!principal) throw new Error(`could not provision user ${claims.employeeCode}`);
  return principal;
}

export async function recordLogin(
  db: Db,
  userId: number,
  ip: string | undefined,
  userAgent: string | undefined,
) {
  await db.insert(loginHistory).values({ userId, ip: ip ?? null, userAgent: userAgent ?? null });
}
