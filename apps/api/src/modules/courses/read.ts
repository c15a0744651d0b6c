import {
  MESSAGES,
  type TCourse,
  type TCoursePage,
  type TLessonVideo,
  type TRoadmapCourseOption,
  type VideoKind,
  youtubeVideoId,
} from '@academy/contract';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { preparedPerDatabase } from '../../platform/db/prepared';
import { notFound } from '../../platform/http/errors';
import { serviceExists, serviceNameOf } from '../org';
import { courses, lessons, topics } from './tables';

/** The columns of a course summary (SPEC's Course plus its counts, which the course row carries). */
export const courseColumns = {
  id: courses.id,
  name: courses.name,
  serviceId: courses.serviceId,
  serviceName: serviceNameOf(courses.serviceId),
  image: courses.imageUrl,
  requirements: courses.requirements,
  ordered: courses.ordered,
  mustCompleteBeforeNext: courses.mustCompleteBeforeNext,
  featured: courses.featured,
  certificateId: courses.certificateId,
  certificateValidityMonths: courses.certificateValidityMonths,
  recertificationWindowDays: courses.recertificationWindowDays,
  position: courses.position,
  topicCount: courses.topicCount,
  lessonCount: courses.lessonCount,
  totalStudyMinutes: courses.totalStudyMinutes,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
};

export type CourseRow = Omit<TCourse, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

export function toCourse(row: CourseRow): TCourse {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** Courses with their service, for any filter; the caller adds where/order/limit. */
export function selectCourses(db: Db) {
  return db.select(courseColumns).from(courses);
}

export const listOrder: SQL[] = [asc(courses.position), asc(courses.id)];

// The course page's and the home page's reads, built once per database (drizzle builds a query's
// SQL on every call otherwise: a fifth of a study request's CPU, performance.md).
const courseById = preparedPerDatabase((db) =>
  selectCourses(db)
    .where(eq(courses.id, sql.placeholder('id')))
    .prepare('courses_by_id'),
);
const featuredList = preparedPerDatabase((db) =>
  selectCourses(db)
    .where(eq(courses.featured, true))
    .orderBy(...listOrder)
    .prepare('courses_featured'),
);
const everyCourse = preparedPerDatabase((db) =>
  selectCourses(db)
    .orderBy(...listOrder)
    .prepare('courses_every'),
);
const outlineOf = preparedPerDatabase((db) =>
  db
    .select({
      topicId: topics.id,
      topicName: topics.name,
      topicPosition: topics.position,
      lessonId: lessons.id,
      lessonName: lessons.name,
      lessonPosition: lessons.position,
      minStudyMinutes: lessons.minStudyMinutes,
      examQuestionCount: lessons.examQuestionCount,
    })
    .from(topics)
    .leftJoin(lessons, eq(lessons.topicId, topics.id))
    .where(eq(topics.courseId, sql.placeholder('courseId')))
    .orderBy(asc(topics.position), asc(topics.id), asc(lessons.position), asc(lessons.id))
    .prepare('courses_outline'),
);

/** One course summary, or 404 "This course does not exist." */
export async function getCourse(db: Db, id: number): Promise<TCourse> {
  const [row] = await courseById(db).execute({ id });
  if (!row) throw notFound(MESSAGES.courseNotFound);
  return toCourse(row);
}

/** Featured courses for the home page (or every course), in listing order: one query. */
export async function featuredCourses(db: Db, onlyFeatured: boolean): Promise<TCourse[]> {
  const rows = await (onlyFeatured ? featuredList(db) : everyCourse(db)).execute();
  return rows.map(toCourse);
}

/** The courses of one service (trademark); 404 "This service does not exist" for an unknown one. */
export async function coursesOfService(db: Db, serviceId: number): Promise<TCourse[]> {
  const rows = await selectCourses(db)
    .where(eq(courses.serviceId, serviceId))
    .orderBy(...listOrder);
  if (rows.length === 0) {
    if (!(await serviceExists(db, serviceId))) throw notFound(MESSAGES.serviceNotFound);
  }
  return rows.map(toCourse);
}

/** The course page visitors see: the course and its outline (topics, lesson names). Two queries. */
export async function coursePage(db: Db, id: number): Promise<TCoursePage> {
  const course = await getCourse(db, id);
  const rows = await outlineOf(db).execute({ courseId: id });
  const outline: TCoursePage['topics'] = [];
  for (const row of rows) {
    let topic = outline.at(-1);
    if (topic?.id !== row.topicId) {
      topic = { id: row.topicId, name: row.topicName, position: row.topicPosition, lessons: [] };
      outline.push(topic);
    }
    if (row.lessonId !== null) {
      topic.lessons.push({
        id: row.lessonId,
        name: row.lessonName ?? '',
        position: row.lessonPosition ?? 0,
        minStudyMinutes: row.minStudyMinutes ?? 0,
        hasExam: (row.examQuestionCount ?? 0) > 0,
      });
    }
  }
  return { ...course, topics: outline };
}

/** A lesson's video for the player: its kind, URL and, for YouTube, the video id. */
export function lessonVideo(kind: string, url: string): TLessonVideo {
  const videoKind: VideoKind = kind === 'upload' || kind === 'scorm' || kind === 'cmi5' ? kind : 'youtube';
  return { kind: videoKind, url, youtubeId: videoKind === 'youtube' ? youtubeVideoId(url) : null };
}

/**
 * The courses a roadmap may hold, for its form (roadmap staff need not hold COURSE_MANAGEMENT to
 * pick courses). One query.
 */
export async function courseOptions(db: Db): Promise<TRoadmapCourseOption[]> {
  return db
    .select({
      id: courses.id,
      name: courses.name,
      serviceId: courses.serviceId,
      serviceName: serviceNameOf(courses.serviceId),
      mustCompleteBeforeNext: courses.mustCompleteBeforeNext,
      lessonCount: courses.lessonCount,
    })
    .from(courses)
    .orderBy(...listOrder);
}
