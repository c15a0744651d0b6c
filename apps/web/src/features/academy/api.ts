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
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, downloadFile } from '../../lib/api';
import { endpoint } from '../../lib/endpoint';
import { validId } from '../../lib/queries';
import { myAssignmentsQuery } from '../assignments';
import { prefetchLessonQuestions } from '../qa';

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
export const featuredCoursesQuery = () =>
  queryOptions({
    queryKey: ['course', 'featured'],
    queryFn: async () =>
      (await academyApi.courses.call(undefined, { query: { required: 'true' } })).data.content,
    staleTime: 5 * 60_000,
  });

export function useFeaturedCourses() {
  return useQuery(featuredCoursesQuery());
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
const coursePageQuery = (id: number) =>
  queryOptions({ queryKey: ['course', 'page', id], queryFn: () => academyApi.coursePage.call(id) });

export function useCoursePage(id: number) {
  return useQuery({ ...coursePageQuery(id), enabled: validId(id) });
}

/*
 * The learner's own state lives under the ['study'] key: the player refreshes all of it when a
 * lesson passes, so the next lesson and topic unlock on screen.
 */

const myCoursesQuery = () =>
  queryOptions({ queryKey: ['study', 'my-courses'], queryFn: () => academyApi.myCourses.call() });

export function useMyCourses(enabled = true) {
  return useQuery({ ...myCoursesQuery(), enabled });
}

const myHistoryQuery = () =>
  queryOptions({ queryKey: ['study', 'history'], queryFn: () => academyApi.myHistory.call() });

export function useMyHistory(enabled = true) {
  return useQuery({ ...myHistoryQuery(), enabled });
}

const coursePercentQuery = (courseId: number) =>
  queryOptions({
    queryKey: ['study', 'percent', courseId],
    queryFn: () => academyApi.coursePercent.call(courseId),
  });

export function useCoursePercent(courseId: number, enabled: boolean) {
  return useQuery({ ...coursePercentQuery(courseId), enabled: enabled && courseId > 0 });
}

/** GET my-thematics?course_id=: the course's topics with open state and progress. */
const myThematicsQuery = (courseId: number) =>
  queryOptions({
    queryKey: ['study', 'thematics', courseId],
    queryFn: () => academyApi.myThematics.call(undefined, { query: { course_id: courseId } }),
  });

export function useMyThematics(courseId: number, enabled: boolean) {
  return useQuery({ ...myThematicsQuery(courseId), enabled: enabled && courseId > 0 });
}

/** GET my-lessons?thematic_id=: a topic's lessons with lock state, status and credited time. */
const myLessonsQuery = (topicId: number) =>
  queryOptions({
    queryKey: ['study', 'lessons', topicId],
    queryFn: () => academyApi.myLessons.call(undefined, { query: { thematic_id: topicId } }),
  });

export function useMyLessons(topicId: number) {
  return useQuery({ ...myLessonsQuery(topicId), enabled: topicId > 0 });
}

/**
 * A lesson to study: its content (video and documents only when it is unlocked; locked, it says
 * so with its message). Kept for a few seconds, so the page that a route's loader started it for
 * does not ask again.
 */
const lessonContentQuery = (lessonId: number) =>
  queryOptions({
    queryKey: ['study', 'lesson', lessonId, 'content'],
    queryFn: () => academyApi.lesson.call(lessonId),
    staleTime: 5_000,
  });

/**
 * Opening a lesson (POST user-lesson/update-status/{id}: not studying → studying, or passed at
 * once for a lesson without minimum time or exam), asked beside its content. The server refuses
 * to open a locked lesson (403): null, and the content shows the lock. Opening moves a lesson from
 * not started to in progress: the topic's list is told at once (`showOpenedLesson`), or it would
 * read "Not started" beside a header reading "In progress".
 */
const openedLessonQuery = (client: QueryClient, lessonId: number) =>
  queryOptions({
    queryKey: ['study', 'lesson', lessonId, 'opened'],
    queryFn: async () => {
      const opened = await academyApi.openLesson.call(lessonId).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      });
      if (opened) showOpenedLesson(client, opened);
      return opened;
    },
    staleTime: 5_000,
  });

/** The lesson's content, and its progress once opened (null until then or when it is locked). */
export function useLessonContent(lessonId: number) {
  const client = useQueryClient();
  const content = useQuery({ ...lessonContentQuery(lessonId), enabled: validId(lessonId) });
  const opened = useQuery({ ...openedLessonQuery(client, lessonId), enabled: validId(lessonId) });
  return { content, opened: opened.data ?? null };
}

/**
 * The opened lesson's new status in the cached topic lists (decision 95). A list still on its way
 * (the topic page's loader asks for it beside the lesson) may have been read before the opening:
 * the opening is written into it when it arrives.
 */
function showOpenedLesson(client: QueryClient, opened: TLessonProgress): void {
  showLessonProgress(client, opened);
  // Neither invalidated nor refetched: a list the loader prefetched has no observer until its page
  // mounts, and the query cache skips a query without observers or data in both.
  const arriving = client
    .getQueryCache()
    .findAll({ queryKey: ['study', 'lessons'], fetchStatus: 'fetching' });
  for (const list of arriving)
    void list.promise?.then(
      () => showLessonProgress(client, opened),
      () => undefined,
    );
}

/*
 * Route loaders (app/routes.tsx) start a page's data with the navigation, beside its chunk, instead
 * of when its components mount (decision 131). Learner data only with a stored session.
 */

type PageParams = Record<string, string | undefined>;
const idOf = (value: string | null | undefined) => {
  const id = Number(value);
  return validId(id) ? id : null;
};

/**
 * /training-academy/course/{id}: the course, and the learner's topics and percent. Resolves when
 * the course, which the page's content is drawn from, is in (decision 191).
 */
export function prefetchCoursePage(
  client: QueryClient,
  params: PageParams,
  signedIn: boolean,
): Promise<void> | undefined {
  const courseId = idOf(params.id);
  if (!courseId) return undefined;
  const course = client.prefetchQuery(coursePageQuery(courseId));
  if (signedIn) {
    void client.prefetchQuery(myThematicsQuery(courseId));
    void client.prefetchQuery(coursePercentQuery(courseId));
  }
  return course;
}

/**
 * /training-academy/course/{id}/topic/{idThematic}?lesson=: the topic's lists and the lesson,
 * together. Resolves when the lesson and the topic's lessons, the page's content, are in.
 */
export function prefetchTopicPage(client: QueryClient, params: PageParams, url: URL): Promise<unknown> {
  const courseId = idOf(params.id);
  const topicId = idOf(params.idThematic);
  const lessonId = idOf(url.searchParams.get('lesson'));
  // In the order the page shows them: the server may answer one request after another.
  const lesson = lessonId ? client.prefetchQuery(lessonContentQuery(lessonId)) : undefined;
  const lessons = topicId ? client.prefetchQuery(myLessonsQuery(topicId)) : undefined;
  if (lessonId) void client.prefetchQuery(openedLessonQuery(client, lessonId));
  if (courseId) void client.prefetchQuery(myThematicsQuery(courseId));
  if (courseId) void client.prefetchQuery(coursePageQuery(courseId));
  if (courseId && lessonId) prefetchLessonQuestions(client, courseId, lessonId);
  return Promise.all([lesson, lessons]);
}

/**
 * /training-academy: the learner's courses and finished courses. Resolves when the assignments,
 * which choose the tab the page opens on, are in.
 */
export function prefetchMyCourses(client: QueryClient): Promise<void> {
  void client.prefetchQuery(myCoursesQuery());
  void client.prefetchQuery(myHistoryQuery());
  return client.prefetchQuery(myAssignmentsQuery());
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
