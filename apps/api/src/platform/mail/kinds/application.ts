import { action, defineMail, greeting, note, paragraph } from '../template';

/** What every recruitment mail knows about the application (recruitment). */
type Application = { fullName: string; postId: number; vacancy: string; branch: string };

const sample: Application = {
  fullName: 'Thu Le',
  postId: 1,
  vacancy: 'Network operations engineer',
  branch: 'Hanoi branch',
};

/** The confirmation a candidate gets right after applying. */
export const applicationReceived = defineMail<Application>({
  sample,
  compose: (data, { t, url }) => ({
    subject: t('applicationReceived.subject', { vacancy: data.vacancy }),
    blocks: [
      greeting(t, data.fullName),
      paragraph(t('applicationReceived.intro', { vacancy: data.vacancy, branch: data.branch })),
      paragraph(t('applicationReceived.review')),
      ...action(t, t('applicationReceived.action'), url(`/recruitment/${data.postId}`)),
    ],
  }),
});

/** HR approved the CV. */
export const applicationApproved = defineMail<Application>({
  sample,
  compose: (data, { t, url }) => ({
    subject: t('applicationApproved.subject', { vacancy: data.vacancy }),
    blocks: [
      greeting(t, data.fullName),
      paragraph(t('applicationApproved.intro', { vacancy: data.vacancy, branch: data.branch })),
      paragraph(t('applicationApproved.next')),
      ...action(t, t('applicationApproved.action'), url(`/recruitment/${data.postId}`)),
    ],
  }),
});

/** HR disapproved the CV. */
export const applicationDeclined = defineMail<Application>({
  sample,
  compose: (data, { t, url }) => ({
    subject: t('applicationDeclined.subject', { vacancy: data.vacancy }),
    blocks: [
      greeting(t, data.fullName),
      paragraph(t('applicationDeclined.intro', { vacancy: data.vacancy, branch: data.branch })),
      paragraph(t('applicationDeclined.decision')),
      note(t('applicationDeclined.more')),
      ...action(t, t('applicationDeclined.action'), url('/recruitment')),
    ],
  }),
});
