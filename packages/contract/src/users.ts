import { z } from 'zod';
import { zRequiredText } from './common';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { PERMISSION_KEYS, ROLE_CODES } from './permissions';

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export const USER_ACCESS = ['ALLOWED', 'STOPPED'] as const;

/** The words for the codes in files people read (exports) and write (imports). */
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  MALE: 'Male',
  FEMALE: 'Female',
  OTHER: 'Other',
};
export const USER_ACCESS_LABELS: Record<(typeof USER_ACCESS)[number], string> = {
  ALLOWED: 'Allowed',
  STOPPED: 'Stopped',
};

/** GET users/info (SPEC §3 "Current user"). */
export const ZCurrentUser = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  email: z.string(),
  role: z.object({ codeName: z.enum(ROLE_CODES) }),
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  fullName: z.string().nullable(),
  avatar: z.string().nullable(),
  activePassword: z.boolean(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** PUT users/change-password. */
export const ZChangePassword = z
  .object({
    oldPassword: z.string().min(1, MESSAGES.required),
    newPassword: zRequiredText(128).pipe(z.string().min(LIMITS.passwordMinLength, MESSAGES.weakPassword)),
    confirmPassword: z.string().min(1, MESSAGES.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });
export type TChangePassword = z.infer<typeof ZChangePassword>;

/** One row of GET users (management list). */
export const ZUserListItem = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLE_CODES),
  access: z.enum(USER_ACCESS),
  serviceId: z.number().int().nullable(),
  serviceName: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  authorizationId: z.number().int().nullable(),
  authorizationName: z.string().nullable(),
  position: z.string().nullable(),
});
export type TUserListItem = z.infer<typeof ZUserListItem>;

/** GET config: what the web app needs to sign in, in embedded and external mode alike. */
export const ZPublicConfig = z.object({
  /** `scope`: the scopes to request (OIDC_SCOPE; `openid profile email offline_access` by default). */
  oidc: z.object({ authority: z.string(), clientId: z.string(), scope: z.string() }),
  /** Who keeps passwords: the academy (embedded provider) or the external sign-in provider. */
  passwordsManagedBy: z.enum(['academy', 'provider']),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
