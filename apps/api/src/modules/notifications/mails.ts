import type { NotificationKind, TNotificationParams } from '@academy/contract';
import type { MailRequest } from '../../platform/mail';

/**
 * The mail of one notification: its kind's template (platform/mail/kinds: qaReply, and the
 * learning kinds) with the notification's words and the page it opens.
 */
export function notificationMail(
  to: string,
  kind: NotificationKind,
  p: TNotificationParams,
  path: string,
): MailRequest {
  const words = (key: string) => p[key] ?? '';
  switch (kind) {
    case 'QA_REPLY': {
      const questionId = Number(/\/qa\/(\d+)/.exec(path)?.[1] ?? 0);
      return {
        to,
        kind: 'qaReply',
        data: { questionId, title: words('title'), replier: words('name'), excerpt: words('excerpt') },
      };
    }
    case 'CERTIFICATE_ISSUED':
      return { to, kind: 'certificateIssued', data: { course: words('course'), code: words('code'), path } };
    case 'EXAM_LOCKED':
      return { to, kind: 'examLocked', data: { lesson: words('lesson'), course: words('course'), path } };
    case 'EXAM_UNLOCKED':
      return { to, kind: 'examUnlocked', data: { lesson: words('lesson'), course: words('course'), path } };
    case 'ROADMAP_COURSE_ADDED':
      return { to, kind: 'roadmapCourseAdded', data: { course: words('course'), path } };
    case 'ASSIGNMENT_DUE':
      return { to, kind: 'assignmentDue', data: { title: words('title'), dueAt: words('dueAt'), path } };
  }
}
