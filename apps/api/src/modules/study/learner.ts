import { MESSAGES, type TLessonContent, type TMyLesson, type TMyThematic } from '@academy/contract';
import type { Db } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/http/errors';
import { documentsOfLesson, lessonVideo } from '../courses';
import { courseGates } from './rules';
import { type CourseTree, findLesson, findTopic, type LessonNode, loadCourseTree } from './tree';
import { toMyLesson, toMyThematic } from './views';

/** GET my-thematics: the course's topics with the learner's state. One query. */
export async function myThematics(db: Db, userId: number, courseId: number): Promise<TMyThematic[]> {
  const tree = await loadCourseTree(db, userId, { courseId });
  if (!tree) throw notFound(MESSAGES.courseNotFound);
  return tree.topics.map((topic) => toMyThematic(tree.id, topic));
}

/** GET my-lessons: a topic's lessons with lock state, status and credited time. One query. */
export async function myLessons(db: Db, userId: number, topicId: number): Promise<TMyLesson[]> {
  const topic = findTopic(await loadCourseTree(db, userId, { topicId }), topicId);
  if (!topic) throw notFound(MESSAGES.topicNotFound);
  return topic.lessons.map(toMyLesson);
}

/** A lesson of the learner's course, or 404 "This lesson does not exist." */
export async function learnerLesson(db: Db, userId: number, lessonId: number) {
  const tree = await loadCourseTree(db, userId, { lessonId });
  const lesson = findLesson(tree, lessonId);
  if (!tree || !lesson) throw notFound(MESSAGES.lessonNotFound);
  return { tree, lesson };
}

export function assertUnlocked(lesson: LessonNode): void {
  if (!lesson.unlocked) throw forbidden(lesson.lockedMessage ?? MESSAGES.finishPreviousExam);
}

/**
 * GET lessons/{id}: the lesson to study. Its video and documents are only given when the lesson
 * is unlocked; a locked lesson answers its state with `video: null` and no documents.
 * Two queries (one when locked).
 */
export async function lessonContent(db: Db, userId: number, lessonId: number): Promise<TLessonContent> {
  const { tree, lesson } = await learnerLesson(db, userId, lessonId);
  const topic = findTopic(tree, lesson.topicId);
  const documents = lesson.unlocked ? await documentsOfLesson(db, lesson.id) : [];
  return {
    ...toMyLesson(lesson),
    courseName: tree.name,
    topicName: topic?.name ?? '',
    video: lesson.unlocked ? lessonVideo(lesson.videoKind, lesson.videoUrl) : null,
    documents,
    lastPositionSeconds: lesson.record?.lastPositionSeconds ?? 0,
  };
}

/**
 * For other modules (exams, document downloads): the learner's view of one lesson, refused with
 * 403 "You have to finish the previous exam" while it is locked.
 */
export async function unlockedLesson(db: Db, userId: number, lessonId: number): Promise<LessonNode> {
  const { lesson } = await learnerLesson(db, userId, lessonId);
  assertUnlocked(lesson);
  return lesson;
}

/**
 * For the exams module: whether the learner has passed a lesson, and the lesson after it in the
 * course's order (across topics) with whether they may open it now (null after the last lesson).
 * One query.
 */
export async function lessonStanding(db: Db, userId: number, lessonId: number): Promise<LessonStanding> {
  const { tree, lesson } = await learnerLesson(db, userId, lessonId);
  const all = tree.topics.flatMap((topic) => topic.lessons);
  const next = all[all.findIndex((l) => l.id === lessonId) + 1];
  return { passed: lesson.passed, next: next ? { id: next.id, unlocked: next.unlocked } : null };
}

export type LessonStanding = { passed: boolean; next: { id: number; unlocked: boolean } | null };

/**
 * `lessonStanding` without a query, from a tree read earlier (`learnerLesson`) and the lesson's
 * passed state since: the gates are worked out again with that lesson's new state.
 */
export function lessonStandingAfter(tree: CourseTree, lessonId: number, passed: boolean): LessonStanding {
  const topics = tree.topics.map((topic) => ({
    ...topic,
    lessons: topic.lessons.map((l) => (l.id === lessonId ? { ...l, passed } : l)),
  }));
  const gates = courseGates(tree.ordered, topics);
  const all = topics.flatMap((topic) => topic.lessons);
  const next = all[all.findIndex((l) => l.id === lessonId) + 1];
  const unlocked = (id: number) => !tree.lockedBy && gates.unlockedLessons.has(id);
  return { passed, next: next ? { id: next.id, unlocked: unlocked(next.id) } : null };
}
