/**
 * The exam player's hidden route under the topic (SPEC §2): a long opaque segment, so it never
 * looks like a page to browse to. The lesson id is the exam id.
 */
export const EXAM_SEGMENT = 'x7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c8f3b6d0e2';

export const EXAM_PLAYER_ROUTE = `training-academy/course/:id/topic/:idThematic/${EXAM_SEGMENT}/:lessonId`;

export function examPlayerPath(courseId: number, topicId: number, lessonId: number): string {
  return `/training-academy/course/${courseId}/topic/${topicId}/${EXAM_SEGMENT}/${lessonId}`;
}

/** The learner's lesson page (the topic page with the lesson chosen). */
export function lessonPagePath(courseId: number, topicId: number, lessonId: number): string {
  return `/training-academy/course/${courseId}/topic/${topicId}?lesson=${lessonId}`;
}

/** The management exam page of a lesson (SPEC §2 `course/topic/lesson/{id}`). */
export function examAuthoringPath(lessonId: number): string {
  return `/management/course/topic/lesson/${lessonId}`;
}
