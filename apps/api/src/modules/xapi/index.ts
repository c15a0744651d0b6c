import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import { forwardOwnStatements } from './forward';
import { emitOwnStatements, recordOwnEvents } from './own-statements';

export { xapiCredentialRoutes } from './credential-routes';
/**
 * The learning record store (xAPI 1.0.3): statements, documents, activities and agents at
 * /services/core/xapi, reached with key/secret pairs that administrators make through the API;
 * and, with XAPI_STATEMENTS on, the academy's own learning events as statements, forwarded to
 * another LRS when XAPI_FORWARD_ENDPOINT is set.
 */
export {
  type ClientScope,
  createCredential,
  createLaunchCredential,
  expireCredentialBy,
  revokeCredential,
} from './credentials';
export { XapiError } from './errors';
export { storeLmsStatements, writeLmsState } from './lms';
export { lrsRoutes, XAPI_PREFIX } from './lrs-routes';
export { isoDuration, statementIdOf } from './own-statements';
export { xapiReportRoutes } from './report-routes';
export { LAUNCH_DATA_STATE } from './resources';
export type { StatementGuard } from './statement-store';
export type { LaunchScope } from './tables';
export { isDuration, isObject, type Json, type JsonObject } from './values';

/** How often the emitter and the forwarder run. */
export const OWN_STATEMENTS_EVERY_MS = 5_000;

export function wireOwnStatements(ctx: AppContext, log: FastifyBaseLogger): void {
  if (!ctx.config.xapi.statements) return;
  recordOwnEvents(ctx.events);
  const forward = ctx.config.xapi.forward;
  ctx.jobs.onWorkersStart(async () => {
    while ((await emitOwnStatements(ctx.db, ctx.config.publicUrl)) > 0) {
      // drain the outbox a batch at a time
    }
    if (!forward) return;
    await ctx.database.exclusive('xapi-forward', async () => {
      while ((await forwardOwnStatements(ctx.db, forward, log)) > 0) {
        // forward everything waiting, a hundred at a time
      }
    });
  }, OWN_STATEMENTS_EVERY_MS);
}
