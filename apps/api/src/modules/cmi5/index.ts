/** cmi5 lessons (issue 26, point 3): course import, launch, the LRS's cmi5 rules, moveOn and satisfied. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { cmi5ContentRoutes } from './content-routes';
import { Cmi5Service } from './service';

export { cmi5ResultRows, hasCmi5ResultsSql } from './report-pieces';
export { type Cmi5RouteOptions, cmi5Routes } from './routes';
export { Cmi5Service } from './service';

/** The app's cmi5 service; its routes on the content origin are added to that server. */
export async function createCmi5(
  ctx: AppContext,
  log: FastifyInstance['log'],
  contentApp: FastifyInstance,
): Promise<Cmi5Service> {
  const cmi5 = new Cmi5Service(ctx.db, ctx.storage, ctx.config, ctx.events, log);
  await contentApp.register(cmi5ContentRoutes(cmi5, ctx.config, ctx.storage));
  return cmi5;
}
