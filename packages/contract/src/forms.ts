import { z } from 'zod';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/**
 * Field helpers shared by JSON bodies and multipart forms. Multipart sends every value as a
 * string, so the helpers below also accept the string forms ('true', '12', '').
 */

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Trimmed optional text: '' and missing become null. */
export const zOptionalText = (max: number) =>
  z.preprocess(
    blankToNull,
    z.string().trim().max(max, `Must be at most ${max} characters`).nullable().optional(),
  );

/** A positive integer id; required. Accepts '12' from a form. */
export const zId = z.coerce
  .number({ error: MESSAGES.required })
  .int(MESSAGES.required)
  .positive(MESSAGES.required);

/** An optional id: '', null and missing become null. */
export const zOptionalId = z.preprocess(
  (v) => (v === '' || v === 'null' || v === undefined ? null : v),
  z.coerce.number().int().positive().nullable(),
);

/** A checkbox: true/false or the strings 'true'/'false'/'on'/'1'/'0'. */
export const zFormBoolean = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  if (['true', 'on', '1'].includes(v)) return true;
  if (['false', 'off', '0', ''].includes(v)) return false;
  return v;
}, z.boolean());

/** A calendar date 'YYYY-MM-DD'; '' and missing become null. */
export const zOptionalDate = z.preprocess(
  blankToNull,
  z.iso.date({ error: MESSAGES.dateInvalid }).nullable().optional(),
);

/**
 * True when someone born on `dateOfBirth` is over `years` years old on `today`, that is their
 * `years`th birthday is strictly before today (UTC calendar dates).
 */
export function isOlderThan(dateOfBirth: string, years: number, today: Date = new Date()): boolean {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  if (!y || !m || !d) return false;
  const birthday = Date.UTC(y + years, m - 1, d);
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return birthday < todayUtc;
}

/** Date of birth: optional; when given, the person must be over 16 (SPEC §5). */
export const zDateOfBirth = zOptionalDate.refine(
  (v) => v == null || (v >= '1900-01-01' && isOlderThan(v, LIMITS.minimumAgeYears)),
  MESSAGES.tooYoung,
);

/** Phone number: digits with optional +, spaces, dots, dashes and parentheses. */
export const zPhone = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(32, MESSAGES.phoneInvalid)
    .regex(/^\+?[0-9 ().-]{3,}$/, MESSAGES.phoneInvalid)
    .nullable()
    .optional(),
);

/** A new password chosen by a person (not trimmed: spaces are part of it). */
export const zNewPassword = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .refine((v) => v.trim().length > 0, MESSAGES.required)
  .pipe(z.string().min(LIMITS.passwordMinLength, MESSAGES.weakPassword).max(128, MESSAGES.tooLong));

/** A web address that must start with http:// or https:// (SPEC §5); optional. */
export const zWebsiteUrl = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(2000, MESSAGES.tooLong)
    .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v) && URL.canParse(v), MESSAGES.websiteUrlInvalid)
    .nullable()
    .optional(),
);
