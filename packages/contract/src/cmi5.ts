import { z } from 'zod';

/**
 * cmi5 lessons (issue 26, point 3): a course structure (cmi5.xml) with its content in a zip, or
 * cmi5.xml alone pointing at absolute URLs. The zip is checked with the SCORM package limits.
 */
export const CMI5_LIMITS = {
  /** cmi5.xml is read into memory to be parsed: it is refused above this. */
  maxStructureBytes: 5 * 1024 * 1024,
  /** The spec asks an LMS to take courses of more than 1000 AUs. */
  maxAus: 5000,
} as const;

export const CMI5_MOVE_ON = [
  'Passed',
  'Completed',
  'CompletedAndPassed',
  'CompletedOrPassed',
  'NotApplicable',
] as const;
export type Cmi5MoveOn = (typeof CMI5_MOVE_ON)[number];
export const CMI5_LAUNCH_METHODS = ['AnyWindow', 'OwnWindow'] as const;
export type Cmi5LaunchMethod = (typeof CMI5_LAUNCH_METHODS)[number];
/** Why the LMS waived an AU (cmi5 9.5.5.2). */
export const CMI5_WAIVE_REASONS = [
  'Tested Out',
  'Equivalent AU',
  'Equivalent Outside Activity',
  'Administrative',
] as const;

export const CMI5_MESSAGES = {
  fileRequired: 'Choose the cmi5 course (.zip, or cmi5.xml) to upload',
  tooLarge: 'The course package is larger than 2 GB',
  notCmi5File: 'This file is neither a zip archive nor a cmi5.xml course structure',
  notZip: 'This file is not a zip archive. Upload the cmi5 course as a .zip file or as cmi5.xml',
  noStructure: 'This is not a cmi5 course: cmi5.xml is missing from the root of the zip',
  badStructure: 'cmi5.xml is not valid XML (or declares a DOCTYPE, which is not allowed)',
  structureTooLarge: 'cmi5.xml is larger than 5 MB',
  notCmi5: 'cmi5.xml does not describe a cmi5 course: a courseStructure with a course is expected',
  noAu: 'The course has no assignable unit (au)',
  tooManyAus: `The course has more than ${CMI5_LIMITS.maxAus.toLocaleString('en')} assignable units`,
  missing: (what: string) => `cmi5.xml: ${what} is missing`,
  notIri: (what: string, value: string) => `cmi5.xml: ${what} must be an absolute IRI (${value})`,
  duplicateId: (id: string) => `cmi5.xml: the id ${id} is used twice`,
  badMoveOn: (value: string) => `cmi5.xml: moveOn "${value}" is not one of ${CMI5_MOVE_ON.join(', ')}`,
  badLaunchMethod: (value: string) => `cmi5.xml: launchMethod "${value}" is not AnyWindow or OwnWindow`,
  badMasteryScore: (value: string) => `cmi5.xml: masteryScore "${value}" is not a decimal between 0 and 1`,
  badUrl: (url: string) =>
    `cmi5.xml: the AU url ${url} is neither a path inside the package nor an http(s) URL`,
  relativeWithoutZip: (url: string) =>
    `cmi5.xml alone must point every AU at an absolute URL; ${url} is relative (upload the zip with its content)`,
  missingLaunch: (path: string) => `The AU's launch file ${path} is missing from the zip`,
  noCourse: 'This lesson has no cmi5 course yet',
  notCmi5Lesson: 'This lesson is not a cmi5 lesson',
  unknownAu: 'This course has no such assignable unit',
  linkExpired: 'This launch link has expired; open the lesson again',
  alreadyWaived: 'This assignable unit is already satisfied for this learner',
} as const;

/** One assignable unit as cmi5.xml describes it (leading/trailing blanks removed). */
export const ZCmi5Au = z.object({
  /** The publisher's id (an IRI), unique in the course. */
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** A path inside the package (with its query), or an absolute URL. */
  url: z.string(),
  launchMethod: z.enum(CMI5_LAUNCH_METHODS),
  moveOn: z.enum(CMI5_MOVE_ON),
  /** 0–1, up to 4 decimals; null when the course sets none. */
  masteryScore: z.number().nullable(),
  launchParameters: z.string().nullable(),
  entitlementKey: z.string().nullable(),
  activityType: z.string().nullable(),
});
export type TCmi5Au = z.infer<typeof ZCmi5Au>;

/** The course's tree in reading order (depth-first): blocks and the AUs inside them. */
export const ZCmi5Item = z.object({
  kind: z.enum(['block', 'au']),
  id: z.string(),
  title: z.string(),
  depth: z.number().int(),
});
export type TCmi5Item = z.infer<typeof ZCmi5Item>;

/** PUT lessons/{id}/cmi5, GET lessons/{id}/cmi5. */
export const ZCmi5Course = z.object({
  id: z.string(),
  lessonId: z.number().int(),
  /** The publisher's course id from cmi5.xml. */
  courseId: z.string(),
  title: z.string(),
  description: z.string(),
  aus: z.array(ZCmi5Au),
  items: z.array(ZCmi5Item),
  /** 0 for cmi5.xml alone (every AU at an absolute URL). */
  fileCount: z.number().int(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type TCmi5Course = z.infer<typeof ZCmi5Course>;

export const ZCmi5LaunchQuery = z.object({
  /** The AU's id from cmi5.xml; default: the first AU not yet satisfied. */
  au: z.string().max(2000).optional(),
});

/** POST lessons/{id}/cmi5/launch. */
export const ZCmi5Launch = z.object({
  /** The AU's URL with the cmi5 launch parameters (endpoint, fetch, actor, registration, activityId). */
  url: z.string(),
  au: z.string(),
  launchMethod: z.enum(CMI5_LAUNCH_METHODS),
  registration: z.string(),
  sessionId: z.string(),
  expiresAt: z.string(),
});
export type TCmi5Launch = z.infer<typeof ZCmi5Launch>;

const ZCmi5AuStatus = z.object({
  id: z.string(),
  title: z.string(),
  moveOn: z.enum(CMI5_MOVE_ON),
  launchMethod: z.enum(CMI5_LAUNCH_METHODS),
  completed: z.boolean(),
  passed: z.boolean(),
  failed: z.boolean(),
  waived: z.boolean(),
  /** The AU's moveOn criteria are met (or it was waived). */
  satisfied: z.boolean(),
  scoreScaled: z.number().nullable(),
});
export type TCmi5AuStatus = z.infer<typeof ZCmi5AuStatus>;

/** GET lessons/{id}/cmi5/registration: the learner's registration in the lesson's cmi5 course. */
export const ZCmi5Registration = z.object({
  /** Null before the first launch. */
  registration: z.string().nullable(),
  title: z.string(),
  /** Every AU satisfied: the course is satisfied and the lesson's content passed. */
  satisfied: z.boolean(),
  aus: z.array(ZCmi5AuStatus),
  items: z.array(ZCmi5Item),
});
export type TCmi5Registration = z.infer<typeof ZCmi5Registration>;

/** POST lessons/{id}/cmi5/waive: a progress manager waives one AU for one learner. */
export const ZCmi5WaiveInput = z.object({
  userId: z.number().int().positive(),
  au: z.string().min(1).max(2000),
  reason: z.enum(CMI5_WAIVE_REASONS),
});
export type TCmi5WaiveInput = z.infer<typeof ZCmi5WaiveInput>;

/** What the content origin's return page posts to the academy page (window.postMessage). */
export type Cmi5FrameMessage = { type: 'cmi5:return' };
