import type {
  TAccommodationInput,
  TExamAccommodation,
  TExamStanding,
  TLearnerProgress,
  TLoginEntry,
  TMyProgress,
  TProgressRow,
  TProgressSummary,
} from '@academy/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { downloadFile, type Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { useChange, usePagedList, validId } from '../../lib/queries';

export const PROGRESS_KEY = ['progress'] as const;

const progressApi = {
  rows: listEndpoint<TProgressRow>('progress'),
  summary: endpoint<TProgressSummary>('GET', 'progress/summary'),
  learner: endpoint<TLearnerProgress, number>('GET', (id) => `progress/users/${id}`),
  logins: listEndpoint<TLoginEntry, number>((id) => `progress/users/${id}/login-history`),
  unlock: endpoint<TExamStanding, number>('POST', (examId) => `exams/${examId}/unlock`),
  mine: endpoint<TMyProgress>('GET', 'my-progress'),
  accommodations: listEndpoint<TExamAccommodation>('exam-accommodations'),
  accommodate: endpoint<TExamAccommodation, number>('PUT', (examId) => `exams/${examId}/accommodations`),
  removeAccommodation: endpoint<void, { examId: number; userId: number }>(
    'DELETE',
    ({ examId, userId }) => `exams/${examId}/accommodations/${userId}`,
  ),
};

/** One page of learner × course rows for the filters. */
export function useProgressList(query: Query, enabled: boolean) {
  return usePagedList(PROGRESS_KEY, progressApi.rows, query, enabled);
}

/** The dashboard for the same filters. */
export function useProgressSummary(query: Query, enabled: boolean) {
  return useQuery({
    queryKey: [...PROGRESS_KEY, 'summary', query],
    queryFn: () => progressApi.summary.call(undefined, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLearnerProgress(id: number) {
  return useQuery({
    queryKey: [...PROGRESS_KEY, 'user', id],
    queryFn: () => progressApi.learner.call(id),
    enabled: validId(id),
  });
}

export function useLoginHistory(id: number, query: Query) {
  return useQuery({
    queryKey: [...PROGRESS_KEY, 'logins', id, query],
    queryFn: () => progressApi.logins.call(id, query),
    placeholderData: keepPreviousData,
    enabled: validId(id),
  });
}

/** Unlock a locked exam for one learner (POST exams/{examId}/unlock). */
export function useUnlockExam() {
  return useChange(
    ({ examId, userId }: { examId: number; userId: number }) =>
      progressApi.unlock.call(examId, { body: { userId } }),
    PROGRESS_KEY,
  );
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
    queryFn: () => progressApi.mine.call(),
  });
}

/** A learner's exam accommodations (extra time, extra attempts; decision 88). */
export function useAccommodations(userId: number) {
  return useQuery({
    queryKey: [...PROGRESS_KEY, 'accommodations', userId],
    queryFn: () => progressApi.accommodations.call(undefined, { userId, size: 100 }),
    enabled: validId(userId),
  });
}

export function useSetAccommodation() {
  return useChange(
    ({ examId, body }: { examId: number; body: TAccommodationInput }) =>
      progressApi.accommodate.call(examId, { body }),
    PROGRESS_KEY,
  );
}

export function useRemoveAccommodation() {
  return useChange(
    (ids: { examId: number; userId: number }) => progressApi.removeAccommodation.call(ids),
    PROGRESS_KEY,
  );
}
