import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { xapiForwarding, xapiStatements } from './tables';

export type ForwardTarget = { endpoint: string; key: string; secret: string };

const BATCH = 100;
const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * Forwards the academy's own statements to another LRS, in the order they were stored, a hundred
 * per POST. What has reached it is remembered (the last `seq`); a failure waits 5 s, 10 s, 20 s …
 * up to an hour before the next try and loses nothing. Statement ids are kept, so a batch sent
 * twice (a crash between the POST and the bookmark) is stored once there.
 */
export async function forwardOwnStatements(
  db: Db,
  target: ForwardTarget,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<number> {
  await db.insert(xapiForwarding).values({ endpoint: target.endpoint }).onConflictDoNothing();
  const [state] = await db.select().from(xapiForwarding).where(eq(xapiForwarding.endpoint, target.endpoint));
  if (!state || (state.nextTryAt && state.nextTryAt > now)) return 0;
  const rows = await db
    .select({ seq: xapiStatements.seq, statement: xapiStatements.statement })
    .from(xapiStatements)
    .where(and(isNull(xapiStatements.credentialId), gt(xapiStatements.seq, state.lastSeq)))
    .orderBy(asc(xapiStatements.seq))
    .limit(BATCH);
  if (rows.length === 0) return 0;
  // The other LRS stores them with its own `stored` and `authority`.
  const body = rows.map(({ statement: { stored: _s, authority: _a, ...rest } }) => rest);
  let failure: string | undefined;
  try {
    const res = await fetch(`${target.endpoint}statements`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${target.key}:${target.secret}`).toString('base64')}`,
        'content-type': 'application/json',
        'x-experience-api-version': '1.0.3',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    // 409: the other LRS already holds one of these ids with other content; nothing to resend.
    if (!res.ok && res.status !== 409) failure = `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`;
    else if (res.status === 409)
      log.warn({ endpoint: target.endpoint }, 'the forwarding LRS refused statements it already holds (409)');
  } catch (err) {
    failure = err instanceof Error ? err.message : String(err);
  }
  if (failure) {
    const failures = state.failures + 1;
    const wait = Math.min(5_000 * 2 ** (failures - 1), MAX_BACKOFF_MS);
    await db
      .update(xapiForwarding)
      .set({ failures, nextTryAt: new Date(now.getTime() + wait), lastError: failure })
      .where(eq(xapiForwarding.endpoint, target.endpoint));
    log.warn(
      { endpoint: target.endpoint, failures, retryInMs: wait, error: failure },
      'forwarding xAPI statements failed',
    );
    return 0;
  }
  const last = rows.at(-1)?.seq ?? state.lastSeq;
  await db
    .update(xapiForwarding)
    .set({
      lastSeq: sql`greatest(${xapiForwarding.lastSeq}, ${last})`,
      failures: 0,
      nextTryAt: null,
      lastError: null,
    })
    .where(eq(xapiForwarding.endpoint, target.endpoint));
  return rows.length;
}
