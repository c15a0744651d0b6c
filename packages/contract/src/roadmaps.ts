import { z } from 'zod';
import { ZPageQuery, zRequiredText } from './common';
import { zId } from './forms';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/**
 * Roadmaps, or learning paths (SPEC §2 /management/schedule and /training-academy/roadmap; §3
 * Roadmap; §4 roadmap states). A roadmap belongs to one branch and one authorization (role): the
 * learners of that branch holding that authorization follow it. It has milestones in order, each
 * ordering courses; a course marked "complete this course before moving on" locks the courses
 * after it on the roadmap until the learner has finished it.
 */

export const ROADMAP_MESSAGES = {
  exists: 'Roadmap already exists',
  notFound: 'This roadmap does not exist',
  /** A roadmap that people are assigned (issue 24) cannot be deleted. */
  inUse: 'This roadmap is currently in use',
  needsMilestone: 'Add at least one milestone',
  needsCourse: 'Add at least one course to this milestone',
  courseTwice: 'A course can appear only once in a roadmap',
  noRoadmap: 'There is no roadmap for your branch and authorization yet',
} as const;

/** Why a course of the roadmap is locked for the learner. */
export function roadmapLockedMessage(courseName: string): string {
  return `Complete the course "${courseName}" before moving on`;
}

export const ROADMAP_LIMITS = {
  milestoneName: LIMITS.courseName,
  description: LIMITS.description,
  maxMilestones: 50,
  maxCoursesPerMilestone: 100,
  minOrder: -1_000_000,
  maxOrder: 1_000_000,
} as const;

/** An order typed in a form: '' and missing are "no order", which sorts as 0 (SPEC §3). */
const zOrder = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: MESSAGES.mustBeNumber })
    .int(MESSAGES.mustBeNumber)
    .min(ROADMAP_LIMITS.minOrder)
    .max(ROADMAP_LIMITS.maxOrder)
    .optional(),
);

export const ZRoadmapCourseInput = z.object({ courseId: zId, order: zOrder });

export const ZMilestoneInput = z.object({
  name: zRequiredText(ROADMAP_LIMITS.milestoneName),
  order: zOrder,
  courses: z
    .array(ZRoadmapCourseInput)
    .min(1, ROADMAP_MESSAGES.needsCourse)
    .max(ROADMAP_LIMITS.maxCoursesPerMilestone),
});

/** POST schedules|roadmaps, PUT roadmaps/{id}. */
export const ZRoadmapInput = z
  .object({
    branchId: zId,
    authorizationId: zId,
    description: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string().trim().max(ROADMAP_LIMITS.description).nullable().optional(),
    ),
    milestones: z
      .array(ZMilestoneInput, { error: ROADMAP_MESSAGES.needsMilestone })
      .min(1, ROADMAP_MESSAGES.needsMilestone)
      .max(ROADMAP_LIMITS.maxMilestones),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<number>();
    input.milestones.forEach((milestone, m) => {
      milestone.courses.forEach((entry, c) => {
        if (seen.has(entry.courseId)) {
          ctx.addIssue({
            code: 'custom',
            path: ['milestones', m, 'courses', c, 'courseId'],
            message: ROADMAP_MESSAGES.courseTwice,
          });
        }
        seen.add(entry.courseId);
      });
    });
  });
export type TRoadmapInput = z.input<typeof ZRoadmapInput>;

export const ZRoadmapCourse = z.object({
  courseId: z.number().int(),
  courseName: z.string(),
  /** As entered; null when none was given (it sorts as 0). */
  order: z.number().int().nullable(),
  mustCompleteBeforeNext: z.boolean(),
});
export type TRoadmapCourse = z.infer<typeof ZRoadmapCourse>;

export const ZMilestone = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int().nullable(),
  /** Sorted by order (missing = 0), then as entered. */
  courses: z.array(ZRoadmapCourse),
});
export type TMilestone = z.infer<typeof ZMilestone>;

/** A roadmap as staff see it; milestones sorted by order (missing = 0), then as entered. */
export const ZRoadmap = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  branchName: z.string(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  authorizationId: z.number().int(),
  authorizationName: z.string(),
  description: z.string().nullable(),
  milestones: z.array(ZMilestone),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRoadmap = z.infer<typeof ZRoadmap>;

/** One row of the management list. */
export const ZRoadmapListItem = ZRoadmap.omit({ milestones: true }).extend({
  milestoneCount: z.number().int(),
  courseCount: z.number().int(),
  /** Learners of the branch holding the authorization. */
  learnerCount: z.number().int(),
});
export type TRoadmapListItem = z.infer<typeof ZRoadmapListItem>;

export const ZRoadmapListQuery = ZPageQuery.extend({
  serviceId: z.coerce.number().int().positive().optional(),
  branchId: z.coerce.number().int().positive().optional(),
  authorizationId: z.coerce.number().int().positive().optional(),
});
export type TRoadmapListQuery = z.infer<typeof ZRoadmapListQuery>;

/** SPEC §4: a roadmap course is finished, in progress or not studied. */
export const ROADMAP_STATES = ['FINISHED', 'IN_PROGRESS', 'NOT_STUDIED'] as const;
export type RoadmapState = (typeof ROADMAP_STATES)[number];

export const ZMyRoadmapCourse = z.object({
  courseId: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  state: z.enum(ROADMAP_STATES),
  percent: z.number().int(),
  passedLessons: z.number().int(),
  lessonCount: z.number().int(),
  mustCompleteBeforeNext: z.boolean(),
  /** Locked until an earlier "complete before moving on" course is finished. */
  locked: z.boolean(),
  lockedBy: z.object({ courseId: z.number().int(), name: z.string() }).nullable(),
  lockedMessage: z.string().nullable(),
});
export type TMyRoadmapCourse = z.infer<typeof ZMyRoadmapCourse>;

export const ZMyRoadmap = z.object({
  id: z.number().int(),
  branchName: z.string(),
  authorizationName: z.string(),
  description: z.string().nullable(),
  milestones: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      courses: z.array(ZMyRoadmapCourse),
    }),
  ),
  courseCount: z.number().int(),
  finishedCount: z.number().int(),
  percent: z.number().int(),
});
export type TMyRoadmap = z.infer<typeof ZMyRoadmap>;

/** GET my-roadmap: null when the learner's branch and authorization have none. */
export const ZMyRoadmapAnswer = z.object({ roadmap: ZMyRoadmap.nullable() });
export type TMyRoadmapAnswer = z.infer<typeof ZMyRoadmapAnswer>;

/** GET roadmaps/course-options: what the roadmap form can pick. */
export const ZRoadmapCourseOption = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  mustCompleteBeforeNext: z.boolean(),
  lessonCount: z.number().int(),
});
export type TRoadmapCourseOption = z.infer<typeof ZRoadmapCourseOption>;
