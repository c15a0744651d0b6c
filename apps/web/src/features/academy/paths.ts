/** A topic's page of a course; with `lessonId`, that lesson opened (its data starts with the route). */
export const topicPath = (courseId: number, topicId: number, lessonId?: number | null) =>
  `/training-academy/course/${courseId}/topic/${topicId}${lessonId ? `?lesson=${lessonId}` : ''}`;
