import path from 'node:path';
import {
  SCORM_MESSAGES,
  ZIdParam,
  ZScormAttempt,
  ZScormLaunch,
  ZScormLaunchQuery,
  ZScormPackage,
  ZScormSettings,
} from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { principalIdOf as userId } from '../../platform/http/access';
import type { ScormService } from './service';
import { packageRouteErrors as errors, lessonPackageAccess, withRequestPackage } from './upload';
import { type PackageUploads, registerPackageUploads } from './uploads';

const tags = ['scorm'];
const { edit, view } = lessonPackageAccess;

export type ScormRouteOptions = AppContext & { scorm: ScormService; packageUploads: PackageUploads };

/** Under the API prefix: the package of a lesson (managers) and the learner's launch and attempt. */
export const scormRoutes: FastifyPluginAsyncZod<ScormRouteOptions> = async (
  app,
  { scorm, config, packageUploads },
) => {
  await registerPackageUploads(app, packageUploads);
  const scratch = path.join(config.dataDir, 'work');

  app.put(
    '/lessons/:id/package',
    {
      config: { access: edit },
      schema: {
        tags,
        summary:
          "Upload a lesson's SCORM package (.zip, at most 2 GB) as multipart `file`, or import one uploaded resumably (tus at /services/core/api/package-uploads) with JSON `{ upload: <its id> }`: checked while it is unpacked, refused with the reason and nothing kept; it replaces the lesson's package and makes it a SCORM lesson",
        params: ZIdParam,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: ZScormPackage, ...errors },
      },
    },
    async (request) => {
      const uploader = userId(request);
      return withRequestPackage(
        request,
        { scratchDir: scratch, uploads: packageUploads, messages: SCORM_MESSAGES },
        (file) => scorm.importPackage(request.params.id, file, uploader),
      );
    },
  );

  app.delete(
    '/lessons/:id/package',
    {
      config: { access: edit },
      schema: {
        tags,
        summary:
          "Remove a lesson's SCORM package and its files; the lesson stays a SCORM lesson without content until another package is uploaded. Learners' attempts are kept",
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await scorm.deletePackage(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/lessons/:id/package',
    {
      config: { access: view },
      schema: {
        tags,
        summary: "A lesson's SCORM package: title, version, SCOs, menu tree, warnings and attempt rule",
        params: ZIdParam,
        response: { 200: ZScormPackage, ...errors },
      },
    },
    async (request) => scorm.getPackage(request.params.id),
  );

  app.patch(
    '/lessons/:id/package',
    {
      config: { access: edit },
      schema: {
        tags,
        summary: "A SCORM lesson's attempts allowed and pass mark",
        params: ZIdParam,
        body: ZScormSettings,
        response: { 200: ZScormPackage, ...errors },
      },
    },
    async (request) => scorm.updateSettings(request.params.id, request.body),
  );

  app.post(
    '/lessons/:id/package/preview',
    {
      config: { access: view },
      schema: {
        tags,
        summary:
          "Preview a lesson's SCORM package (a SCO's frame on the content origin; nothing is recorded)",
        params: ZIdParam,
        querystring: ZScormLaunchQuery,
        response: { 200: ZScormLaunch, ...errors },
      },
    },
    async (request) => scorm.preview(request.params.id, userId(request), request.query.sco, new Date()),
  );

  app.post(
    '/lessons/:id/scorm/launch',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary:
          "Launch an unlocked SCORM lesson's SCO: the frame's URL on the content origin, carrying a short-lived credential for this learner's attempt only",
        params: ZIdParam,
        querystring: ZScormLaunchQuery,
        response: { 200: ZScormLaunch, ...errors },
      },
    },
    async (request) =>
      scorm.launch(
        userId(request),
        request.params.id,
        { sco: request.query.sco, newAttempt: request.query.newAttempt === 'true' },
        new Date(),
      ),
  );

  app.get(
    '/lessons/:id/scorm/attempt',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary:
          "The learner's latest attempt at a SCORM lesson: statuses, score, time, location and suspend data",
        params: ZIdParam,
        response: { 200: ZScormAttempt, ...errors },
      },
    },
    async (request) => scorm.attempt(userId(request), request.params.id),
  );
};
