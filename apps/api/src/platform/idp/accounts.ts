import type { Principal } from '../http/access';

/** What checking a sign-in's credentials found. */
export type CredentialCheck =
  | { outcome: 'OK'; user: Principal }
  | { outcome: 'STOPPED' }
  | { outcome: 'INVALID' };

/**
 * What the embedded provider needs from whoever keeps the users. platform/ knows no module: the users
 * module implements this (modules/users/sign-in.ts) and the composition root (app.ts) hands it in.
 */
export type IdpAccounts = {
  findById(id: number): Promise<Principal | null>;
  /**
   * The user of an employee code or email and password. A stopped user is told apart only after
   * the right password; any mismatch is INVALID, whatever did not match.
   */
  verifyCredentials(username: string, password: string): Promise<CredentialCheck>;
  /** Records a successful sign-in (login history, audit trail). */
  recordLogin(
    user: Pick<Principal, 'id' | 'employeeCode'>,
    ip: string | undefined,
    userAgent: string | undefined,
  ): Promise<void>;
  /** Records that the provider issued tokens for a sign-in session (an ended one stays ended). */
  touchSession(session: { id: string; userId: number; ip?: string; userAgent?: string }): Promise<void>;
};
