import type {
  TExamStanding,
  TLearnerProgress,
  TLoginEntry,
  TMyProgress,
  TProgressRow,
  TProgressSummary,
} from '@academy/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiList, downloadFile, type Query } from '../../lib/api';

export const PROGRESS_KEY = ['progress'] as const;

/** One page of learner × course rows for the filters. */
export function useProgressList(query: Query, enabled: boolean) {
  return useQuery({
    queryKey: [...PROGRESS_KEY, 'list', query],
    queryFn: () => apiList<TProgressRow>('progress', query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The dashboard for the same filters. */
export function useProgressSummary(query: Query, enabled: boolean) {
  return useQuery({
    queryKey: [...PROGRESS_KEY, 'summary', query],
    queryFn: () => api<TProgressSummary>('progress/summary', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLearnerProgress(id: number) {
  return useQuery({
    queryKey: [...PROGRESS_KEY, 'user', id],
    queryFn: () => api<TLearnerProgress>(`progress/users/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useLoginHistory(id: number, query: Query) {
  return useQuery({
    queryKey: [...PROGRESS_KEY, 'logins', id, query],
    queryFn: () => apiList<TLoginEntry>(`progress/users/${id}/login-history`, query),
    placeholderData: keepPreviousData,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Unlock a locked exam for one learner (POST exams/{examId}/unlock). */
export function useUnlockExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ examId, userId }: { examId: number; userId: number }) =>
      api<TExamStanding>(`exams/${examId}/unlock`, { method: 'POST', body: { userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROGRESS_KEY }),
  });
}

/** The filtered report as .xlsx (streamed by the API). */
export function useExportProgress() {
  return useMutation({
    mutationFn: (query: Query) => downloadFile('progress/export', query, 'progress.xlsx'),
  });
}

/** The learner's own courses with lessons, and their exam results (GET my-progress). */
export function useMyProgress() {
  return useQuery({
    queryKey: ['study', 'my-progress'],
    queryFn: () => api<TMyProgress>('my-progress'),
  });
}
