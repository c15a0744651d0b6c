import type {
  TCertificateOption,
  TCourse,
  TCourseListItem,
  TLesson,
  TLessonDocument,
  TLessonInput,
  TTopic,
} from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiList, type Query } from '../../lib/api';
import { endpoint } from '../../lib/endpoint';

/** Course authoring (management): courses, topics, lessons and lesson documents. */

export const COURSES_KEY = ['courses'] as const;
const TOPICS_KEY = ['topics'] as const;
const LESSONS_KEY = ['lessons'] as const;

/** Everything the learner side and the home page show about courses, refreshed after a change. */
function useInvalidateCourses() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: COURSES_KEY }),
      queryClient.invalidateQueries({ queryKey: TOPICS_KEY }),
      queryClient.invalidateQueries({ queryKey: LESSONS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['course'] }),
    ]);
}

/** One page of GET courses (q, serviceId, page, size). */
export function useCourseList(query: Query) {
  return useQuery({
    queryKey: [...COURSES_KEY, 'list', query],
    queryFn: () => apiList<TCourseListItem>('courses', query),
    placeholderData: keepPreviousData,
  });
}

/** One course (GET coursesbyid/{id}). */
export function useCourse(id: number | undefined) {
  return useQuery({
    queryKey: [...COURSES_KEY, 'one', id],
    queryFn: () => api<TCourse>(`coursesbyid/${id}`),
    enabled: validId(id),
  });
}

export function validId(id: number | undefined): id is number {
  return id !== undefined && Number.isInteger(id) && id > 0;
}

/** The fields of the course form, sent as multipart (the image goes in `image`). */
export interface CourseFormValues {
  name: string;
  serviceId: number;
  requirements: string | null;
  ordered: boolean;
  mustCompleteBeforeNext: boolean;
  featured: boolean;
  certificateId: number | null;
  image: File | null;
  removeImage: boolean;
}

function courseFormData(values: CourseFormValues): FormData {
  const data = new FormData();
  data.set('name', values.name);
  data.set('serviceId', String(values.serviceId));
  data.set('requirements', values.requirements ?? '');
  data.set('ordered', String(values.ordered));
  data.set('mustCompleteBeforeNext', String(values.mustCompleteBeforeNext));
  data.set('featured', String(values.featured));
  data.set('certificateId', values.certificateId ? String(values.certificateId) : '');
  data.set('removeImage', String(values.removeImage && !values.image));
  if (values.image) data.set('image', values.image);
  return data;
}

export function useSaveCourse() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: CourseFormValues }) =>
      api<TCourse>(id ? `courses/${id}` : 'courses', {
        method: id ? 'PUT' : 'POST',
        body: courseFormData(values),
      }),
    onSuccess: invalidate,
  });
}

/** DELETE courses|topics|lessons/{id}; `confirm` also removes learners' progress (else 409). */
export function useDeleteItem(kind: 'courses' | 'topics' | 'lessons') {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: number; confirm: boolean }) =>
      api(`${kind}/${id}`, { method: 'DELETE', query: { confirm: confirm ? 'true' : undefined } }),
    onSuccess: invalidate,
  });
}

/** The topics of a course, in order (GET courses/{id}/topics). */
export function useTopics(courseId: number | undefined) {
  return useQuery({
    queryKey: [...TOPICS_KEY, courseId],
    queryFn: () => api<TTopic[]>(`courses/${courseId}/topics`),
    enabled: validId(courseId),
  });
}

export function useSaveTopic(courseId: number) {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      api<TTopic>(id ? `topics/${id}` : `courses/${courseId}/topics`, {
        method: id ? 'PUT' : 'POST',
        body: { name },
      }),
    onSuccess: invalidate,
  });
}

/** Sends a new order; the list shows it at once and goes back if the server refuses. */
function useReorder<T extends { id: number }>(key: readonly unknown[], path: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (ids: number[]) => api<T[]>(path, { method: 'PUT', body: { ids } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<T[]>(key);
      if (before) {
        const byId = new Map(before.map((row) => [row.id, row]));
        const after = ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
        queryClient.setQueryData(key, after);
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: invalidate,
  });
}

export function useReorderTopics(courseId: number) {
  return useReorder<TTopic>([...TOPICS_KEY, courseId], `courses/${courseId}/topics/order`);
}

/** The lessons of a topic with their videos and documents (GET topics/{id}/lessons). */
export function useLessons(topicId: number | undefined) {
  return useQuery({
    queryKey: [...LESSONS_KEY, 'of', topicId],
    queryFn: () => api<TLesson[]>(`topics/${topicId}/lessons`),
    enabled: validId(topicId),
  });
}

export function useReorderLessons(topicId: number) {
  return useReorder<TLesson>([...LESSONS_KEY, 'of', topicId], `topics/${topicId}/lessons/order`);
}

/** One lesson as its authors see it (GET lessons/{id}/edit). */
export function useLesson(id: number | undefined) {
  return useQuery({
    queryKey: [...LESSONS_KEY, 'one', id],
    queryFn: () => api<TLesson>(`lessons/${id}/edit`),
    enabled: validId(id),
  });
}

export function useSaveLesson() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ id, topicId, values }: { id?: number; topicId: number; values: TLessonInput }) =>
      api<TLesson>(id ? `lessons/${id}` : `topics/${topicId}/lessons`, {
        method: id ? 'PUT' : 'POST',
        body: values,
      }),
    onSuccess: invalidate,
  });
}

export function useUploadDocument() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: ({ lessonId, file }: { lessonId: number; file: File }) => {
      const data = new FormData();
      data.set('file', file);
      // Documents may be 20 MB: a longer limit than the client's default 30 s.
      return api<TLessonDocument>(`lessons/${lessonId}/documents`, {
        method: 'POST',
        body: data,
        signal: AbortSignal.timeout(10 * 60_000),
      });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteDocument() {
  const invalidate = useInvalidateCourses();
  return useMutation({
    mutationFn: (id: number) => api(`lesson-documents/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/**
 * The certificates a course may grant: id and name for every signed-in user, so that a content
 * editor without certificate rights keeps the picker (the full list needs CERTIFICATE_MANAGEMENT).
 */
export const certificateOptionsEndpoint = endpoint<TCertificateOption[]>('GET', 'certificates/options');

export const certificateOptionsQuery = {
  queryKey: ['certificates', 'options'],
  queryFn: () => certificateOptionsEndpoint.call(),
} as const;

export function useCertificateOptions(enabled: boolean) {
  return useQuery({ ...certificateOptionsQuery, enabled, retry: false, staleTime: 5 * 60_000 });
}
