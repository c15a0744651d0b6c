/** SCORM lessons (issue 25): package import, the content origin that plays them, tracking. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { StorageSweep } from '../../platform/storage/cleanup';
import { scormStorageSweep } from './cleanup';

export { sweepOrphanFiles } from './cleanup';

import { buildContentApp } from './content';
import { ScormService } from './service';
import { PackageUploads } from './uploads';

export { commonHeaders as contentHeaders, packageCsp } from './content';
export { contentTypeOf } from './content-types';
export { resolveHref } from './manifest';
export { type LessonPackageTables, takeOutLessonPackage } from './package-rows';
export { hasScormResultsSql, scormResultRows } from './report-pieces';
export { type ScormRouteOptions, scormRoutes } from './routes';
export { ScormService } from './service';
export { type PackageDescriptor, PackageRefused, type UnpackedFile, unpackZip } from './unpack';
export { lessonPackageAccess, packageRouteErrors, withRequestPackage } from './upload';
export { PackageUploads } from './uploads';

/**
 * The app's SCORM service, its resumable package uploads, the content origin's server (listened
 * on by main.ts) and the module's part of the storage cleanup job.
 */
export async function createScorm(
  ctx: AppContext,
  log: FastifyInstance['log'],
): Promise<{
  scorm: ScormService;
  packageUploads: PackageUploads;
  contentApp: FastifyInstance;
  storageSweep: StorageSweep;
}> {
  const scorm = new ScormService(ctx.db, ctx.storage, ctx.config, ctx.events, log);
  const packageUploads = new PackageUploads(ctx.config.dataDir);
  const contentApp = await buildContentApp(ctx.config, ctx.storage, scorm, log);
  return { scorm, packageUploads, contentApp, storageSweep: scormStorageSweep(scorm, packageUploads) };
}
