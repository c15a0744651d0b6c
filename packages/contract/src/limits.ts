/** Validation limits and business constants (SPEC §5, §9). */
export const LIMITS = {
  authorizationName: 200,
  courseName: 200,
  topicName: 200,
  description: 2000,
  text: 4000,
  shortText: 255,
  maxImages: 5,
  imageBytes: 5 * 1024 * 1024,
  videoBytes: 6 * 1024 * 1024 * 1024,
  minimumAgeYears: 16,
  passwordMinLength: 8,
  messageDialogMs: 5000,
  printScreenFlagMs: 3000,
  tokenMinValiditySeconds: 5,
  loginStateSeconds: 3600,
} as const;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1_000_000_000;
