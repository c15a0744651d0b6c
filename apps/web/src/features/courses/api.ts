import type {
  TCertificateOption,
  TCourse,
  TCourseListItem,
  TLesson,
  TLessonDocument,
  TLessonInput,
  TTopic,
} from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { addOrEdit, useChange, useInvalidate, usePagedList, useRecord, validId } from '../../lib/queries';

/** Course authoring (management): courses, topics, lessons and lesson documents. */

export const COURSES_KEY = ['courses'] as const;
const TOPICS_KEY = ['topics'] as const;
const LESSONS_KEY = ['lessons'] as const;
/** Everything the learner side and the home page show about courses, refreshed after a change. */
const COURSE_KEYS = [COURSES_KEY, TOPICS_KEY, LESSONS_KEY, ['course']] as const;

const coursesApi = {
  list: listEndpoint<TCourseListItem>('courses'),
  one: endpoint<TCourse, number>('GET', (id) => `coursesbyid/${id}`),
  add: endpoint<TCourse>('POST', 'courses'),
  edit: endpoint<TCourse, number>('PUT', (id) => `courses/${id}`),
  topics: endpoint<TTopic[], number>('GET', (courseId) => `courses/${courseId}/topics`),
  addTopic: endpoint<TTopic, number>('POST', (courseId) => `courses/${courseId}/topics`),
  editTopic: endpoint<TTopic, number>('PUT', (id) => `topics/${id}`),
  lessons: endpoint<TLesson[], number>('GET', (topicId) => `topics/${topicId}/lessons`),
  lesson: endpoint<TLesson, number>('GET', (id) => `lessons/${id}/edit`),
  addLesson: endpoint<TLesson, number>('POST', (topicId) => `topics/${topicId}/lessons`),
  editLesson: endpoint<TLesson, number>('PUT', (id) => `lessons/${id}`),
  addDocument: endpoint<TLessonDocument, number>('POST', (lessonId) => `lessons/${lessonId}/documents`),
  removeDocument: endpoint<void, number>('DELETE', (id) => `lesson-documents/${id}`),
};

function useInvalidateCourses() {
  return useInvalidate(...COURSE_KEYS);
}

/** One page of GET courses (q, serviceId, page, size). */
export function useCourseList(query: Query) {
  return usePagedList(COURSES_KEY, coursesApi.list, query);
}

/** One course (GET coursesbyid/{id}). */
export function useCourse(id: number | undefined) {
  return useRecord(COURSES_KEY, coursesApi.one, id);
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
  /** Months the certificate is valid; null: it never expires. */
  certificateValidityMonths: number | null;
  /** Days before expiry when the course is assigned again; null: the default (30). */
  recertificationWindowDays: number | null;
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
  data.set('certificateValidityMonths', values.certificateValidityMonths?.toString() ?? '');
  data.set('recertificationWindowDays', values.recertificationWindowDays?.toString() ?? '');
  data.set('removeImage', String(values.removeImage && !values.image));
  if (values.image) data.set('image', values.image);
  return data;
}

const saveCourse = addOrEdit<TCourse, FormData>(coursesApi.add, coursesApi.edit);

export function useSaveCourse() {
  return useChange(
    ({ id, values }: { id?: number; values: CourseFormValues }) =>
      saveCourse({ id, body: courseFormData(values) }),
    ...COURSE_KEYS,
  );
}

const removeItem = {
  courses: endpoint<void, number>('DELETE', (id) => `courses/${id}`),
  topics: endpoint<void, number>('DELETE', (id) => `topics/${id}`),
  lessons: endpoint<void, number>('DELETE', (id) => `lessons/${id}`),
};

/** DELETE courses|topics|lessons/{id}; `confirm` also removes learners' progress (else 409). */
export function useDeleteItem(kind: 'courses' | 'topics' | 'lessons') {
  return useChange(
    ({ id, confirm }: { id: number; confirm: boolean }) =>
      removeItem[kind].call(id, { query: { confirm: confirm ? 'true' : undefined } }),
    ...COURSE_KEYS,
  );
}

/** The topics of a course, in order (GET courses/{id}/topics). */
export function useTopics(courseId: number | undefined) {
  return useQuery({
    queryKey: [...TOPICS_KEY, courseId],
    queryFn: () => coursesApi.topics.call(courseId as number),
    enabled: validId(courseId),
  });
}

export function useSaveTopic(courseId: number) {
  return useChange(
    ({ id, name }: { id?: number; name: string }) =>
      id
        ? coursesApi.editTopic.call(id, { body: { name } })
        : coursesApi.addTopic.call(courseId, { body: { name } }),
    ...COURSE_KEYS,
  );
}

/** Sends a new order; the list shows it at once and goes back if the server refuses. */
function useReorder<T extends { id: number }>(key: readonly unknown[], path: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCourses();
  const reorder = endpoint<T[]>('PUT', path);
  return useMutation({
    mutationFn: (ids: number[]) => reorder.call(undefined, { body: { ids } }),
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
    queryFn: () => coursesApi.lessons.call(topicId as number),
    enabled: validId(topicId),
  });
}

export function useReorderLessons(topicId: number) {
  return useReorder<TLesson>([...LESSONS_KEY, 'of', topicId], `topics/${topicId}/lessons/order`);
}

/** One lesson as its authors see it (GET lessons/{id}/edit). */
export function useLesson(id: number | undefined) {
  return useRecord(LESSONS_KEY, coursesApi.lesson, id);
}

export function useSaveLesson() {
  return useChange(
    ({ id, topicId, values }: { id?: number; topicId: number; values: TLessonInput }) =>
      id
        ? coursesApi.editLesson.call(id, { body: values })
        : coursesApi.addLesson.call(topicId, { body: values }),
    ...COURSE_KEYS,
  );
}

export function useUploadDocument() {
  return useChange(
    ({ lessonId, file }: { lessonId: number; file: File }) => {
      const body = new FormData();
      body.set('file', file);
      // Documents may be 20 MB: a longer limit than the client's default 30 s.
      return coursesApi.addDocument.call(lessonId, { body, signal: AbortSignal.timeout(10 * 60_000) });
    },
    ...COURSE_KEYS,
  );
}

export function useDeleteDocument() {
  return useChange((id: number) => coursesApi.removeDocument.call(id), ...COURSE_KEYS);
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
