import type { Account } from 'oidc-provider';
import type { Principal } from '../http/access';
import type { IdpAccounts } from './accounts';

/**
 * What tokens say about a user. `sub` is our numeric user id; `preferred_username` is the employee
 * code and `realm_access.roles` the role, shaped like Keycloak's so one resolver reads both.
 */
export type UserClaims = {
  sub: string;
  preferred_username: string;
  email: string;
  name: string;
  realm_access: { roles: string[] };
};

export function userClaims(user: Principal): UserClaims {
  return {
    sub: String(user.id),
    preferred_username: user.employeeCode,
    email: user.email,
    name: user.fullName ?? user.employeeCode,
    realm_access: { roles: [user.role] },
  };
}

/** Which claims each scope releases (ID token and userinfo). */
export const CLAIMS_BY_SCOPE = {
  acr: null,
  auth_time: null,
  iss: null,
  sid: null,
  openid: ['sub'],
  profile: ['name', 'preferred_username', 'realm_access'],
  email: ['email'],
};

/** A signed-in user who can still use the academy; stopped or deleted users count as missing. */
export async function findActiveUser(accounts: IdpAccounts, accountId: string): Promise<Principal | null> {
  const id = Number(accountId);
  if (!Number.isSafeInteger(id)) return null;
  const user = await accounts.findById(id);
  return user && user.access !== 'STOPPED' ? user : null;
}

/** oidc-provider's account lookup: a stopped user gets no new tokens, not even by refresh. */
export function accountFinder(accounts: IdpAccounts) {
  return async (_ctx: unknown, sub: string): Promise<Account | undefined> => {
    const user = await findActiveUser(accounts, sub);
    if (!user) return undefined;
    const claims = userClaims(user);
    return { accountId: sub, claims: () => claims };
  };
}
