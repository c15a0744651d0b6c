import type { RoleCode } from '@academy/contract';
import type { Principal } from '../http/access';

/**
 * What the token resolvers need from whoever keeps the users. platform/ knows no module: the users
 * module implements these (modules/users/sign-in.ts) and the composition root (app.ts) hands them in.
 */

/** The user of an embedded access token, null when its sign-in session has ended or is not theirs. */
export type FindPrincipalBySession = (userId: number, sessionId: string) => Promise<Principal | null>;

/** Where the provider's claims place someone in the organisation: names, as the claims give them. */
export type PlaceNames = { service?: string; branch?: string; department?: string };

/** What an external provider says about the person signing in (already verified by the resolver). */
export type ExternalSignIn = {
  issuer: string;
  subject: string;
  employeeCode: string | undefined;
  email: string | undefined;
  /** Only a verified email may link an existing user. */
  emailVerified: boolean;
  fullName: string | undefined;
  /** The academy role the provider's roles map to. */
  role: RoleCode;
  /** Names from the org claims (OIDC_SERVICE_CLAIM …); empty when none is mapped or sent. */
  place: PlaceNames;
};

export type LinkRules = { linkBy: 'employee_code' | 'email'; createUsers: boolean };

/** Why a sign-in found no academy user. */
export type LinkRefusal =
  /** No academy user has the claim, and users are not created. */
  | 'unknown-user'
  /** The academy user the claim names is already linked to another account of this provider. */
  | 'linked-elsewhere'
  /** The claim used for linking is missing (or the email is not verified). */
  | 'missing-claim';

export type LinkOutcome = { principal: Principal } | { refused: LinkRefusal };

/** The academy user of an external sign-in: linked by (issuer, subject), or linked or created now. */
export type LinkExternalIdentity = (who: ExternalSignIn, rules: LinkRules) => Promise<LinkOutcome>;
