import { type LessonStatus, roadmapLockedMessage } from '@academy/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { sharedStatement } from '../../platform/db/prepared';
import { col } from '../../platform/db/sql';
import { assignedCourseSql } from '../assignments';
import { courses, lessonDocuments, lessons, topics } from '../courses/tables';
import { roadmapBlockerSql } from '../roadmaps';
import { courseGates, type LessonRecord, lessonPassed } from './rules';
import { lessonProgress } from './tables';

/**
 * A course as one learner sees it: topics and lessons in order, each lesson with the learner's
 * record, whether it is passed and whether it is unlocked. Loaded with ONE query whatever the
 * size of the course, and shared by the course page, the topic page, the lesson page, heartbeats
 * and document downloads. (The study module reads the course tables here, read-only, so that
 * those pages stay at a constant number of queries; only the courses module writes them.)
 */
export type LessonNode = {
  id: number;
  courseId: number;
  topicId: number;
  name: string;
  position: number;
  videoKind: string;
  videoUrl: string;
  videoDurationSeconds: number | null;
  minStudyMinutes: number;
  requiredCorrectAnswers: number;
  examTimeLimitMinutes: number;
  maxFailedAttempts: number;
  examQuestionCount: number;
  documentCount: number;
  /** The learner's progress row for the lesson, or null before they first open it. */
  record: ProgressRecord | null;
  passed: boolean;
  unlocked: boolean;
  /** Why a locked lesson is locked, when it is not the previous lesson (the roadmap's rule). */
  lockedMessage?: string;
};

/** What the study rules need of a learner's progress row. */
export type ProgressRecord = Omit<
  typeof lessonProgress.$inferSelect,
  'status' | 'userId' | 'lessonId' | 'createdAt' | 'updatedAt'
> &
  LessonRecord;

export type TopicNode = { id: number; name: string; position: number; open: boolean; lessons: LessonNode[] };
export type CourseTree = {
  id: number;
  name: string;
  ordered: boolean;
  topics: TopicNode[];
  /** The unfinished "complete before moving on" course before this one on the learner's roadmap. */
  lockedBy: { id: number; name: string } | null;
};

/** Which course to load: by its id, or by one of its topics or lessons. */
export type CourseRef = { courseId: number } | { topicId: number } | { lessonId: number };

type RefKind = 'courseId' | 'topicId' | 'lessonId';

function refKind(ref: CourseRef): RefKind {
  return 'courseId' in ref ? 'courseId' : 'topicId' in ref ? 'topicId' : 'lessonId';
}

function courseIdOf(kind: RefKind): SQL {
  const key = sql.placeholder('key');
  if (kind === 'courseId') return sql`${key}`;
  if (kind === 'topicId')
    return sql`(select ${col(topics.courseId)} from ${topics} where ${col(topics.id)} = ${key})`;
  return sql`(select ${col(lessons.courseId)} from ${lessons} where ${col(lessons.id)} = ${key})`;
}

/**
 * The SQL twin of `lessonPassed` (rules.ts) over `lesson_progress` and the lesson's columns
 * (the lessons table, or a subquery of it); the API tests check both agree.
 */
export function passedWhere(lesson: {
  minStudyMinutes: unknown;
  examQuestionCount: unknown;
  videoKind: unknown;
}): SQL {
  return sql`(${col(lessonProgress.status)} = 'PASSED' OR (${col(lessonProgress.creditedSeconds)} >= ${lesson.minStudyMinutes} * 60 AND (${lesson.examQuestionCount} = 0 OR ${col(lessonProgress.examPassed)}) AND (${lesson.videoKind} NOT IN ('scorm', 'cmi5') OR ${col(lessonProgress.contentPassed)})))`;
}

export const passedSql = passedWhere({
  minStudyMinutes: col(lessons.minStudyMinutes),
  examQuestionCount: col(lessons.examQuestionCount),
  videoKind: col(lessons.videoKind),
});

function treeQuery(db: Db, kind: RefKind) {
  return db
    .select({
      courseId: courses.id,
      courseName: courses.name,
      ordered: courses.ordered,
      // An assigned course is open even where the learner's roadmap would lock it (issue 24).
      roadmapBlocker: sql<{
        id: number;
        name: string;
      } | null>`case when ${assignedCourseSql(sql`${sql.placeholder('userId')}`, col(courses.id))} then null else ${roadmapBlockerSql(sql`${sql.placeholder('userId')}`, col(courses.id), passedWhere)} end`,
      topicId: topics.id,
      topicName: topics.name,
      topicPosition: topics.position,
      lessonId: lessons.id,
      lessonName: lessons.name,
      lessonPosition: lessons.position,
      videoKind: lessons.videoKind,
      videoUrl: lessons.videoUrl,
      videoDurationSeconds: lessons.videoDurationSeconds,
      minStudyMinutes: lessons.minStudyMinutes,
      requiredCorrectAnswers: lessons.requiredCorrectAnswers,
      examTimeLimitMinutes: lessons.examTimeLimitMinutes,
      maxFailedAttempts: lessons.maxFailedAttempts,
      examQuestionCount: lessons.examQuestionCount,
      documentCount: sql<number>`(select count(*)::int from ${lessonDocuments} where ${col(lessonDocuments.lessonId)} = ${col(lessons.id)})`,
      progress: {
        status: lessonProgress.status,
        creditedSeconds: lessonProgress.creditedSeconds,
        lastPositionSeconds: lessonProgress.lastPositionSeconds,
        examPassed: lessonProgress.examPassed,
        contentPassed: lessonProgress.contentPassed,
        viewingId: lessonProgress.viewingId,
        lastHeartbeatAt: lessonProgress.lastHeartbeatAt,
        watching: lessonProgress.watching,
        tabLeaves: lessonProgress.tabLeaves,
        passedAt: lessonProgress.passedAt,
        version: lessonProgress.version,
      },
    })
    .from(courses)
    .leftJoin(topics, eq(topics.courseId, courses.id))
    .leftJoin(lessons, eq(lessons.topicId, topics.id))
    .leftJoin(
      lessonProgress,
      and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, sql.placeholder('userId'))),
    )
    .where(eq(courses.id, courseIdOf(kind)))
    .orderBy(asc(topics.position), asc(topics.id), asc(lessons.position), asc(lessons.id))
    .prepare(`study_course_tree_by_${kind}`);
}

/**
 * The three tree queries, built once (drizzle then skips rebuilding the SQL) and run on the
 * caller's handle: the database, or a transaction (an exam submission reads the tree in its own).
 */
const treeQueries: Record<RefKind, (db: Db) => ReturnType<typeof treeQuery>> = {
  courseId: sharedStatement((db) => treeQuery(db, 'courseId')),
  topicId: sharedStatement((db) => treeQuery(db, 'topicId')),
  lessonId: sharedStatement((db) => treeQuery(db, 'lessonId')),
};

/** Loads the course with the learner's progress; null when the course (or topic, lesson) does not exist. */
export async function loadCourseTree(db: Db, userId: number, ref: CourseRef): Promise<CourseTree | null> {
  const kind = refKind(ref);
  const key = 'courseId' in ref ? ref.courseId : 'topicId' in ref ? ref.topicId : ref.lessonId;
  const rows = await treeQueries[kind](db).execute({ userId, key });
  const first = rows[0];
  if (!first) return null;
  const tree: CourseTree = {
    id: first.courseId,
    name: first.courseName,
    ordered: first.ordered,
    topics: [],
    lockedBy: first.roadmapBlocker ?? null,
  };
  for (const row of rows) {
    if (row.topicId === null) continue;
    let topic = tree.topics.at(-1);
    if (topic?.id !== row.topicId) {
      topic = {
        id: row.topicId,
        name: row.topicName ?? '',
        position: row.topicPosition ?? 0,
        open: false,
        lessons: [],
      };
      tree.topics.push(topic);
    }
    if (row.lessonId === null) continue;
    const record = row.progress ? { ...row.progress, status: row.progress.status as LessonStatus } : null;
    const rule = {
      minStudyMinutes: row.minStudyMinutes ?? 0,
      examQuestionCount: row.examQuestionCount ?? 0,
      videoKind: row.videoKind ?? 'youtube',
    };
    topic.lessons.push({
      id: row.lessonId,
      courseId: first.courseId,
      topicId: row.topicId,
      name: row.lessonName ?? '',
      position: row.lessonPosition ?? 0,
      videoKind: row.videoKind ?? 'youtube',
      videoUrl: row.videoUrl ?? '',
      videoDurationSeconds: row.videoDurationSeconds,
      minStudyMinutes: rule.minStudyMinutes,
      requiredCorrectAnswers: row.requiredCorrectAnswers ?? 0,
      examTimeLimitMinutes: row.examTimeLimitMinutes ?? 0,
      maxFailedAttempts: row.maxFailedAttempts ?? 0,
      examQuestionCount: rule.examQuestionCount,
      documentCount: row.documentCount,
      record,
      passed: lessonPassed(rule, record),
      unlocked: false,
    });
  }
  const gates = courseGates(tree.ordered, tree.topics);
  // The learner's roadmap can lock the whole course (roadmaps/gate.ts).
  const blockedBy = tree.lockedBy ? roadmapLockedMessage(tree.lockedBy.name) : undefined;
  for (const topic of tree.topics) {
    topic.open = !blockedBy && gates.openTopics.has(topic.id);
    for (const lesson of topic.lessons) {
      lesson.unlocked = !blockedBy && gates.unlockedLessons.has(lesson.id);
      if (blockedBy) lesson.lockedMessage = blockedBy;
    }
  }
  return tree;
}

export function findLesson(tree: CourseTree | null, lessonId: number): LessonNode | undefined {
  for (const topic of tree?.topics ?? []) {
    const lesson = topic.lessons.find((l) => l.id === lessonId);
    if (lesson) return lesson;
  }
  return undefined;
}

export function findTopic(tree: CourseTree | null, topicId: number): TopicNode | undefined {
  return tree?.topics.find((t) => t.id === topicId);
}
