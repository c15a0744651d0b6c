import { z } from 'zod';
import { zEmail, zRequiredText } from './common';
import { zDateOfBirth, zNewPassword, zOptionalText, zPhone } from './forms';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { GENDERS } from './users';

/** PUT users/info: what a signed-in user may change about themselves. */
export const ZProfileInput = z.object({
  fullName: zRequiredText(LIMITS.shortText),
  phone: zPhone,
  dateOfBirth: zDateOfBirth,
  gender: z.preprocess((v) => (v === '' ? null : v), z.enum(GENDERS).nullable().optional()),
  workplace: zOptionalText(LIMITS.shortText),
  position: zOptionalText(LIMITS.shortText),
});
export type TProfileInput = z.input<typeof ZProfileInput>;

/** The signed-in user's own profile (answer of PUT users/info and GET users/profile). */
export const ZProfile = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  workplace: z.string().nullable(),
  position: z.string().nullable(),
  authorizedOn: z.string().nullable(),
  serviceName: z.string().nullable(),
  branchName: z.string().nullable(),
  departmentName: z.string().nullable(),
  authorizationName: z.string().nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

/** Largest avatar accepted by POST users/avatar (SPEC: "files smaller than 1024 KB"). */
export const AVATAR_MAX_BYTES = 1024 * 1024;

/** GET users/check-email?email= → { exists }. */
export const ZCheckEmailQuery = z.object({ email: zEmail });
export const ZCheckEmailResult = z.object({ exists: z.boolean() });
export type TCheckEmailResult = z.infer<typeof ZCheckEmailResult>;

/** POST users/recovery-password: mails a reset link valid for one hour. */
export const ZRecoveryPassword = z.object({ email: zEmail });
export type TRecoveryPassword = z.infer<typeof ZRecoveryPassword>;

/** How long a password reset link works. */
export const RESET_LINK_MINUTES = 60;

/** POST users/reset-password: the token from the mailed link and the new password. */
export const ZResetPassword = z
  .object({
    token: z.string({ error: MESSAGES.resetLinkInvalid }).min(1, MESSAGES.resetLinkInvalid).max(200),
    newPassword: zNewPassword,
    confirmPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });
export type TResetPassword = z.infer<typeof ZResetPassword>;

/** One place where the signed-in user is signed in (GET users/sessions). */
export const ZUserSession = z.object({
  id: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type TUserSession = z.infer<typeof ZUserSession>;
export const ZEndedSessions = z.object({ ended: z.number().int() });
