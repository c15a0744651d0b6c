import { action, defineMail, greeting, note, paragraph } from '../template';

/** A new account's link to choose a password (users/import). */
export const welcome = defineMail<{ fullName: string; employeeCode: string; token: string; days: number }>({
  sample: { fullName: 'Minh Tran', employeeCode: 'EMP0042', token: 'sample-token', days: 7 },
  compose: (data, { t, url }) => ({
    subject: t('welcome.subject'),
    blocks: [
      greeting(t, data.fullName),
      paragraph(t('welcome.intro')),
      ...action(t, t('welcome.action'), url(`/forgot-password?token=${encodeURIComponent(data.token)}`)),
      paragraph(t('welcome.expiry', { count: data.days })),
      paragraph(t('welcome.signIn', { employeeCode: data.employeeCode })),
      note(t('welcome.expired')),
    ],
  }),
});
