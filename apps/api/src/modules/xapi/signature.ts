import { isDeepStrictEqual } from 'node:util';
import { compactVerify, importX509 } from 'jose';
import { badRequest } from './errors';
import { isObject, type JsonObject } from './values';

const ALGORITHMS = ['RS256', 'RS384', 'RS512'];

function decodeJson(segment: string | undefined, what: string): JsonObject {
  try {
    const value = JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8'));
    if (isObject(value)) return value;
  } catch {
    // refused below
  }
  throw badRequest(`the signature's ${what} is not JSON`);
}

/** The parts of a statement a signature covers: not what the LRS sets, not the attachments. */
function signedPart(statement: JsonObject, withId: boolean): JsonObject {
  const { stored: _s, authority: _a, version: _v, attachments: _t, id, ...rest } = statement;
  return withId && id !== undefined ? { ...rest, id: String(id).toLowerCase() } : rest;
}

/**
 * A signed statement (xAPI 1.0.3, Data 2.6): the signature attachment is a JWS of the statement,
 * RS256/384/512, whose payload is the statement itself; when it carries an X.509 chain the
 * signature must verify with its first certificate. Anything else is refused with 400.
 */
export async function checkSignature(statement: JsonObject, jws: Buffer, contentType: string): Promise<void> {
  if (contentType !== 'application/octet-stream')
    throw badRequest('a signature attachment must be application/octet-stream');
  const text = jws.toString('utf8').trim();
  const segments = text.split('.');
  if (segments.length !== 3) throw badRequest('the signature is not a JWS in compact form');
  const header = decodeJson(segments[0], 'header');
  if (!ALGORITHMS.includes(String(header.alg)))
    throw badRequest('the signature must use RS256, RS384 or RS512');
  const payload = decodeJson(segments[1], 'payload');
  const withId = payload.id !== undefined;
  if (
    !isDeepStrictEqual(signedPart(payload, withId), signedPart(JSON.parse(JSON.stringify(statement)), withId))
  ) {
    throw badRequest('the signed statement does not match the statement');
  }
  const chain = header.x5c;
  if (Array.isArray(chain) && typeof chain[0] === 'string') {
    try {
      const pem = `-----BEGIN CERTIFICATE-----\n${chain[0]}\n-----END CERTIFICATE-----`;
      await compactVerify(text, await importX509(pem, String(header.alg)));
    } catch {
      throw badRequest('the signature does not verify with its certificate');
    }
  }
}
