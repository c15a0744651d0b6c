import path from 'node:path';
import {
  ZApiError,
  ZIdParam,
  ZScormAttempt,
  ZScormLaunch,
  ZScormLaunchQuery,
  ZScormPackage,
  ZScormSettings,
} from '@academy/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { unauthorized } from '../../platform/http/errors';
import type { ScormService } from './service';
import { withUploadedZip } from './upload';

const errors = {
  400: ZApiError,
  401: ZApiError,
  403: ZApiError,
  404: ZApiError,
  409: ZApiError,
  413: ZApiError,
};
const tags = ['scorm'];
const edit = {
  permission: 'COURSE_MANAGEMENT',
  action: 'EDIT_COURSE_MANAGEMENT',
  denied: 'edit lessons',
} as const;
const view = { permission: 'COURSE_MANAGEMENT', denied: 'view lessons' } as const;

function userId(request: FastifyRequest): number {
  if (!request.principal) throw unauthorized();
  return request.principal.id;
}

export type ScormRouteOptions = AppContext & { scorm: ScormService };

/** Under the API prefix: the package of a lesson (managers) and the learner's launch and attempt. */
export const scormRoutes: FastifyPluginAsyncZod<ScormRouteOptions> = async (app, { scorm, config }) => {
  app.put(
    '/lessons/:id/package',
    {
      config: { access: edit },
      schema: {
        tags,
        summary:
          "Upload a lesson's SCORM package (.zip, multipart `file`, at most 2 GB): checked while it is unpacked, refused with the reason and nothing kept; it replaces the lesson's package and makes it a SCORM lesson",
        params: ZIdParam,
        consumes: ['multipart/form-data'],
        response: { 200: ZScormPackage, ...errors },
      },
    },
    async (request) =>
      withUploadedZip(request, path.join(config.dataDir, 'work'), (file) =>
        scorm.importPackage(request.params.id, file, userId(request)),
      ),
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
