import type {
  TAnswerParsed,
  TAttemptFlags,
  TAuthorQuestion,
  TAutosaveResult,
  TCheckAnswers,
  TExamAuthoring,
  TExamResult,
  TExamSettings,
  TExamSettingsInput,
  TExamStanding,
  TExamState,
  TLearnerQuestion,
  TOpenAttempt,
  TQuestionImportResult,
  TQuestionInput,
} from '@academy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiList, downloadFile } from '../../lib/api';

/** Exams: authoring (management), the learner's exam and staff unlocking. */

const AUTHORING_KEY = ['exams', 'authoring'] as const;
const STATE_KEY = ['exams', 'state'] as const;
const STANDINGS_KEY = ['exams', 'standings'] as const;

// ——— Authoring ———

export function useExamAuthoring(lessonId: number) {
  return useQuery({
    queryKey: [...AUTHORING_KEY, lessonId],
    queryFn: () => api<TExamAuthoring>(`exams/${lessonId}/authoring`),
    enabled: Number.isInteger(lessonId) && lessonId > 0,
  });
}

/** After any change: the exam, and the lesson lists that show its question count. */
function useInvalidateExam(lessonId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...AUTHORING_KEY, lessonId] }),
      queryClient.invalidateQueries({ queryKey: ['lessons'] }),
      queryClient.invalidateQueries({ queryKey: STATE_KEY }),
    ]);
}

export function useSaveQuestion(lessonId: number) {
  const invalidate = useInvalidateExam(lessonId);
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: TQuestionInput }) =>
      id
        ? api<TAuthorQuestion>(`exam-questions/${id}`, { method: 'PUT', body: input })
        : api<TAuthorQuestion>(`exams/${lessonId}/questions`, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteQuestion(lessonId: number) {
  const invalidate = useInvalidateExam(lessonId);
  return useMutation({
    mutationFn: (id: number) => api<void>(`exam-questions/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useDuplicateQuestion(lessonId: number) {
  const invalidate = useInvalidateExam(lessonId);
  return useMutation({
    mutationFn: (id: number) => api<TAuthorQuestion>(`exam-questions/${id}/duplicate`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

export function useReorderQuestions(lessonId: number) {
  const invalidate = useInvalidateExam(lessonId);
  return useMutation({
    mutationFn: (ids: number[]) =>
      api<TAuthorQuestion[]>(`exams/${lessonId}/questions/order`, { method: 'PUT', body: { ids } }),
    onSuccess: invalidate,
  });
}

export function useSaveExamSettings(lessonId: number) {
  const invalidate = useInvalidateExam(lessonId);
  return useMutation({
    mutationFn: (input: TExamSettingsInput) =>
      api<TExamSettings>(`exams/${lessonId}/settings`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

export function useImportQuestions(lessonId: number) {
  const invalidate = useInvalidateExam(lessonId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file);
      return api<TQuestionImportResult>(`exams/${lessonId}/questions/import`, { method: 'POST', body: form });
    },
    onSuccess: invalidate,
  });
}

export const downloadTemplate = () =>
  downloadFile('exams/questions/template', undefined, 'exam-questions-template.xlsx');
export const downloadQuestions = (lessonId: number) =>
  downloadFile(`exams/${lessonId}/questions/export`, undefined, `exam-${lessonId}-questions.xlsx`);

// ——— Staff: locked learners ———

export function useLockedLearners(lessonId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...STANDINGS_KEY, lessonId, 'locked'],
    queryFn: () => apiList<TExamStanding>('exam-standings', { examId: lessonId, locked: 'true', size: 100 }),
    enabled,
  });
}

export function useUnlockLearner(lessonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api<TExamStanding>(`exams/${lessonId}/unlock`, { method: 'POST', body: { userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STANDINGS_KEY }),
  });
}

// ——— The learner ———

export function useExamState(lessonId: number) {
  return useQuery({
    queryKey: [...STATE_KEY, lessonId],
    queryFn: () => api<TExamState>(`exams/${lessonId}/state`),
    enabled: Number.isInteger(lessonId) && lessonId > 0,
    staleTime: 0,
  });
}

export const startExam = (lessonId: number) =>
  api<TOpenAttempt>(`exams/${lessonId}/start`, { method: 'POST' });

export const examQuestions = (lessonId: number) =>
  api<TLearnerQuestion[]>('questions/exams', { query: { exam_id: lessonId, page: 0, size: 999999999 } });

export const autosaveAnswers = (attemptId: number, answers: TAnswerParsed[]) =>
  api<TAutosaveResult>(`exams/attempts/${attemptId}/answers`, { method: 'PUT', body: { answers } });

export const submitExam = (attemptId: number, answers: TAnswerParsed[], reason: string) =>
  api<TExamResult>('exams/process', { method: 'POST', body: { attemptId, answers, reason } });

export const attemptResult = (attemptId: number) => api<TExamResult>(`exams/attempts/${attemptId}/result`);

/** SPEC §7: exam POSTs other than exams/process are multipart. */
export function checkAnswers(attemptId: number) {
  const form = new FormData();
  form.set('attempt_id', String(attemptId));
  return api<TCheckAnswers>('user-answers/check-answers', { method: 'POST', body: form });
}

export function recordExamEvent(attemptId: number, kind: 'COPY' | 'CONTEXT_MENU') {
  const form = new FormData();
  form.set('kind', kind);
  return api<TAttemptFlags>(`exams/attempts/${attemptId}/events`, { method: 'POST', body: form });
}

/** After a result: the exam state and everything the study pages show (lock state, percent). */
export function useInvalidateAfterExam() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: STATE_KEY }),
      queryClient.invalidateQueries({ queryKey: ['study'] }),
    ]);
}
