import type { FastifyBaseLogger } from 'fastify';
import type { FindPrincipalBySession, LinkExternalIdentity } from '../../platform/auth/ports';
import type { Db } from '../../platform/db/client';
import type { IdpAccounts } from '../../platform/idp/accounts';
import { resolveExternalUser } from './identities';
import { placesFromClaims } from './places';
import { findPrincipalById, findPrincipalBySession, recordLogin, verifyCredentials } from './principal';
import { touchSession } from './sessions';

/** The users module's side of signing in: what platform/auth and platform/idp ask for (their ports). */
export type SignInAccounts = IdpAccounts & {
  findBySession: FindPrincipalBySession;
  linkExternalIdentity: LinkExternalIdentity;
};

/** Made once by the composition root (app.ts) and handed to the token resolvers and the provider. */
export function createSignInAccounts(db: Db, log: FastifyBaseLogger): SignInAccounts {
  const placeFromClaims = placesFromClaims(db, log);
  return {
    findById: (id) => findPrincipalById(db, id),
    verifyCredentials: (username, password) => verifyCredentials(db, username, password),
    recordLogin: (user, ip, userAgent) => recordLogin(db, user.id, ip, userAgent),
    touchSession: (session) => touchSession(db, session),
    findBySession: (userId, sessionId) => findPrincipalBySession(db, userId, sessionId),
    linkExternalIdentity: (who, rules) => resolveExternalUser(db, who, rules, placeFromClaims),
  };
}
