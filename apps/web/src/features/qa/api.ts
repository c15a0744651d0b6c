import type {
  TCoursePage,
  TFeaturedCourses,
  TQaQuestionDetail,
  TQaQuestionInput,
  TQaQuestionSummary,
  TQaReply,
  TQaSolvedInput,
  TQaUpvoteResult,
} from '@academy/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { addOrEdit, pagedListQuery, usePagedList, validId } from '../../lib/queries';

export const QA_KEY = ['qa'] as const;
const QUESTIONS_KEY = [...QA_KEY, 'questions'] as const;

const qaApi = {
  questions: listEndpoint<TQaQuestionSummary>('qa/questions'),
  question: endpoint<TQaQuestionDetail, number>('GET', (id) => `qa/questions/${id}`),
  addQuestion: endpoint<TQaQuestionDetail>('POST', 'qa/questions'),
  editQuestion: endpoint<TQaQuestionDetail, number>('PUT', (id) => `qa/questions/${id}`),
  removeQuestion: endpoint<void, number>('DELETE', (id) => `qa/questions/${id}`),
  upvote: endpoint<TQaUpvoteResult, number>('POST', (id) => `qa/questions/${id}/upvote`),
  setSolved: endpoint<TQaQuestionDetail, number>('PUT', (id) => `qa/questions/${id}/solved`),
  addReply: endpoint<TQaReply, number>('POST', (questionId) => `qa/questions/${questionId}/replies`),
  editReply: endpoint<TQaReply, number>('PUT', (id) => `qa/replies/${id}`),
  removeReply: endpoint<void, number>('DELETE', (id) => `qa/replies/${id}`),
  courses: endpoint<TFeaturedCourses>('GET', 'course'),
  courseOutline: endpoint<TCoursePage, number>('GET', (courseId) => `courses/${courseId}`),
};
const saveQuestion = addOrEdit<TQaQuestionDetail, TQaQuestionInput>(qaApi.addQuestion, qaApi.editQuestion);

/** The lesson page's count of the questions about its lesson (one row asked: the total counts). */
export const lessonQuestionsQuery = (courseId: number, lessonId: number) =>
  pagedListQuery(QUESTIONS_KEY, qaApi.questions, { courseId, lessonId, size: 1 });

/** Started with the lesson page's other reads by its route (academy's prefetchTopicPage). */
export function prefetchLessonQuestions(client: QueryClient, courseId: number, lessonId: number): void {
  void client.prefetchQuery(lessonQuestionsQuery(courseId, lessonId));
}

/** One page of questions (q, type, relatedTopic, courseId, lessonId, solved, mine, sort, page, size). */
export function useQuestionList(query: Query, enabled = true) {
  return usePagedList(QUESTIONS_KEY, qaApi.questions, query, enabled);
}

export function useQuestion(id: number) {
  return useQuery({
    queryKey: [...QUESTIONS_KEY, id],
    queryFn: () => qaApi.question.call(id),
    enabled: validId(id),
  });
}

/** After any change: the question itself is set from the answer, lists are refetched. */
function useQuestionChanged() {
  const queryClient = useQueryClient();
  return (question?: TQaQuestionDetail) => {
    if (question) queryClient.setQueryData([...QUESTIONS_KEY, question.id], question);
    void queryClient.invalidateQueries({ queryKey: [...QUESTIONS_KEY, 'list'] });
  };
}

export function useSaveQuestion() {
  const changed = useQuestionChanged();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: TQaQuestionInput }) =>
      saveQuestion({ id, body: values }),
    onSuccess: (question) => changed(question),
  });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => qaApi.removeQuestion.call(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: [...QUESTIONS_KEY, id] });
      void queryClient.invalidateQueries({ queryKey: [...QUESTIONS_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}

export function useToggleUpvote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => qaApi.upvote.call(id),
    onSuccess: (result) => {
      queryClient.setQueryData<TQaQuestionDetail>([...QUESTIONS_KEY, id], (question) =>
        question ? { ...question, upvotes: result.upvotes, upvotedByMe: result.upvoted } : question,
      );
      void queryClient.invalidateQueries({ queryKey: [...QUESTIONS_KEY, 'list'] });
    },
  });
}

export function useSetSolved(id: number) {
  const changed = useQuestionChanged();
  return useMutation({
    mutationFn: (input: TQaSolvedInput) => qaApi.setSolved.call(id, { body: input }),
    onSuccess: (question) => changed(question),
  });
}

/** Replies change the question (count, solution): it is refetched with them. */
function useRepliesChanged(questionId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [...QUESTIONS_KEY, questionId] });
    void queryClient.invalidateQueries({ queryKey: [...QUESTIONS_KEY, 'list'] });
  };
}

export function useAddReply(questionId: number) {
  const changed = useRepliesChanged(questionId);
  return useMutation({
    mutationFn: (content: string) => qaApi.addReply.call(questionId, { body: { content } }),
    onSuccess: changed,
  });
}

export function useUpdateReply(questionId: number) {
  const changed = useRepliesChanged(questionId);
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) =>
      qaApi.editReply.call(id, { body: { content } }),
    onSuccess: changed,
  });
}

export function useDeleteReply(questionId: number) {
  const changed = useRepliesChanged(questionId);
  return useMutation({
    mutationFn: (id: number) => qaApi.removeReply.call(id),
    onSuccess: changed,
  });
}

/** Every course (GET course, list in data.content), for the course pickers and filters. */
export function useCourseOptions() {
  return useQuery({
    queryKey: ['course', 'all'],
    queryFn: async () => (await qaApi.courses.call()).data.content,
    staleTime: 5 * 60_000,
  });
}

/** A course's outline (topics and lessons), for the lesson picker. */
export function useCourseOutline(courseId: number | null) {
  return useQuery({
    queryKey: ['course', 'page', courseId],
    queryFn: () => qaApi.courseOutline.call(courseId as number),
    enabled: validId(courseId),
    staleTime: 5 * 60_000,
  });
}
