import type { TCmi5Course, TCmi5Launch, TCmi5Registration } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { endpoint } from '../../lib/endpoint';
import { validId } from '../../lib/queries';

/**
 * cmi5 lessons (issue 26): the manager's course (import, removal) and the learner's launch and
 * registration. The course lives under ['cmi5', 'course', lessonId]; the learner's registration
 * under ['cmi5', 'registration', lessonId].
 */
const cmi5Api = {
  course: endpoint<TCmi5Course, number>('GET', (lessonId) => `lessons/${lessonId}/cmi5`),
  importUpload: endpoint<TCmi5Course, number>('PUT', (lessonId) => `lessons/${lessonId}/cmi5`),
  remove: endpoint<void, number>('DELETE', (lessonId) => `lessons/${lessonId}/cmi5`),
  launch: endpoint<TCmi5Launch, number>('POST', (lessonId) => `lessons/${lessonId}/cmi5/launch`),
  registration: endpoint<TCmi5Registration, number>(
    'GET',
    (lessonId) => `lessons/${lessonId}/cmi5/registration`,
  ),
};

export const courseKey = (lessonId: number | undefined) => ['cmi5', 'course', lessonId] as const;
export const registrationKey = (lessonId: number) => ['cmi5', 'registration', lessonId] as const;

/** A lesson's cmi5 course for its form; null when the lesson has none (404). */
export function useCmi5Course(lessonId: number | undefined) {
  return useQuery({
    queryKey: courseKey(lessonId),
    queryFn: async () => {
      try {
        return await cmi5Api.course.call(lessonId as number);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: validId(lessonId),
    retry: false,
  });
}

/** Imports a course uploaded with tus (its upload id): checked and unpacked; a 400 carries the reason. */
export function importUploadedCourse(lessonId: number, upload: string): Promise<TCmi5Course> {
  return cmi5Api.importUpload.call(lessonId, { body: { upload }, signal: AbortSignal.timeout(10 * 60_000) });
}

export function removeCourse(lessonId: number): Promise<void> {
  return cmi5Api.remove.call(lessonId);
}

/** The learner opens an AU (the first one not yet satisfied when none is named). */
export function launchAu(lessonId: number, au?: string): Promise<TCmi5Launch> {
  return cmi5Api.launch.call(lessonId, { query: { au } });
}

/** The learner's standing in each AU and the course. */
export function useRegistration(lessonId: number) {
  return useQuery({
    queryKey: registrationKey(lessonId),
    queryFn: () => cmi5Api.registration.call(lessonId),
    retry: false,
  });
}
