import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import { appSecrets } from './tables';

export type IdpSecrets = {
  /** Private signing keys (JWK with `d`), newest first. */
  signingKeys: JWK[];
  /** Keys for oidc-provider's signed cookies. */
  cookieKeys: string[];
};

async function createSecrets(): Promise<IdpSecrets> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return {
    signingKeys: [{ ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

/**
 * Loads the provider's keys, generating them on first start. Stored in the database so that
 * every API process signs and verifies with the same keys and a restart keeps them.
 */
export async function loadIdpSecrets(db: Db): Promise<IdpSecrets> {
  const name = 'idp';
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (existing) return existing.value as IdpSecrets;
  const fresh = await createSecrets();
  // Two processes starting together: the first insert wins and both read the winner.
  await db.insert(appSecrets).values({ name, value: fresh }).onConflictDoNothing();
  const [stored] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return (stored?.value ?? fresh) as IdpSecrets;
}

/** The public half of the signing keys, for verifying tokens. */
export function publicJwks(secrets: IdpSecrets): { keys: JWK[] } {
  return {
    keys: secrets.signingKeys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })),
  };
}
