import type { TNotification } from '@academy/contract';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/format';

/** The sentence of a notification, from its kind's words (locales: notifications.kinds.*). */
export function notificationText(t: TFunction, n: TNotification): string {
  const p = n.params;
  switch (n.kind) {
    case 'QA_REPLY':
      return t('notifications.kinds.QA_REPLY', { name: n.actor?.fullName ?? p.name ?? '', title: p.title });
    case 'ASSIGNMENT_DUE':
      return t('notifications.kinds.ASSIGNMENT_DUE', {
        title: p.title,
        date: p.dueAt ? formatDate(p.dueAt) : '',
      });
    default:
      return t(`notifications.kinds.${n.kind}`, p);
  }
}

/** A line under the sentence, where the kind has one (a reply's first words). */
export function notificationDetail(n: TNotification): string {
  return n.kind === 'QA_REPLY' ? (n.params.excerpt ?? '') : '';
}
