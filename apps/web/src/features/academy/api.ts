import type {
  TCourse,
  TCoursePage,
  TCoursePercent,
  TFeaturedCourses,
  TLessonContent,
  TLessonProgress,
  TMyCourse,
  TMyLesson,
  TMyThematic,
  TranscriptFormat,
} from '@academy/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../lib/api';
import { endpoint } from '../../lib/endpoint';
import { validId } from '../../lib/queries';

const academyApi = {
  courses: endpoint<TFeaturedCourses>('GET', 'course'),
  coursePage: endpoint<TCoursePage, number>('GET', (id) => `courses/${id}`),
  myCourses: endpoint<TMyCourse[]>('GET', 'my-courses'),
  myHistory: endpoint<TMyCourse[]>('GET', 'my-courses/history'),
  coursePercent: endpoint<TCoursePercent, number>(
    'GET',
    (courseId) => `my-courses/course-percent/${courseId}`,
  ),
  myThematics: endpoint<TMyThematic[]>('GET', 'my-thematics'),
  myLessons: endpoint<TMyLesson[]>('GET', 'my-lessons'),
  openLesson: endpoint<TLessonProgress, number>(
    'POST',
    (lessonId) => `user-lesson/update-status/${lessonId}`,
  ),
  lesson: endpoint<TLessonContent, number>('GET', (lessonId) => `lessons/${lessonId}`),
};

/** Courses featured on the home page (GET course?required=true, list in data.content). */
export function useFeaturedCourses() {
  return useQuery({
    queryKey: ['course', 'featured'],
    queryFn: async () =>
      (await academyApi.courses.call(undefined, { query: { required: 'true' } })).data.content,
    staleTime: 5 * 60_000,
  });
}

/** Every course (GET course, list in data.content): what a learner may start. Public. */
export function useAllCourses(enabled = true) {
  return useQuery({
    queryKey: ['course', 'all'],
    queryFn: async () => (await academyApi.courses.call()).data.content as TCourse[],
    enabled,
    staleTime: 60_000,
  });
}

/** The course page anyone may see: the course and its outline (GET courses/{id}). */
export function useCoursePage(id: number) {
  return useQuery({
    queryKey: ['course', 'page', id],
    queryFn: () => academyApi.coursePage.call(id),
    enabled: validId(id),
  });
}

/*
 * The learner's own state lives under the ['study'] key: the player refreshes all of it when a
 * lesson passes, so the next lesson and topic unlock on screen.
 */

export function useMyCourses(enabled = true) {
  return useQuery({
    queryKey: ['study', 'my-courses'],
    queryFn: () => academyApi.myCourses.call(),
    enabled,
  });
}

export function useMyHistory(enabled = true) {
  return useQuery({
    queryKey: ['study', 'history'],
    queryFn: () => academyApi.myHistory.call(),
    enabled,
  });
}

export function useCoursePercent(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['study', 'percent', courseId],
    queryFn: () => academyApi.coursePercent.call(courseId),
    enabled: enabled && courseId > 0,
  });
}

/** GET my-thematics?course_id=: the course's topics with open state and progress. */
export function useMyThematics(courseId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['study', 'thematics', courseId],
    queryFn: () => academyApi.myThematics.call(undefined, { query: { course_id: courseId } }),
    enabled: enabled && courseId > 0,
  });
}

/** GET my-lessons?thematic_id=: a topic's lessons with lock state, status and credited time. */
export function useMyLessons(topicId: number) {
  return useQuery({
    queryKey: ['study', 'lessons', topicId],
    queryFn: () => academyApi.myLessons.call(undefined, { query: { thematic_id: topicId } }),
    enabled: topicId > 0,
  });
}

/**
 * A lesson to study. Opening it first tells the server (POST user-lesson/update-status/{id}:
 * not studying → studying, or passed at once for a lesson without minimum time or exam), then
 * reads its content: video and documents only when it is unlocked.
 */
export function useLessonContent(lessonId: number | null, locked: boolean) {
  return useQuery({
    queryKey: ['study', 'lesson', lessonId],
    queryFn: async () => {
      let opened: TLessonProgress | null = null;
      const id = lessonId as number;
      if (!locked) opened = await academyApi.openLesson.call(id);
      const content = await academyApi.lesson.call(id);
      return { content, opened };
    },
    enabled: lessonId !== null && lessonId > 0,
    staleTime: 0,
  });
}

/** Refreshes the learner's lists (courses, topics, lessons, percent) but not the open lesson. */
export function refreshLearnerLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'study' && query.queryKey[1] !== 'lesson',
  });
}

/**
 * Shows the server's latest answer for one lesson in the cached topic lists (credited time,
 * status), so the lesson list keeps up with the heartbeats without reloading it.
 */
export function showLessonProgress(queryClient: QueryClient, progress: TLessonProgress): void {
  queryClient.setQueriesData<TMyLesson[]>({ queryKey: ['study', 'lessons'] }, (lessons) =>
    lessons?.map((lesson) =>
      lesson.id === progress.lessonId
        ? {
            ...lesson,
            status: progress.status,
            creditedSeconds: progress.creditedSeconds,
            studyComplete: progress.studyComplete,
            examPassed: progress.examPassed,
            passed: progress.passed,
          }
        : lesson,
    ),
  );
}

/** Downloads the learner's transcript (GET my-transcript) with the bearer token. */
export const downloadTranscript = (format: TranscriptFormat) =>
  downloadFile('my-transcript', { format }, `transcript.${format}`);
