import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { findPlaceByName } from '../org';
import type { PlaceFromClaims } from './identities';
import type { UserPlace } from './principal';

/** A lookup is reused this long: a place made by an administrator is found within a minute. */
const REMEMBER_MS = 60_000;
const REMEMBERED_MAX = 1000;

/**
 * The place an external provider's org claims name (decision 68). Names that fit no place, or
 * several, leave the user where they are and are logged as a warning (once per minute and names),
 * so an administrator can add the place or fix the claim. The claims are read at every request, so
 * the lookups are remembered for a minute.
 */
export function placesFromClaims(db: Db, log: FastifyBaseLogger): PlaceFromClaims {
  const remembered = new Map<string, { place: UserPlace | undefined; until: number }>();
  return async (names) => {
    if (!names.service && !names.branch && !names.department) return undefined;
    const key = JSON.stringify([names.service, names.branch, names.department].map((n) => n?.toLowerCase()));
    const now = Date.now();
    const known = remembered.get(key);
    if (known && known.until > now) return known.place;
    const found = await findPlaceByName(db, names);
    if ('problem' in found) {
      log.warn(
        { place: names, problem: found.problem },
        `external sign-in: the org claims name ${
          found.problem === 'unknown' ? 'no place' : 'several places'
        } of the academy (service "${names.service ?? ''}", branch "${names.branch ?? ''}", department "${
          names.department ?? ''
        }"); the user's place is left as it is`,
      );
    }
    const place = 'place' in found ? found.place : undefined;
    if (remembered.size >= REMEMBERED_MAX) remembered.clear();
    remembered.set(key, { place, until: now + REMEMBER_MS });
    return place;
  };
}
