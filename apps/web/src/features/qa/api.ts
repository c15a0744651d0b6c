import type {
  TCoursePage,
  TFeaturedCourses,
  TNotification,
  TQaQuestionDetail,
  TQaQuestionInput,
  TQaQuestionSummary,
  TQaReply,
  TQaSolvedInput,
  TQaUpvoteResult,
  TUnreadCount,
} from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiList, type Query } from '../../lib/api';

export const QA_KEY = ['qa'] as const;
const QUESTIONS_KEY = [...QA_KEY, 'questions'] as const;
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** One page of questions (q, type, relatedTopic, courseId, lessonId, solved, mine, sort, page, size). */
export function useQuestionList(query: Query, enabled = true) {
  return useQuery({
    queryKey: [...QUESTIONS_KEY, 'list', query],
    queryFn: () => apiList<TQaQuestionSummary>('qa/questions', query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useQuestion(id: number) {
  return useQuery({
    queryKey: [...QUESTIONS_KEY, id],
    queryFn: () => api<TQaQuestionDetail>(`qa/questions/${id}`),
    enabled: Number.isInteger(id) && id > 0,
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
      api<TQaQuestionDetail>(id ? `qa/questions/${id}` : 'qa/questions', {
        method: id ? 'PUT' : 'POST',
        body: values,
      }),
    onSuccess: (question) => changed(question),
  });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`qa/questions/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: [...QUESTIONS_KEY, id] });
      void queryClient.invalidateQueries({ queryKey: [...QUESTIONS_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}

export function useToggleUpvote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<TQaUpvoteResult>(`qa/questions/${id}/upvote`, { method: 'POST' }),
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
    mutationFn: (input: TQaSolvedInput) =>
      api<TQaQuestionDetail>(`qa/questions/${id}/solved`, { method: 'PUT', body: input }),
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
    mutationFn: (content: string) =>
      api<TQaReply>(`qa/questions/${questionId}/replies`, { method: 'POST', body: { content } }),
    onSuccess: changed,
  });
}

export function useUpdateReply(questionId: number) {
  const changed = useRepliesChanged(questionId);
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) =>
      api<TQaReply>(`qa/replies/${id}`, { method: 'PUT', body: { content } }),
    onSuccess: changed,
  });
}

export function useDeleteReply(questionId: number) {
  const changed = useRepliesChanged(questionId);
  return useMutation({
    mutationFn: (id: number) => api<void>(`qa/replies/${id}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

/** The unread count, refreshed every minute and when the window regains focus. */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'unread'],
    queryFn: async () => (await api<TUnreadCount>('notifications/unread-count')).unread,
    refetchInterval: 60_000,
  });
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list'],
    queryFn: () => apiList<TNotification>('notifications', { size: 20 }),
    enabled,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { questionId?: number; ids?: number[] }) =>
      api<TUnreadCount>('notifications/read', { method: 'PUT', body: input }),
    onSuccess: (result) => {
      queryClient.setQueryData([...NOTIFICATIONS_KEY, 'unread'], result.unread);
      void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
    },
  });
}

/** Every course (GET course, list in data.content), for the course pickers and filters. */
export function useCourseOptions() {
  return useQuery({
    queryKey: ['course', 'all'],
    queryFn: async () => (await api<TFeaturedCourses>('course')).data.content,
    staleTime: 5 * 60_000,
  });
}

/** A course's outline (topics and lessons), for the lesson picker. */
export function useCourseOutline(courseId: number | null) {
  return useQuery({
    queryKey: ['course', 'page', courseId],
    queryFn: () => api<TCoursePage>(`courses/${courseId}`),
    enabled: courseId !== null && courseId > 0,
    staleTime: 5 * 60_000,
  });
}
