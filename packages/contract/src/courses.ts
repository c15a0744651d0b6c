import { z } from 'zod';
import { ZPageQuery, zRequiredText } from './common';
import { zFormBoolean, zId, zOptionalId, zOptionalText } from './forms';
import { LIMITS } from './limits';
import { videoIdFromUrl } from './media';
import { MESSAGES } from './messages';

/** Limits of the course authoring forms (SPEC §5). */
export const COURSE_LIMITS = {
  courseName: LIMITS.courseName,
  topicName: LIMITS.topicName,
  lessonName: LIMITS.shortText,
  requirements: LIMITS.text,
  /** Lesson documents (pdf, doc/docx, xls/xlsx, ppt/pptx). */
  documentBytes: 20 * 1024 * 1024,
  /** Upper bound of the numeric lesson settings, to keep nonsense out. */
  maxMinutes: 24 * 60,
  maxCount: 1000,
  /** A certificate's validity (issue 24, decision 104): 1 to 120 months; none = it never expires. */
  maxValidityMonths: 120,
  /** How many days before a certificate expires its holder's next cycle opens (decision 105). */
  maxRecertificationWindowDays: 365,
  defaultRecertificationWindowDays: 30,
} as const;

/**
 * What a lesson plays: a YouTube link, (issue 5) an uploaded video, (issue 25) a SCORM package,
 * uploaded with PUT lessons/{id}/package after the lesson is saved (its `videoUrl` is empty), or
 * (issue 26) a cmi5 course, uploaded with PUT lessons/{id}/cmi5 the same way.
 */
export const VIDEO_KINDS = ['youtube', 'upload', 'scorm', 'cmi5'] as const;
export type VideoKind = (typeof VIDEO_KINDS)[number];
/** Lesson kinds whose content is a package that reports whether the learner passed it. */
export const PACKAGE_KINDS = ['scorm', 'cmi5'] as const satisfies readonly VideoKind[];
export const isPackageKind = (kind: string | undefined): boolean =>
  (PACKAGE_KINDS as readonly string[]).includes(kind ?? '');

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The 11-character video id of a YouTube link, or null when the link is not one of
 * youtube.com/watch?v=…, youtu.be/… or youtube.com/embed/… (http or https, www. or m. allowed).
 */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  let id: string | null | undefined = null;
  if (host === 'youtube.com') {
    if (url.pathname === '/watch' || url.pathname === '/watch/') id = url.searchParams.get('v');
    else id = /^\/embed\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  } else if (host === 'youtu.be') {
    id = /^\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The canonical watch link of a YouTube video id. */
export function youtubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

/** A whole number typed in a form ('12' or 12); blank is "required", text is "must be a number". */
export const zWholeNumber = (min: number, max: number, minMessage: string = MESSAGES.mustBeNumber) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.mustBeNumber) })
      .int(MESSAGES.mustBeNumber)
      .min(min, minMessage)
      .max(max, `Must be at most ${max}`),
  );

/** The recertification window is compared with the validity counted in 28-day months (the shortest). */
export const COURSE_VALIDITY_MESSAGES = {
  windowTooLong: 'The recertification window must be shorter than the validity',
} as const;

/**
 * Whether a course's recertification window fits inside its certificate's validity: it must open
 * after the certificate is issued (the window is shorter than the validity's shortest length).
 */
export function recertificationWindowFits(
  validityMonths: number | null | undefined,
  windowDays: number,
): boolean {
  return validityMonths == null || windowDays < validityMonths * 28;
}

/**
 * An optional whole number typed in a form: blank, 'null' and missing become null; text is "must be
 * a number".
 */
export const zOptionalWholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) =>
      v === undefined || v === null || v === 'null' || (typeof v === 'string' && v.trim() === '')
        ? null
        : typeof v === 'string'
          ? Number(v.trim())
          : v,
    z
      .number({ error: MESSAGES.mustBeNumber })
      .int(MESSAGES.mustBeNumber)
      .min(min, `Must be at least ${min}`)
      .max(max, `Must be at most ${max}`)
      .nullable(),
  );

/** A required yes/no form field (e.g. the course order, which SPEC §5 requires). */
const zRequiredBoolean = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    if (['true', 'on', '1'].includes(v)) return true;
    if (['false', 'off', '0'].includes(v)) return false;
    return undefined;
  },
  z.boolean({ error: MESSAGES.required }),
);

/** A course as stored: what its edit form shows (GET coursesbyid/{id}). */
export const ZCourse = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  /** URL under /files, or null. */
  image: z.string().nullable(),
  requirements: z.string().nullable(),
  /** True: topics and lessons open one after the other. False: every topic is open. */
  ordered: z.boolean(),
  /** "Complete this course before moving on" (applied by roadmaps). */
  mustCompleteBeforeNext: z.boolean(),
  /** Shown on the home page (GET course?required=true). */
  featured: z.boolean(),
  certificateId: z.number().int().nullable(),
  /** How long its certificate is valid, in months; null: it never expires (decision 104). */
  certificateValidityMonths: z.number().int().nullable(),
  /** Days before a certificate expires when its holder's next cycle opens (decision 105). */
  recertificationWindowDays: z.number().int(),
  position: z.number().int(),
  topicCount: z.number().int(),
  lessonCount: z.number().int(),
  /** Sum of the lessons' minimum study times. */
  totalStudyMinutes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCourse = z.infer<typeof ZCourse>;

/** GET course?required=true: the featured courses, in the shape SPEC §7 names. */
export const ZFeaturedCourses = z.object({ data: z.object({ content: z.array(ZCourse) }) });
export type TFeaturedCourses = z.infer<typeof ZFeaturedCourses>;

export const ZFeaturedQuery = z.object({
  required: z.enum(['true', 'false']).optional(),
});

/** One lesson in a course outline: never its video or documents. */
export const ZOutlineLesson = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  minStudyMinutes: z.number().int(),
  hasExam: z.boolean(),
});

export const ZOutlineTopic = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  lessons: z.array(ZOutlineLesson),
});

/** GET courses/{id}: the course page anyone may see, with its outline. */
export const ZCoursePage = ZCourse.extend({ topics: z.array(ZOutlineTopic) });
export type TCoursePage = z.infer<typeof ZCoursePage>;

/**
 * POST courses, PUT courses/{id}: multipart form fields (the file goes in `image`).
 * `removeImage` clears the current image on update when no new one is sent.
 */
export const ZCourseForm = z.object({
  name: zRequiredText(COURSE_LIMITS.courseName),
  serviceId: zId,
  requirements: zOptionalText(COURSE_LIMITS.requirements),
  ordered: zRequiredBoolean,
  mustCompleteBeforeNext: zFormBoolean.default(false),
  featured: zFormBoolean.default(false),
  /** Selectable once certificates exist; stored as given until then. */
  certificateId: zOptionalId,
  /** Months the certificate is valid; blank: it never expires. */
  certificateValidityMonths: zOptionalWholeNumber(1, COURSE_LIMITS.maxValidityMonths),
  /** Days before expiry when the next cycle opens; blank: 30. */
  recertificationWindowDays: zOptionalWholeNumber(0, COURSE_LIMITS.maxRecertificationWindowDays),
  removeImage: zFormBoolean.default(false),
});
export type TCourseForm = z.input<typeof ZCourseForm>;

/**
 * One row of the management list (GET courses): the course, and whether any learner has progress
 * in it, so that deleting it can warn before asking the server (which still needs confirm=true).
 */
export const ZCourseListItem = ZCourse.extend({ hasProgress: z.boolean() });
export type TCourseListItem = z.infer<typeof ZCourseListItem>;

/** GET courses: the management list, paged; `q` searches the name. */
export const ZCourseListQuery = ZPageQuery.extend({
  serviceId: z.coerce.number().int().positive().optional(),
});
export type TCourseListQuery = z.infer<typeof ZCourseListQuery>;

/** DELETE courses|topics|lessons/{id}?confirm=true: needed when learners have progress. */
export const ZConfirmQuery = z.object({ confirm: z.enum(['true', 'false']).optional() });

export const ZTopic = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  lessonCount: z.number().int(),
});
export type TTopic = z.infer<typeof ZTopic>;

/** POST courses/{id}/topics, PUT topics/{id}. */
export const ZTopicInput = z.object({ name: zRequiredText(COURSE_LIMITS.topicName) });
export type TTopicInput = z.input<typeof ZTopicInput>;

/** PUT courses/{id}/topics/order, PUT topics/{id}/lessons/order: every id once, in the new order. */
export const ZReorderInput = z.object({
  ids: z
    .array(zId)
    .min(1, MESSAGES.reorderMismatch)
    .refine((ids) => new Set(ids).size === ids.length, MESSAGES.reorderMismatch),
});
export type TReorderInput = z.input<typeof ZReorderInput>;

/** A lesson document. It is downloaded from `url` (`/get/documents/{id}`) with the bearer token. */
export const ZLessonDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type TLessonDocument = z.infer<typeof ZLessonDocument>;

export const ZLessonVideo = z.object({
  kind: z.enum(VIDEO_KINDS),
  url: z.string(),
  /** Set for YouTube videos, for the embedded player. */
  youtubeId: z.string().nullable(),
});
export type TLessonVideo = z.infer<typeof ZLessonVideo>;

/** A lesson as its authors see it (management). */
export const ZLesson = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  topicId: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  video: ZLessonVideo,
  videoDurationSeconds: z.number().int().nullable(),
  minStudyMinutes: z.number().int(),
  requiredCorrectAnswers: z.number().int(),
  examTimeLimitMinutes: z.number().int(),
  /** Failed exam attempts before the exam locks; 0 = it never locks. */
  maxFailedAttempts: z.number().int(),
  /** Maintained by the exams module; 0 = the lesson passes on study time alone. */
  examQuestionCount: z.number().int(),
  documents: z.array(ZLessonDocument),
});
export type TLesson = z.infer<typeof ZLesson>;

/**
 * POST topics/{id}/lessons, PUT lessons/{id} (JSON; documents are uploaded separately).
 * `topicId` on update moves the lesson to the end of another topic of the same course.
 * The video is a YouTube link or the `videoUrl` of a video uploaded through tus (media.ts); for
 * an upload the server takes the duration from the file, not from `videoDurationSeconds`.
 */
export const ZLessonInput = z
  .object({
    name: zRequiredText(COURSE_LIMITS.lessonName),
    topicId: zOptionalId.optional(),
    /** Optional: the server tells a YouTube link from an uploaded video's URL (`/videos/…mp4`). */
    videoKind: z.enum(VIDEO_KINDS).optional(),
    videoUrl: z.string().trim().max(2000, 'Must be at most 2000 characters').default(''),
    videoDurationSeconds: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      zWholeNumber(1, 24 * 3600).optional(),
    ),
    minStudyMinutes: zWholeNumber(0, COURSE_LIMITS.maxMinutes),
    requiredCorrectAnswers: zWholeNumber(0, COURSE_LIMITS.maxCount),
    examTimeLimitMinutes: zWholeNumber(1, COURSE_LIMITS.maxMinutes, MESSAGES.examTimeInvalid),
    maxFailedAttempts: zWholeNumber(0, COURSE_LIMITS.maxCount).default(3),
  })
  .superRefine((v, ctx) => {
    if (isPackageKind(v.videoKind)) return;
    if (v.videoUrl === '') ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: MESSAGES.required });
    else if (youtubeVideoId(v.videoUrl) === null && videoIdFromUrl(v.videoUrl) === null) {
      ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: MESSAGES.youtubeLinkInvalid });
    }
  })
  .refine((v) => v.videoDurationSeconds === undefined || v.minStudyMinutes * 60 <= v.videoDurationSeconds, {
    path: ['minStudyMinutes'],
    message: MESSAGES.minStudyAboveDuration,
  });
export type TLessonInput = z.input<typeof ZLessonInput>;

/** Where a lesson document is downloaded (outside the API prefix, SPEC §7). */
export function lessonDocumentUrl(id: number): string {
  return `/get/documents/${id}`;
}
