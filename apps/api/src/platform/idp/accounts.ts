import type { Principal } from '../http/access';

/**
 * What the embedded provider needs from whoever keeps the users. platform/ knows no module: the users
 * module implements this (modules/users/sign-in.ts) and the composition root (app.ts) hands it in.
 */
export type IdpAccounts = {
  findById(id: number): Promise<Principal | null>;
  /** The user of an employee code or email and password; null for any mismatch and for a stopped user. */
  verifyCredentials(username: string, password: string): Promise<Principal | null>;
  /** Records a successful sign-in (login history, audit trail). */
  recordLogin(
    user: Pick<Principal, 'id' | 'employeeCode'>,
    ip: string | undefined,
    userAgent: string | undefined,
  ): Promise<void>;
  /** Records that the provider issued tokens for a sign-in session (an ended one stays ended). */
  touchSession(session: { id: string; userId: number; ip?: string; userAgent?: string }): Promise<void>;
};
