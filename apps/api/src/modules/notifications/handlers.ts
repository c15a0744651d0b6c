import type { FastifyBaseLogger } from 'fastify';
import type { AppEvents } from '../../events';
import type { Db } from '../../platform/db/client';
import type { EventHandler } from '../../platform/events';
import { courseAndLessonNames } from '../courses';
import { usersPlacedAtSql } from '../users';
import { notify, notifyEach } from './notify';

type Handled = 'certificateIssued' | 'examLocked' | 'examUnlocked' | 'roadmapCoursesAdded' | 'assignmentDue';
type Handlers = { [K in Handled]: EventHandler<AppEvents[K]> };

/**
 * What each event tells whom. Handlers run in the publisher's transaction; a failure is logged
 * and never undoes what the publisher did (a savepoint keeps it apart).
 */
export function notificationHandlers(log: FastifyBaseLogger): Handlers {
  const guarded =
    <P>(name: string, handler: EventHandler<P>): EventHandler<P> =>
    async (db: Db, payload: P) => {
      try {
        await db.transaction((tx) => handler(tx, payload));
      } catch (err) {
        log.error({ err, event: name }, 'a notification could not be recorded');
      }
    };
  const lessonWords = async (db: Db, lessonId: number) => {
    const lesson = (await courseAndLessonNames(db, [], [lessonId])).lessons.get(lessonId);
    if (!lesson) return null;
    const course = (await courseAndLessonNames(db, [lesson.courseId], [])).courses.get(lesson.courseId);
    return {
      url: `/training-academy/course/${lesson.courseId}/topic/${lesson.topicId}?lesson=${lesson.id}`,
      params: { lesson: lesson.name, course: course?.name ?? '' },
    };
  };

  return {
    certificateIssued: guarded('certificateIssued', async (db, e) => {
      await notify(db, e.userId, {
        kind: 'CERTIFICATE_ISSUED',
        key: `certificate:${e.issuedId}`,
        url: '/training-academy/study-progress',
        params: { course: e.courseName, code: e.code },
      });
    }),
    examLocked: guarded('examLocked', async (db, e) => {
      const words = await lessonWords(db, e.examId);
      if (!words) return;
      await notify(db, e.userId, {
        kind: 'EXAM_LOCKED',
        // One per lock: a lock after an unlock is another.
        key: `exam-locked:${e.examId}:${e.at.getTime()}`,
        url: words.url,
        params: words.params,
      });
    }),
    examUnlocked: guarded('examUnlocked', async (db, e) => {
      const words = await lessonWords(db, e.examId);
      if (!words) return;
      await notify(db, e.userId, {
        kind: 'EXAM_UNLOCKED',
        key: `exam-unlocked:${e.examId}:${e.at.getTime()}`,
        url: words.url,
        params: words.params,
      });
    }),
    roadmapCoursesAdded: guarded('roadmapCoursesAdded', async (db, e) => {
      const { courses } = await courseAndLessonNames(db, e.courseIds, []);
      for (const courseId of e.courseIds) {
        const course = courses.get(courseId);
        if (!course) continue;
        await notifyEach(db, usersPlacedAtSql(e.branchId, e.authorizationId), {
          kind: 'ROADMAP_COURSE_ADDED',
          key: `roadmap-course:${e.roadmapId}:${courseId}`,
          url: `/training-academy/course/${courseId}`,
          params: { course: course.name },
        });
      }
    }),
    assignmentDue: guarded('assignmentDue', async (db, e) => {
      await notify(db, e.userId, {
        kind: 'ASSIGNMENT_DUE',
        key: e.key,
        url: e.url,
        params: { title: e.title, dueAt: e.dueAt.toISOString() },
      });
    }),
  };
}
