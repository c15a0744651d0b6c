/** SCORM lessons (issue 25): package import, the content origin that plays them, tracking. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { buildContentApp } from './content';
import { ScormService } from './service';

export { type ScormRouteOptions, scormRoutes } from './routes';
export { ScormService } from './service';

/** The app's SCORM service and the content origin's server (listened on by main.ts). */
export async function createScorm(
  ctx: AppContext,
  log: FastifyInstance['log'],
): Promise<{ scorm: ScormService; contentApp: FastifyInstance }> {
  const scorm = new ScormService(ctx.db, ctx.storage, ctx.config, ctx.events, log);
  const contentApp = await buildContentApp(ctx.config, ctx.storage, scorm, log);
  return { scorm, contentApp };
}
