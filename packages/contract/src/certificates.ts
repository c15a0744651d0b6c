import { z } from 'zod';
import { ZPageQuery, zRequiredText } from './common';
import { LIMITS } from './limits';

/**
 * Certificates (SPEC §3 Certificate; §5 "certificate must be a one-page PDF"; §8). A certificate
 * is a named single-page PDF template on which staff place the learner's name, the course name,
 * the date and a verification code. When a learner completes a course that grants a certificate
 * it is issued to them once, rendered from the template, and anyone can verify it by its code.
 */

export const CERTIFICATE_MESSAGES = {
  notFound: 'This certificate does not exist',
  onePage: 'The certificate must be a one-page PDF',
  unreadable: 'This PDF cannot be read. Please upload another file',
  inUse: 'This certificate is currently in use',
  issuedNotFound: 'This issued certificate does not exist',
  invalidCode: 'No certificate matches this verification code',
} as const;

export const CERTIFICATE_LIMITS = {
  name: LIMITS.courseName,
  templateBytes: 10 * 1024 * 1024,
  minFontSize: 6,
  maxFontSize: 96,
} as const;

/** The texts placed on a template. */
export const CERTIFICATE_FIELDS = ['fullName', 'courseName', 'date', 'code'] as const;
export type CertificateField = (typeof CERTIFICATE_FIELDS)[number];

export const CERTIFICATE_FIELD_LABELS: Record<CertificateField, string> = {
  fullName: "Learner's name",
  courseName: 'Course name',
  date: 'Date',
  code: 'Verification code',
};

export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
/** Embedded Unicode fonts (DejaVu): every Latin script including Vietnamese, Greek and Cyrillic. */
export const CERTIFICATE_FONTS = ['sans', 'serif'] as const;

/**
 * Where one text goes: `x` and `y` are fractions of the page's width and height measured from
 * its top-left corner (so a layout fits any page size); `y` is the text's baseline and `x` its
 * left end, centre or right end according to `align`. `fontSize` is in PDF points.
 */
export const ZFieldPlacement = z.object({
  visible: z.boolean(),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  fontSize: z
    .number()
    .min(CERTIFICATE_LIMITS.minFontSize, `At least ${CERTIFICATE_LIMITS.minFontSize}`)
    .max(CERTIFICATE_LIMITS.maxFontSize, `At most ${CERTIFICATE_LIMITS.maxFontSize}`),
  align: z.enum(TEXT_ALIGNS),
  /** #RRGGBB */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour looks like #251A5B'),
  bold: z.boolean(),
  font: z.enum(CERTIFICATE_FONTS),
});
export type TFieldPlacement = z.infer<typeof ZFieldPlacement>;

export const ZCertificateLayout = z.object({
  fullName: ZFieldPlacement,
  courseName: ZFieldPlacement,
  date: ZFieldPlacement,
  code: ZFieldPlacement,
});
export type TCertificateLayout = z.infer<typeof ZCertificateLayout>;

/** Where texts go on a new template until staff move them: centred name and course, date and code below. */
export const DEFAULT_CERTIFICATE_LAYOUT: TCertificateLayout = {
  fullName: {
    visible: true,
    x: 0.5,
    y: 0.46,
    fontSize: 30,
    align: 'center',
    color: '#251A5B',
    bold: true,
    font: 'serif',
  },
  courseName: {
    visible: true,
    x: 0.5,
    y: 0.58,
    fontSize: 18,
    align: 'center',
    color: '#251A5B',
    bold: false,
    font: 'sans',
  },
  date: {
    visible: true,
    x: 0.25,
    y: 0.82,
    fontSize: 12,
    align: 'center',
    color: '#333333',
    bold: false,
    font: 'sans',
  },
  code: {
    visible: true,
    x: 0.75,
    y: 0.82,
    fontSize: 10,
    align: 'center',
    color: '#333333',
    bold: false,
    font: 'sans',
  },
};

/** A certificate (template) as staff see it. */
export const ZCertificate = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The uploaded file's name. */
  fileName: z.string(),
  /** Page size in PDF points. */
  pageWidth: z.number(),
  pageHeight: z.number(),
  layout: ZCertificateLayout,
  /** Courses that grant it and certificates issued from it: either makes it "in use". */
  courseCount: z.number().int(),
  issuedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCertificate = z.infer<typeof ZCertificate>;

/** GET certificates/options: what a course may grant (id and name only). */
export const ZCertificateOption = z.object({ id: z.number().int(), name: z.string() });
export type TCertificateOption = z.infer<typeof ZCertificateOption>;

export const ZCertificateListQuery = ZPageQuery;
export type TCertificateListQuery = z.infer<typeof ZCertificateListQuery>;

/**
 * POST certificates, PUT certificates/{id}: multipart with `name` and the PDF in `file`
 * (required when adding; on edit a new file replaces the template and keeps the layout).
 */
export const ZCertificateForm = z.object({ name: zRequiredText(CERTIFICATE_LIMITS.name) });
export type TCertificateForm = z.input<typeof ZCertificateForm>;

/** Sample texts of a preview; blanks take the defaults below. */
export const ZCertificateSample = z.object({
  fullName: z.string().trim().max(LIMITS.shortText).optional(),
  courseName: z.string().trim().max(LIMITS.shortText).optional(),
  date: z.string().trim().max(64).optional(),
  code: z.string().trim().max(64).optional(),
});

/** POST certificates/{id}/preview: a layout (saved or not) rendered with sample texts, as a PDF. */
export const ZCertificatePreviewInput = z.object({
  layout: ZCertificateLayout,
  sample: ZCertificateSample.optional(),
});
export type TCertificatePreviewInput = z.input<typeof ZCertificatePreviewInput>;

export const CERTIFICATE_SAMPLE = {
  fullName: 'Nguyễn Thị Ánh Tuyết',
  courseName: 'Customer care essentials',
  date: '15 March 2026',
  code: 'ACAD-7K2Q-9XMP',
} as const;

/**
 * Whether an issued certificate is still valid (decision 104): valid through its expiry day, expired
 * after it; a certificate without an expiry never expires.
 */
export const CERTIFICATE_STATUSES = ['VALID', 'EXPIRED'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** A certificate issued to a learner for a course. */
export const ZIssuedCertificate = z.object({
  id: z.number().int(),
  code: z.string(),
  userId: z.number().int(),
  fullName: z.string(),
  employeeCode: z.string(),
  courseId: z.number().int().nullable(),
  courseName: z.string(),
  certificateId: z.number().int(),
  certificateName: z.string(),
  issuedAt: z.string(),
  /** The last moment it is valid (the end of its expiry day in the academy's time zone); null: never expires. */
  expiresAt: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
  /** The learner's cycle of the course it was earned in: 1, then 2… after each recertification. */
  cycle: z.number().int(),
  /** The PDF is rendered (a job does it shortly after issuing; downloading renders it if not yet). */
  ready: z.boolean(),
});
export type TIssuedCertificate = z.infer<typeof ZIssuedCertificate>;

/** GET certificates/verify/{code}: public, confirms who earned what and when. */
export const ZCertificateVerification = z.object({
  code: z.string(),
  fullName: z.string(),
  courseName: z.string(),
  certificateName: z.string(),
  issuedAt: z.string(),
  /** Null: it never expires. */
  expiresAt: z.string().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
});
export type TCertificateVerification = z.infer<typeof ZCertificateVerification>;

/** Verification codes: groups of unambiguous capitals and digits, e.g. ACAD-7K2Q-9XMP. */
export const CERTIFICATE_CODE_PATTERN = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){2,3}$/;

export const ZCertificateCodeParam = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .max(32)
    .regex(/^[A-Z0-9-]+$/, CERTIFICATE_MESSAGES.invalidCode),
});

/** Where the public verification page of a code is (web route). */
export function certificateVerifyPath(code: string): string {
  return `/certificates/verify/${encodeURIComponent(code)}`;
}
