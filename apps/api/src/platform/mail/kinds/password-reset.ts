import { action, defineMail, greeting, note, paragraph } from '../template';

/** The "Forgot password" link (users/recovery). */
export const passwordReset = defineMail<{ fullName: string | null; token: string; minutes: number }>({
  sample: { fullName: 'Hoa Nguyen', token: 'sample-token', minutes: 60 },
  compose: (data, { t, url }) => ({
    subject: t('passwordReset.subject'),
    blocks: [
      greeting(t, data.fullName),
      paragraph(t('passwordReset.intro')),
      ...action(
        t,
        t('passwordReset.action'),
        url(`/forgot-password?token=${encodeURIComponent(data.token)}`),
      ),
      paragraph(t('passwordReset.expiry', { count: data.minutes })),
      note(t('passwordReset.notYou')),
    ],
  }),
});
