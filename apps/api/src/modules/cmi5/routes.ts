import path from 'node:path';
import {
  CMI5_MESSAGES,
  ZCmi5Course,
  ZCmi5Launch,
  ZCmi5LaunchQuery,
  ZCmi5Registration,
  ZCmi5WaiveInput,
  ZIdParam,
} from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { principalIdOf as userId } from '../../platform/http/access';
import {
  packageRouteErrors as errors,
  lessonPackageAccess,
  type PackageUploads,
  withRequestPackage,
} from '../scorm';
import type { Cmi5Service } from './service';

const tags = ['cmi5'];
const { edit, view } = lessonPackageAccess;

export type Cmi5RouteOptions = AppContext & { cmi5: Cmi5Service; packageUploads: PackageUploads };

/** Under the API prefix: a lesson's cmi5 course (managers), the learner's launch and standing, waivers. */
export const cmi5Routes: FastifyPluginAsyncZod<Cmi5RouteOptions> = async (
  app,
  { cmi5, config, packageUploads },
) => {
  app.put(
    '/lessons/:id/cmi5',
    {
      config: { access: edit },
      schema: {
        tags,
        summary:
          "Upload a lesson's cmi5 course — a .zip with cmi5.xml at its root, or cmi5.xml alone with absolute AU URLs — as multipart `file`, or import one uploaded resumably (tus at /services/core/api/package-uploads) with JSON `{ upload: <its id> }`: checked, refused with the reason and nothing kept; it replaces the lesson's course and makes it a cmi5 lesson",
        params: ZIdParam,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: ZCmi5Course, ...errors },
      },
    },
    async (request) => {
      const uploader = userId(request);
      const scratchDir = path.join(config.dataDir, 'work');
      return withRequestPackage(
        request,
        { scratchDir, uploads: packageUploads, messages: CMI5_MESSAGES },
        (file) => cmi5.importCourse(request.params.id, file, uploader),
      );
    },
  );

  app.delete(
    '/lessons/:id/cmi5',
    {
      config: { access: edit },
      schema: {
        tags,
        summary:
          "Remove a lesson's cmi5 course and its files; the lesson stays a cmi5 lesson without content until another course is uploaded. Learners' registrations are kept",
        params: ZIdParam,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cmi5.deleteCourse(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/lessons/:id/cmi5',
    {
      config: { access: view },
      schema: {
        tags,
        summary:
          "A lesson's cmi5 course: title, blocks and assignable units with their moveOn and masteryScore",
        params: ZIdParam,
        response: { 200: ZCmi5Course, ...errors },
      },
    },
    async (request) => cmi5.getCourse(request.params.id),
  );

  app.post(
    '/lessons/:id/cmi5/launch',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary:
          'Launch an assignable unit of an unlocked cmi5 lesson: the AU\'s URL with the cmi5 launch parameters (endpoint, one-time fetch URL, actor, registration, activityId); the LMS has written LMS.LaunchData and "launched", and abandoned the registration\'s open session',
        params: ZIdParam,
        querystring: ZCmi5LaunchQuery,
        response: { 200: ZCmi5Launch, ...errors },
      },
    },
    async (request) => cmi5.launch(userId(request), request.params.id, { au: request.query.au }, new Date()),
  );

  app.get(
    '/lessons/:id/cmi5/registration',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary:
          "The learner's registration in a cmi5 lesson: each AU's completed, passed, failed, waived and satisfied, and whether the course is satisfied",
        params: ZIdParam,
        response: { 200: ZCmi5Registration, ...errors },
      },
    },
    async (request) => cmi5.registration(userId(request), request.params.id, new Date()),
  );

  app.post(
    '/lessons/:id/cmi5/waive',
    {
      config: { access: { permission: 'PROGRESS_MANAGEMENT', denied: 'waive assignable units' } },
      schema: {
        tags,
        summary:
          'Waive one assignable unit for one learner (cmi5 "waived", with its reason): the AU is satisfied, and the lesson passes when the whole course is',
        params: ZIdParam,
        body: ZCmi5WaiveInput,
        response: { 200: ZCmi5Registration, ...errors },
      },
    },
    async (request) =>
      cmi5.waive(userId(request), request.params.id, request.body, new Date(), request.principal!.scope),
  );
};
