import type { TCourse, TLesson, TTopic } from '@academy/contract';
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { refreshCourseCounts } from '../src/modules/courses/counts';
import { courses, lessons, topics } from '../src/modules/courses/tables';
import { lessonProgress } from '../src/modules/study/tables';
import type { Db } from '../src/platform/db/client';
import type { ApiClient } from './client';
import { formData, zipArchive } from './files';

/** Course fixtures for the courses and study tests: built through the API, like an author would. */

/** A legacy Office file (OLE compound file) whose main stream has this name. */
export function compoundFile(stream: 'WordDocument' | 'Workbook' | 'PowerPoint Document'): Buffer {
  const data = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(data);
  Buffer.from(stream, 'utf16le').copy(data, 1024);
  return data;
}

/** An Office Open XML file: xl/ for Excel, ppt/ for PowerPoint, word/ for Word. */
export function officeOpenXml(folder: 'xl' | 'ppt' | 'word'): Buffer {
  return zipArchive({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    [`${folder}/document.xml`]: '<?xml version="1.0"?><doc/>',
  });
}

let counter = 0;

export function youtubeLink(): string {
  counter += 1;
  return `https://www.youtube.com/watch?v=${`abcdefghij${counter}`.slice(-11).padStart(11, 'x')}`;
}

export async function addCourse(author: ApiClient, fields: Record<string, string> = {}): Promise<TCourse> {
  const res = await author.post(
    'courses',
    formData({ name: `Course ${Date.now()}`, serviceId: '1', ordered: 'true', ...fields }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function addTopic(author: ApiClient, courseId: number, name = 'Topic'): Promise<TTopic> {
  const res = await author.post(`courses/${courseId}/topics`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function addLesson(
  author: ApiClient,
  topicId: number,
  fields: Record<string, unknown> = {},
): Promise<TLesson> {
  const res = await author.post(`topics/${topicId}/lessons`, {
    name: 'Lesson',
    videoUrl: youtubeLink(),
    videoDurationSeconds: 600,
    minStudyMinutes: 1,
    requiredCorrectAnswers: 0,
    examTimeLimitMinutes: 10,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/**
 * A course with topics of lessons: `shape` lists each topic's lessons' minimum study minutes.
 * Returns the course, and the topics with their lessons in order.
 */
export async function buildCourse(
  author: ApiClient,
  shape: number[][],
  fields: Record<string, string> = {},
): Promise<{ course: TCourse; topics: { topic: TTopic; lessons: TLesson[] }[] }> {
  const course = await addCourse(author, fields);
  const topics = [];
  for (const [i, minutes] of shape.entries()) {
    const topic = await addTopic(author, course.id, `Topic ${i + 1}`);
    const lessons = [];
    for (const [j, m] of minutes.entries()) {
      lessons.push(
        await addLesson(author, topic.id, { name: `Lesson ${i + 1}.${j + 1}`, minStudyMinutes: m }),
      );
    }
    topics.push({ topic, lessons });
  }
  return { course, topics };
}

/**
 * Gives the demo "Content editor" (the staff account) the course action keys, as an admin would:
 * decision 4 requires them in addition to COURSE_MANAGEMENT.
 */
export async function grantCourseActions(admin: ApiClient): Promise<void> {
  const res = await admin.put('authorizations/1', {
    name: 'Content editor',
    serviceId: 1,
    permissions: [
      'NEWS_MANAGEMENT',
      'COURSE_MANAGEMENT',
      'ADD_COURSE_MANAGEMENT',
      'EDIT_COURSE_MANAGEMENT',
      'DELETE_COURSE_MANAGEMENT',
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Inserts `count` courses of `topicsPer` topics × `lessonsPer` lessons straight into the database
 * (bulk statements), with progress for `learnerId` in every lesson of the first half of each
 * course. For tests that compare data sizes.
 */
export async function insertCourses(
  db: Db,
  options: { count: number; topicsPer: number; lessonsPer: number; serviceId: number; learnerId: number },
): Promise<{ courseIds: number[]; topicIds: number[] }> {
  const { count, topicsPer, lessonsPer, serviceId, learnerId } = options;
  const created = await db
    .insert(courses)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Bulk course ${i + 1}`,
        serviceId,
        ordered: i % 2 === 0,
        featured: true,
        position: 1000 + i,
      })),
    )
    .returning({ id: courses.id });
  const topicRows = await db
    .insert(topics)
    .values(
      created.flatMap((c) =>
        Array.from({ length: topicsPer }, (_, i) => ({
          courseId: c.id,
          name: `Topic ${i + 1}`,
          position: i + 1,
        })),
      ),
    )
    .returning({ id: topics.id, courseId: topics.courseId });
  const lessonRows = await db
    .insert(lessons)
    .values(
      topicRows.flatMap((topic) =>
        Array.from({ length: lessonsPer }, (_, i) => ({
          topicId: topic.id,
          courseId: topic.courseId,
          name: `Lesson ${i + 1}`,
          position: i + 1,
          videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
          videoDurationSeconds: 600,
          minStudyMinutes: 1,
        })),
      ),
    )
    .returning({ id: lessons.id, courseId: lessons.courseId });
  await refreshCourseCounts(
    db,
    inArray(
      courses.id,
      created.map((c) => c.id),
    ),
  );
  const perCourse = topicsPer * lessonsPer;
  const studied = lessonRows.filter((_, i) => i % perCourse < perCourse / 2);
  if (studied.length) {
    await db.insert(lessonProgress).values(
      studied.map((l, i) => ({
        userId: learnerId,
        lessonId: l.id,
        creditedSeconds: i % 3 === 0 ? 30 : 90,
        status: i % 3 === 0 ? 'STUDYING' : 'PASSED',
      })),
    );
  }
  return { courseIds: created.map((c) => c.id), topicIds: topicRows.map((t) => t.id) };
}
