import { z } from 'zod';
import { ZPageQuery, zEmail, zRequiredText } from './common';
import { zWholeNumber } from './courses';
import { zFormBoolean, zId, zOptionalText } from './forms';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/** Limits of recruitment posts and applications (SPEC §5 where it gives them). */
export const RECRUITMENT_LIMITS = {
  vacancy: LIMITS.shortText,
  shortText: LIMITS.shortText,
  longText: LIMITS.text,
  message: LIMITS.description,
  /** Number of recruits a post asks for. */
  maxQuantity: 1000,
  /** Salaries are whole amounts in RECRUITMENT_CURRENCY. */
  maxSalary: 2_000_000_000,
  /** The candidate's CV (PDF only). */
  cvBytes: 5 * 1024 * 1024,
  /** The application form: the blank one on a post, the filled one sent with an application. */
  applicationFormBytes: 5 * 1024 * 1024,
  /** Phone numbers as typed, at most this many characters. */
  phone: 32,
} as const;

/** Salaries are shown in this currency. */
export const RECRUITMENT_CURRENCY = 'VND';

export const RECRUITMENT_MESSAGES = {
  postNotFound: 'Cannot find recruitment post',
  deadlinePassed: 'The application deadline has passed',
  endDateInFuture: 'The end date must be in the future',
  salaryMinBelowMax: 'The minimum salary must be below the maximum salary',
  alreadyApplied: 'This email has already applied to this post',
  applicationNotFound: 'This application does not exist',
  cvTooLarge: 'The CV must be at most 5 MB',
  applicationFormTooLarge: 'The application form must be at most 5 MB',
  documentDamaged: 'This document is damaged or is not a real Word file',
  fileNotFound: 'This file does not exist',
} as const;

/** Form of work (SPEC §3). */
export const WORK_FORMS = ['FULL_TIME', 'PART_TIME'] as const;
export type WorkForm = (typeof WORK_FORMS)[number];

/** Who a post is for (SPEC §3: male, female, all). */
export const POST_GENDERS = ['MALE', 'FEMALE', 'ALL'] as const;
export type PostGender = (typeof POST_GENDERS)[number];

/** A post is open until its end date passes; an indefinite post stays open (SPEC §4). */
export const POST_STATUSES = ['OPEN', 'CLOSED'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** List filter: open, closed or all posts. */
export const POST_STATUS_FILTERS = ['open', 'closed', 'all'] as const;
export type PostStatusFilter = (typeof POST_STATUS_FILTERS)[number];

/** An application waits for review, then is approved or disapproved (SPEC §3, §4). */
export const APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'DISAPPROVED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Open when there is no end date or it is still ahead. */
export function postStatus(endDate: string | Date | null, now: Date = new Date()): PostStatus {
  if (endDate === null) return 'OPEN';
  const end = typeof endDate === 'string' ? new Date(endDate) : endDate;
  return end.getTime() > now.getTime() ? 'OPEN' : 'CLOSED';
}

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** An optional salary: blank is none, else a whole number from 0 to maxSalary. */
const zOptionalSalary = z.preprocess((v) => {
  const blank = blankToNull(v);
  return typeof blank === 'string' ? Number(blank.trim()) : blank;
}, z
  .number({ error: MESSAGES.mustBeNumber })
  .int(MESSAGES.mustBeNumber)
  .min(0, MESSAGES.mustBeNumber)
  .max(RECRUITMENT_LIMITS.maxSalary, `Must be at most ${RECRUITMENT_LIMITS.maxSalary}`)
  .nullable()
  .optional());

/**
 * The end of applications: an ISO date-time with its offset (the web form sends the end of the
 * chosen day in the browser's time zone). Blank is none.
 */
const zOptionalEndDate = z.preprocess(
  blankToNull,
  z.iso.datetime({ offset: true, error: MESSAGES.dateInvalid }).nullable().optional(),
);

const postFields = {
  vacancy: zRequiredText(RECRUITMENT_LIMITS.vacancy),
  branchId: zId,
  /** No end date: the post stays open until it is edited or deleted. */
  indefinite: zFormBoolean.default(false),
  endDate: zOptionalEndDate,
  salaryMin: zOptionalSalary,
  salaryMax: zOptionalSalary,
  workForm: z.enum(WORK_FORMS, { error: MESSAGES.required }),
  gender: z.preprocess((v) => (v === '' || v == null ? 'ALL' : v), z.enum(POST_GENDERS)),
  quantity: zWholeNumber(1, RECRUITMENT_LIMITS.maxQuantity),
  degree: zOptionalText(RECRUITMENT_LIMITS.shortText),
  experience: zOptionalText(RECRUITMENT_LIMITS.shortText),
  rank: zOptionalText(RECRUITMENT_LIMITS.shortText),
  workplace: zOptionalText(RECRUITMENT_LIMITS.shortText),
  address: zOptionalText(RECRUITMENT_LIMITS.shortText),
  jobDescription: zRequiredText(RECRUITMENT_LIMITS.longText),
  requirements: zOptionalText(RECRUITMENT_LIMITS.longText),
  benefits: zOptionalText(RECRUITMENT_LIMITS.longText),
  hrPolicy: zOptionalText(RECRUITMENT_LIMITS.longText),
  /** On edit, without a new file: drop the current banner / application form. */
  removeBanner: zFormBoolean.default(false),
  removeApplicationForm: zFormBoolean.default(false),
};

/**
 * POST recruitment-posts, PUT recruitment-posts/{id}: multipart fields (files in `banner`, an
 * image, and `applicationForm`, doc/docx). An end date is required unless the post is
 * indefinite; the minimum salary must be below the maximum. That a new end date lies in the
 * future is checked by the server against its clock (an unchanged one may have passed).
 */
export const ZRecruitmentPostForm = z.object(postFields).superRefine((v, ctx) => {
  if (!v.indefinite && !v.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES.required });
  }
  if (v.salaryMin != null && v.salaryMax != null && v.salaryMin >= v.salaryMax) {
    ctx.addIssue({ code: 'custom', path: ['salaryMax'], message: RECRUITMENT_MESSAGES.salaryMinBelowMax });
  }
});
export type TRecruitmentPostForm = z.input<typeof ZRecruitmentPostForm>;
export type TRecruitmentPostInput = z.output<typeof ZRecruitmentPostForm>;

/** A file offered for download: its name, size and where to get it. */
export const ZRecruitmentFile = z.object({ name: z.string(), size: z.number().int(), url: z.string() });
export type TRecruitmentFile = z.infer<typeof ZRecruitmentFile>;

/** One post in a list (public and management). */
export const ZRecruitmentPostSummary = z.object({
  id: z.number().int(),
  vacancy: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  serviceName: z.string(),
  /** ISO date-time; null for an indefinite post. */
  endDate: z.string().nullable(),
  status: z.enum(POST_STATUSES),
  salaryMin: z.number().int().nullable(),
  salaryMax: z.number().int().nullable(),
  workForm: z.enum(WORK_FORMS),
  quantity: z.number().int(),
  workplace: z.string().nullable(),
  /** Banner image URL under /files, or null. */
  banner: z.string().nullable(),
  createdAt: z.string(),
});
export type TRecruitmentPostSummary = z.infer<typeof ZRecruitmentPostSummary>;

/** GET recruitment/{id}: everything a visitor sees of a post. */
export const ZRecruitmentPostDetail = ZRecruitmentPostSummary.extend({
  gender: z.enum(POST_GENDERS),
  degree: z.string().nullable(),
  experience: z.string().nullable(),
  rank: z.string().nullable(),
  address: z.string().nullable(),
  jobDescription: z.string(),
  requirements: z.string().nullable(),
  benefits: z.string().nullable(),
  hrPolicy: z.string().nullable(),
  /** The blank application form to download (public). */
  applicationForm: ZRecruitmentFile.nullable(),
});
export type TRecruitmentPostDetail = z.infer<typeof ZRecruitmentPostDetail>;

const applicationCounts = {
  applicationCount: z.number().int(),
  pendingCount: z.number().int(),
  approvedCount: z.number().int(),
};

/** GET recruitment-posts: a management list row, with its application counts. */
export const ZRecruitmentPostRow = ZRecruitmentPostSummary.extend(applicationCounts);
export type TRecruitmentPostRow = z.infer<typeof ZRecruitmentPostRow>;

/** GET recruitment-posts/{id} (and the answer of POST/PUT): the post with its counts. */
export const ZRecruitmentPost = ZRecruitmentPostDetail.extend({
  ...applicationCounts,
  updatedAt: z.string(),
});
export type TRecruitmentPost = z.infer<typeof ZRecruitmentPost>;

/** GET recruitment (public; default: open posts) and GET recruitment-posts (default: all). */
export const ZRecruitmentListQuery = ZPageQuery.extend({
  branchId: z.coerce.number().int().positive().optional(),
  status: z.enum(POST_STATUS_FILTERS).optional(),
});
export type TRecruitmentListQuery = z.infer<typeof ZRecruitmentListQuery>;

/** A branch that has recruitment posts, for the public branch filter. */
export const ZRecruitmentBranch = z.object({
  id: z.number().int(),
  name: z.string(),
  openCount: z.number().int(),
});
export type TRecruitmentBranch = z.infer<typeof ZRecruitmentBranch>;

/** A phone number as the candidate types it: required, digits with + ( ) . - and spaces. */
const zRequiredPhone = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(RECRUITMENT_LIMITS.phone, MESSAGES.phoneInvalid)
  .regex(/^\+?[0-9 ().-]{6,}$/, MESSAGES.phoneInvalid);

/** Name of the hidden field people never fill in; a form that fills it is a robot's. */
export const APPLICATION_HONEYPOT = 'homepage';

/**
 * POST recruitment/{id}/apply: multipart fields; the CV goes in `cv` (PDF, required) and the
 * filled application form in `applicationForm` (doc/docx, optional).
 */
export const ZApplicationForm = z.object({
  fullName: zRequiredText(RECRUITMENT_LIMITS.shortText),
  email: zEmail.pipe(
    z
      .string()
      .max(RECRUITMENT_LIMITS.shortText, `Must be at most ${RECRUITMENT_LIMITS.shortText} characters`),
  ),
  phone: zRequiredPhone,
  message: zOptionalText(RECRUITMENT_LIMITS.message),
  [APPLICATION_HONEYPOT]: z.string().optional(),
});
export type TApplicationForm = z.input<typeof ZApplicationForm>;
export type TApplicationInput = z.output<typeof ZApplicationForm>;

/** The answer to an application: what the confirmation page shows. */
export const ZApplicationReceipt = z.object({
  postId: z.number().int(),
  vacancy: z.string(),
  fullName: z.string(),
  email: z.string(),
});
export type TApplicationReceipt = z.infer<typeof ZApplicationReceipt>;

/** One application (CV) as HR sees it. The files are only served by guarded API calls. */
export const ZApplication = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  vacancy: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  cv: ZRecruitmentFile,
  applicationForm: ZRecruitmentFile.nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type TApplication = z.infer<typeof ZApplication>;

/** GET recruitment-posts/{id}/applications: paged, q searches name, email and phone. */
export const ZApplicationListQuery = ZPageQuery.extend({
  status: z.enum(APPLICATION_STATUSES).optional(),
});
export type TApplicationListQuery = z.infer<typeof ZApplicationListQuery>;

/** Where the API lives; file URLs in answers are full paths from the site root. */
const API_ROOT = '/services/core/api';

/** An application's CV (PDF, shown inline): bearer token with RECRUITMENT_MANAGEMENT needed. */
export function applicationCvUrl(id: number): string {
  return `${API_ROOT}/recruitment-applications/${id}/cv`;
}
/** The filled application form sent with an application: bearer token needed. */
export function applicationFormUrl(id: number): string {
  return `${API_ROOT}/recruitment-applications/${id}/application-form`;
}
/** A post's blank application form: public. */
export function postApplicationFormUrl(postId: number): string {
  return `${API_ROOT}/recruitment/${postId}/application-form`;
}

/** Columns of a post's applications export (.xlsx), in order. */
export const APPLICATION_EXPORT_COLUMNS = [
  { key: 'id', header: 'No.', width: 8 },
  { key: 'fullName', header: 'Full name', width: 28 },
  { key: 'email', header: 'Email', width: 32 },
  { key: 'phone', header: 'Phone number', width: 18 },
  { key: 'message', header: 'Message', width: 48 },
  { key: 'status', header: 'Status', width: 14 },
  { key: 'hasApplicationForm', header: 'Application form', width: 18 },
  { key: 'createdAt', header: 'Applied at', width: 20 },
  { key: 'reviewedAt', header: 'Reviewed at', width: 20 },
  { key: 'reviewedBy', header: 'Reviewed by', width: 24 },
] as const;
