import {
  ZApiError,
  ZMarkReadInput,
  ZNotification,
  ZNotificationPreference,
  ZNotificationPreferencesInput,
  ZNotificationQuery,
  ZUnreadCount,
} from '@academy/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { unauthorized } from '../../platform/http/errors';
import { setTotal } from '../../platform/http/pagination';
import {
  listNotifications,
  markNotificationsRead,
  preferencesOf,
  savePreferences,
  unreadNotifications,
} from './service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const tags = ['notifications'];
const signedIn = { access: { signedIn: true } } as const;

function me(request: { principal: { id: number } | null }): number {
  if (!request.principal) throw unauthorized();
  return request.principal.id;
}

/** The caller's notifications and their choice of in-app and mail per kind (issue 22). */
export const notificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/notifications',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The caller's notifications, newest first (unread=true: unread only)",
        querystring: ZNotificationQuery,
        response: { 200: z.array(ZNotification), ...errors },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listNotifications(ctx.db, me(request), request.query);
      setTotal(reply, total);
      return rows;
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "How many of the caller's notifications are unread (the header's bell)",
        response: { 200: ZUnreadCount, ...errors },
      },
    },
    async (request) => ({ unread: await unreadNotifications(ctx.db, me(request)) }),
  );

  app.post(
    '/notifications/read',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Mark notifications read: these ids, those about one subject, or (empty body) all',
        body: ZMarkReadInput,
        response: { 200: ZUnreadCount, ...errors },
      },
    },
    async (request) => ({ unread: await markNotificationsRead(ctx.db, me(request), request.body ?? {}) }),
  );

  app.get(
    '/notifications/preferences',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Per kind: in the product and/or by mail',
        response: { 200: z.array(ZNotificationPreference), ...errors },
      },
    },
    async (request) => preferencesOf(ctx.db, me(request)),
  );

  app.put(
    '/notifications/preferences',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Change the choice of some kinds (the others keep theirs); answers every kind',
        body: ZNotificationPreferencesInput,
        response: { 200: z.array(ZNotificationPreference), ...errors },
      },
    },
    async (request) => savePreferences(ctx.db, me(request), request.body),
  );
};
