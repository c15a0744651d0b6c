import type { Translate } from '../catalogue';
import { oneLine } from '../layout';
import { action, defineMail, note, paragraph } from '../template';

/**
 * The learner's notifications by mail (modules/notifications, decision 93): a certificate issued,
 * an exam locked or open again, a new course in the roadmap, an assignment due. Each links to
 * the page to open; the footer note says where to choose which come by mail.
 */
const choose = (t: Translate) => note(t('learning.choose'));

export const certificateIssued = defineMail<{ course: string; code: string; path: string }>({
  sample: {
    course: 'Customer care essentials',
    code: '7K2Q-9XMP-ACDF',
    path: '/training-academy/study-progress',
  },
  compose: (data, { t, url }) => ({
    subject: t('certificateIssued.subject', { course: oneLine(data.course) }),
    blocks: [
      paragraph(t('certificateIssued.intro', { course: oneLine(data.course) })),
      paragraph(t('certificateIssued.code', { code: data.code })),
      ...action(t, t('certificateIssued.action'), url(data.path)),
      choose(t),
    ],
  }),
});

export const examLocked = defineMail<{ lesson: string; course: string; path: string }>({
  sample: {
    lesson: 'Closing a customer call',
    course: 'Customer care essentials',
    path: '/training-academy',
  },
  compose: (data, { t, url }) => ({
    subject: t('examLocked.subject', { lesson: oneLine(data.lesson) }),
    blocks: [
      paragraph(t('examLocked.intro', { lesson: oneLine(data.lesson), course: oneLine(data.course) })),
      paragraph(t('examLocked.next')),
      ...action(t, t('examLocked.action'), url(data.path)),
      choose(t),
    ],
  }),
});

export const examUnlocked = defineMail<{ lesson: string; course: string; path: string }>({
  sample: {
    lesson: 'Closing a customer call',
    course: 'Customer care essentials',
    path: '/training-academy',
  },
  compose: (data, { t, url }) => ({
    subject: t('examUnlocked.subject', { lesson: oneLine(data.lesson) }),
    blocks: [
      paragraph(t('examUnlocked.intro', { lesson: oneLine(data.lesson), course: oneLine(data.course) })),
      ...action(t, t('examUnlocked.action'), url(data.path)),
      choose(t),
    ],
  }),
});

export const roadmapCourseAdded = defineMail<{ course: string; path: string }>({
  sample: { course: 'Selling mobile plans', path: '/training-academy/roadmap' },
  compose: (data, { t, url }) => ({
    subject: t('roadmapCourseAdded.subject', { course: oneLine(data.course) }),
    blocks: [
      paragraph(t('roadmapCourseAdded.intro', { course: oneLine(data.course) })),
      ...action(t, t('roadmapCourseAdded.action'), url(data.path)),
      choose(t),
    ],
  }),
});

export const assignmentDue = defineMail<{ title: string; dueAt: string; path: string }>({
  sample: { title: 'Fire safety', dueAt: '2026-12-01T00:00:00.000Z', path: '/training-academy' },
  compose: (data, { t, url }) => {
    const date = new Date(data.dueAt).toUTCString().slice(0, 16);
    return {
      subject: t('assignmentDue.subject', { title: oneLine(data.title), date }),
      blocks: [
        paragraph(t('assignmentDue.intro', { title: oneLine(data.title), date })),
        ...action(t, t('assignmentDue.action'), url(data.path)),
        choose(t),
      ],
    };
  },
});
