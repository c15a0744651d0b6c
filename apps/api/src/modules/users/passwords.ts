import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's work factor for new hashes (OWASP's minimum for scrypt is 2^17 memory·r; 2^14 with r=8 meets it). */
export const PRODUCTION_SCRYPT_N = 16384;
let N = PRODUCTION_SCRYPT_N;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * Test suites only: hash new passwords with a small work factor (N = 1024) so the hundreds of
 * accounts tests create cost ~2 ms each instead of ~55. Verification reads N from each stored hash,
 * so hashes of either cost keep working; the server never calls this.
 */
export function hashPasswordsCheaplyInTests(): void {
  N = 1024;
}

/** Hashes a password with scrypt; the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Salt for the work done when there is no stored hash, so unknown accounts answer as slowly as known ones. */
const NO_ACCOUNT_SALT = randomBytes(16);

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    await derive(password, NO_ACCOUNT_SALT, PRODUCTION_SCRYPT_N, R, P);
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
