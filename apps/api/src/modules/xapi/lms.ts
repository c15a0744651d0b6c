import type { Db } from '../../platform/db/client';
import { writeDocument } from './documents';
import { ACADEMY_CLIENT } from './own-statements';
import { storeStatements } from './statement-store';
import type { JsonObject } from './values';

/**
 * The academy writing into its own LRS as the LMS (cmi5: "launched", "abandoned", "waived",
 * "satisfied", and LMS.LaunchData): checked and stored as any client's, with the academy as the
 * authority. Inside the caller's transaction when it has one.
 */
export async function storeLmsStatements(
  db: Db,
  statements: JsonObject[],
  homePage: string,
): Promise<string[]> {
  return storeStatements(db, statements, { client: ACADEMY_CLIENT, homePage, parts: [] });
}

/** PUTs a JSON state document (activity, agent, registration, id), replacing what was there. */
export async function writeLmsState(
  db: Db,
  where: { activityId: string; agent: JsonObject; registration: string; stateId: string },
  document: JsonObject,
): Promise<void> {
  await writeDocument(
    db,
    'state',
    'PUT',
    {
      activityId: where.activityId,
      agent: JSON.stringify(where.agent),
      registration: where.registration,
      stateId: where.stateId,
    },
    { contentType: 'application/json', content: Buffer.from(JSON.stringify(document)) },
    {},
  );
}
