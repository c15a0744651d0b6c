import { z } from 'zod';

/** SCORM packages (issue 25): what is refused at import, and how big a package may be. */
export const SCORM_LIMITS = {
  /** The uploaded .zip. */
  maxPackageBytes: 2 * 1024 * 1024 * 1024,
  maxFiles: 20_000,
  /** Every file of the package once unpacked. */
  maxUnpackedBytes: 4 * 1024 * 1024 * 1024,
  /** imsmanifest.xml is read into memory to be parsed: it is refused above this. */
  maxManifestBytes: 5 * 1024 * 1024,
  /** A file unpacking to more than this many times its compressed size (and over 1 MB) is a bomb. */
  maxCompressionRatio: 200,
} as const;

/**
 * Where SCORM packages are uploaded resumably (tus 1.0); the finished upload is then imported with
 * PUT lessons/{id}/package and `{ upload: <its id> }`.
 */
export const SCORM_UPLOADS_PATH = '/services/core/api/package-uploads';

export const SCORM_MESSAGES = {
  notZip: 'This file is not a zip archive. Upload the SCORM package as a .zip file',
  noManifest: 'This is not a SCORM package: imsmanifest.xml is missing from the root of the zip',
  badManifest: 'imsmanifest.xml is not valid XML',
  notScorm: 'imsmanifest.xml does not describe a SCORM 1.2 or SCORM 2004 package',
  noOrganization: 'The package has no organization with a launchable item',
  missingLaunch: (path: string) => `The package's launch file ${path} is missing from the zip`,
  unsafePath: (path: string) => `The package holds a file outside its own folder: ${path}`,
  link: (path: string) => `The package holds a link (${path}); links are not allowed`,
  tooManyFiles: `The package has more than ${SCORM_LIMITS.maxFiles.toLocaleString('en')} files`,
  tooBig: 'The package unpacks to more than 4 GB',
  bomb: (path: string) => `The package looks like a zip bomb: ${path} unpacks to far more than its size`,
  damaged: 'The zip archive is damaged or encrypted',
  tooLarge: 'The package is larger than 2 GB',
  fileRequired: 'Choose the SCORM package (.zip) to upload',
  noPackage: 'This lesson has no SCORM package yet',
  notScormLesson: 'This lesson is not a SCORM lesson',
  unknownSco: 'This package has no such SCO',
  noNewAttempt: 'This lesson allows no new attempt',
  attemptClosed: 'This attempt is closed; open the lesson again',
  linkExpired: 'This launch link has expired; open the lesson again',
  uploadNotFound: 'This upload does not exist or was removed; upload the package again',
  uploadNotFinished: 'Wait until the package upload has finished',
  uploadNotYours: 'Only the person who uploaded this package may use it',
  uploadAbandoned: 'This upload was not finished within 7 days and was removed; upload the package again',
} as const;

export const SCORM_VERSIONS = ['1.2', '2004 2nd edition', '2004 3rd edition', '2004 4th edition'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

export const ZScormSco = z.object({
  identifier: z.string(),
  title: z.string(),
  /** The launch file and its parameters, relative to the package's root. */
  launch: z.string(),
});
export type TScormSco = z.infer<typeof ZScormSco>;

/** One entry of the organization's tree, in menu order (depth-first); `depth` 0 is the top. */
export const ZScormItem = z.object({
  identifier: z.string(),
  title: z.string(),
  /** The SCO or asset this item launches; null for a folder of other items. */
  sco: z.string().nullable(),
  depth: z.number().int(),
});
export type TScormItem = z.infer<typeof ZScormItem>;

/** PUT lessons/{id}/package, GET lessons/{id}/package. */
export const ZScormPackage = z.object({
  id: z.string(),
  lessonId: z.number().int(),
  title: z.string(),
  version: z.enum(SCORM_VERSIONS),
  scos: z.array(ZScormSco),
  /** The organization's tree: the navigation menu. */
  items: z.array(ZScormItem),
  /** Said at import: e.g. sequencing rules beyond flow and choice, which play with choice navigation. */
  warnings: z.array(z.string()),
  fileCount: z.number().int(),
  sizeBytes: z.number().int(),
  /** New attempts a learner may start after finishing one; 0 = as many as they like. */
  maxAttempts: z.number().int(),
  /** Lowest score in percent that passes; null = the package's own passed/completed decides. */
  passMark: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TScormPackage = z.infer<typeof ZScormPackage>;

/** PUT lessons/{id}/package as JSON: import a package uploaded with tus (SCORM_UPLOADS_PATH). */
export const ZScormImportUpload = z.object({
  /** The upload's id: the last segment of its tus URL. */
  upload: z.uuid('This is not an upload id'),
});
export type TScormImportUpload = z.infer<typeof ZScormImportUpload>;

/** PATCH lessons/{id}/package: the lesson's attempt rule and pass mark. */
export const ZScormSettings = z.object({
  maxAttempts: z.coerce.number().int().min(0).max(1000),
  passMark: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number().int().min(0).max(100).nullable(),
  ),
});
export type TScormSettings = z.input<typeof ZScormSettings>;

export const ZScormLaunchQuery = z.object({
  sco: z.string().max(255).optional(),
  /** Start a new attempt (only when the lesson allows it). */
  newAttempt: z.enum(['true', 'false']).optional(),
});

/** POST lessons/{id}/scorm/launch, POST lessons/{id}/package/preview. */
export const ZScormLaunch = z.object({
  /** The SCO's frame, on the content origin. */
  url: z.string(),
  sco: z.string(),
  /** 0 for a manager's preview (nothing is recorded). */
  attemptNumber: z.number().int(),
  expiresAt: z.string(),
});
export type TScormLaunch = z.infer<typeof ZScormLaunch>;

export const SCORM_COMPLETION = ['completed', 'incomplete', 'not attempted', 'unknown'] as const;
export const SCORM_SUCCESS = ['passed', 'failed', 'unknown'] as const;

const ZScoStatus = z.object({
  identifier: z.string(),
  title: z.string(),
  completionStatus: z.enum(SCORM_COMPLETION),
  successStatus: z.enum(SCORM_SUCCESS),
  scoreScaled: z.number().nullable(),
});

/** GET lessons/{id}/scorm/attempt: the learner's current attempt, rolled up over its SCOs. */
export const ZScormAttempt = z.object({
  attemptNumber: z.number().int(),
  completionStatus: z.enum(SCORM_COMPLETION),
  successStatus: z.enum(SCORM_SUCCESS),
  scoreRaw: z.number().nullable(),
  scoreMin: z.number().nullable(),
  scoreMax: z.number().nullable(),
  scoreScaled: z.number().nullable(),
  totalTimeSeconds: z.number(),
  location: z.string().nullable(),
  suspendData: z.string().nullable(),
  /** The lesson counts as passed for this attempt. */
  passed: z.boolean(),
  /** The learner may start a new attempt now. */
  canStartNew: z.boolean(),
  attemptsUsed: z.number().int(),
  maxAttempts: z.number().int(),
  scos: z.array(ZScoStatus),
  items: z.array(ZScormItem),
  version: z.enum(SCORM_VERSIONS),
  title: z.string(),
});
export type TScormAttempt = z.infer<typeof ZScormAttempt>;

/** What the runtime frame posts to the academy page (window.postMessage). */
export type ScormFrameMessage =
  | { type: 'scorm:commit'; sco: string }
  | { type: 'scorm:finish'; sco: string; navRequest: string | null };
