import { z } from 'zod';
import { ZPageQuery } from './common';

/**
 * Notifications (issue 22, point 4): in the product (the header's bell, /notifications) and by
 * mail, per kind as the person chooses on the account page. Delivered once by the job queue.
 */
export const NOTIFICATION_KINDS = [
  'QA_REPLY',
  'CERTIFICATE_ISSUED',
  'EXAM_UNLOCKED',
  'EXAM_LOCKED',
  'ROADMAP_COURSE_ADDED',
  'ASSIGNMENT_DUE',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Until a person chooses: in the product always; by mail what needs acting on or keeping. */
export const NOTIFICATION_DEFAULTS: Record<NotificationKind, { inApp: boolean; mail: boolean }> = {
  QA_REPLY: { inApp: true, mail: true },
  CERTIFICATE_ISSUED: { inApp: true, mail: true },
  EXAM_UNLOCKED: { inApp: true, mail: true },
  EXAM_LOCKED: { inApp: true, mail: true },
  ROADMAP_COURSE_ADDED: { inApp: true, mail: false },
  ASSIGNMENT_DUE: { inApp: true, mail: true },
};

/**
 * The words of a notification, by kind (the web app's locale and the mail fill their sentence):
 * QA_REPLY { title, excerpt }, CERTIFICATE_ISSUED { course, code }, EXAM_UNLOCKED and
 * EXAM_LOCKED { lesson, course }, ROADMAP_COURSE_ADDED { course, roadmap }, ASSIGNMENT_DUE
 * { title, dueAt } (an ISO date).
 */
export const ZNotificationParams = z.record(z.string(), z.string());
export type TNotificationParams = z.infer<typeof ZNotificationParams>;

export const ZNotificationActor = z.object({
  id: z.number().int(),
  fullName: z.string(),
  avatar: z.string().nullable(),
});

export const ZNotification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: ZNotificationParams,
  /** The web app's path to open (a question, the certificates, a lesson, a course). */
  url: z.string(),
  actor: ZNotificationActor.nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationQuery = ZPageQuery.pick({ page: true, size: true }).extend({
  unread: z.enum(['true', 'false']).optional(),
});

export const ZUnreadCount = z.object({ unread: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/** POST notifications/read: these ids, or those about one subject (a question's page); neither: all. */
export const ZMarkReadInput = z
  .object({
    ids: z.array(z.number().int().positive()).max(1000).optional(),
    subject: z.string().max(64).optional(),
  })
  .optional();
export type TMarkReadInput = z.input<typeof ZMarkReadInput>;

export const ZNotificationPreference = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  inApp: z.boolean(),
  mail: z.boolean(),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

/** PUT notifications/preferences: the kinds to change (others keep their choice). */
export const ZNotificationPreferencesInput = z
  .array(ZNotificationPreference)
  .min(1)
  .max(NOTIFICATION_KINDS.length)
  .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, 'Each kind at most once');
export type TNotificationPreferencesInput = z.infer<typeof ZNotificationPreferencesInput>;
