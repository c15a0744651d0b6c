import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { authorizations } from '../authorizations/tables';
import { courses } from '../courses/tables';
import { branches } from '../org/tables';

/**
 * A roadmap (learning path) of one branch and one authorization: at most one per pair (the
 * unique index answers "Roadmap already exists"). Deleting a branch or an authorization that has
 * a roadmap is refused by the foreign keys (their modules answer "in use").
 */
export const roadmaps = pgTable(
  'roadmaps',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    authorizationId: integer('authorization_id')
      .notNull()
      .references(() => authorizations.id),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roadmaps_branch_authorization_uq').on(t.branchId, t.authorizationId),
    index('roadmaps_authorization_id_idx').on(t.authorizationId),
  ],
);

/** A milestone: `order` as entered (null = 0), `position` its place in the submitted list. */
export const roadmapMilestones = pgTable(
  'roadmap_milestones',
  {
    id: serial('id').primaryKey(),
    roadmapId: integer('roadmap_id')
      .notNull()
      .references(() => roadmaps.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    order: integer('order'),
    position: integer('position').notNull(),
  },
  (t) => [index('roadmap_milestones_roadmap_id_idx').on(t.roadmapId, t.position)],
);

/**
 * A course on a roadmap. `order` is as entered (null = 0); `rank` is the course's place on the
 * whole path (milestones by order, courses by order, ties as entered), computed when the roadmap
 * is saved, so "the courses after it" is one index comparison. A course appears once per roadmap;
 * deleting a course takes it off every roadmap.
 */
export const roadmapCourses = pgTable(
  'roadmap_courses',
  {
    id: serial('id').primaryKey(),
    roadmapId: integer('roadmap_id')
      .notNull()
      .references(() => roadmaps.id, { onDelete: 'cascade' }),
    milestoneId: integer('milestone_id')
      .notNull()
      .references(() => roadmapMilestones.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    order: integer('order'),
    rank: integer('rank').notNull(),
  },
  (t) => [
    uniqueIndex('roadmap_courses_roadmap_course_uq').on(t.roadmapId, t.courseId),
    index('roadmap_courses_roadmap_rank_idx').on(t.roadmapId, t.rank),
    index('roadmap_courses_milestone_id_idx').on(t.milestoneId),
    index('roadmap_courses_course_id_idx').on(t.courseId),
  ],
);
