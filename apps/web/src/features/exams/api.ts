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
  TLessonContent,
  TOpenAttempt,
  TQuestionImportResult,
  TQuestionInput,
} from '@academy/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';
import { useChange, useInvalidate, validId } from '../../lib/queries';

/** Exams: authoring (management), the learner's exam and staff unlocking. */

const AUTHORING_KEY = ['exams', 'authoring'] as const;
const STATE_KEY = ['exams', 'state'] as const;
const STANDINGS_KEY = ['exams', 'standings'] as const;

const authoringApi = {
  read: endpoint<TExamAuthoring, number>('GET', (lessonId) => `exams/${lessonId}/authoring`),
  addQuestion: endpoint<TAuthorQuestion, number>('POST', (lessonId) => `exams/${lessonId}/questions`),
  editQuestion: endpoint<TAuthorQuestion, number>('PUT', (id) => `exam-questions/${id}`),
  removeQuestion: endpoint<void, number>('DELETE', (id) => `exam-questions/${id}`),
  duplicateQuestion: endpoint<TAuthorQuestion, number>('POST', (id) => `exam-questions/${id}/duplicate`),
  reorder: endpoint<TAuthorQuestion[], number>('PUT', (lessonId) => `exams/${lessonId}/questions/order`),
  saveSettings: endpoint<TExamSettings, number>('PUT', (lessonId) => `exams/${lessonId}/settings`),
  importQuestions: endpoint<TQuestionImportResult, number>(
    'POST',
    (lessonId) => `exams/${lessonId}/questions/import`,
  ),
  unlock: endpoint<TExamStanding, number>('POST', (lessonId) => `exams/${lessonId}/unlock`),
};

// ——— Authoring ———

export function useExamAuthoring(lessonId: number) {
  return useQuery({
    queryKey: [...AUTHORING_KEY, lessonId],
    queryFn: () => authoringApi.read.call(lessonId),
    enabled: validId(lessonId),
  });
}

/** After any change: the exam, and the lesson lists that show its question count. */
function changedExam(lessonId: number): QueryKey[] {
  return [[...AUTHORING_KEY, lessonId], ['lessons'], STATE_KEY];
}

export function useSaveQuestion(lessonId: number) {
  return useChange(
    ({ id, input }: { id?: number; input: TQuestionInput }) =>
      id
        ? authoringApi.editQuestion.call(id, { body: input })
        : authoringApi.addQuestion.call(lessonId, { body: input }),
    ...changedExam(lessonId),
  );
}

export function useDeleteQuestion(lessonId: number) {
  return useChange((id: number) => authoringApi.removeQuestion.call(id), ...changedExam(lessonId));
}

export function useDuplicateQuestion(lessonId: number) {
  return useChange((id: number) => authoringApi.duplicateQuestion.call(id), ...changedExam(lessonId));
}

export function useReorderQuestions(lessonId: number) {
  return useChange(
    (ids: number[]) => authoringApi.reorder.call(lessonId, { body: { ids } }),
    ...changedExam(lessonId),
  );
}

export function useSaveExamSettings(lessonId: number) {
  return useChange(
    (input: TExamSettingsInput) => authoringApi.saveSettings.call(lessonId, { body: input }),
    ...changedExam(lessonId),
  );
}

export function useImportQuestions(lessonId: number) {
  return useChange(
    (file: File) => {
      const body = new FormData();
      body.set('file', file);
      return authoringApi.importQuestions.call(lessonId, { body });
    },
    ...changedExam(lessonId),
  );
}

export const downloadTemplate = () =>
  downloadFile('exams/questions/template', undefined, 'exam-questions-template.xlsx');
export const downloadQuestions = (lessonId: number) =>
  downloadFile(`exams/${lessonId}/questions/export`, undefined, `exam-${lessonId}-questions.xlsx`);

// ——— Staff: locked learners ———

export function useLockedLearners(lessonId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...STANDINGS_KEY, lessonId, 'locked'],
    queryFn: () => learnerApi.standings.call(undefined, { examId: lessonId, locked: 'true', size: 100 }),
    enabled,
  });
}

export function useUnlockLearner(lessonId: number) {
  return useChange(
    (userId: number) => authoringApi.unlock.call(lessonId, { body: { userId } }),
    STANDINGS_KEY,
  );
}

// ——— The learner ———

const learnerApi = {
  standings: listEndpoint<TExamStanding>('exam-standings'),
  state: endpoint<TExamState, number>('GET', (lessonId) => `exams/${lessonId}/state`),
  start: endpoint<TOpenAttempt, number>('POST', (lessonId) => `exams/${lessonId}/start`),
  questions: endpoint<TLearnerQuestion[]>('GET', 'questions/exams'),
  autosave: endpoint<TAutosaveResult, number>('PUT', (attemptId) => `exams/attempts/${attemptId}/answers`),
  submit: endpoint<TExamResult>('POST', 'exams/process'),
  result: endpoint<TExamResult, number>('GET', (attemptId) => `exams/attempts/${attemptId}/result`),
  checkAnswers: endpoint<TCheckAnswers>('POST', 'user-answers/check-answers'),
  event: endpoint<TAttemptFlags, number>('POST', (attemptId) => `exams/attempts/${attemptId}/events`),
  lesson: endpoint<TLessonContent, number>('GET', (lessonId) => `lessons/${lessonId}`),
};

export function useExamState(lessonId: number) {
  return useQuery({
    queryKey: [...STATE_KEY, lessonId],
    queryFn: () => learnerApi.state.call(lessonId),
    enabled: validId(lessonId),
    staleTime: 0,
  });
}

export const startExam = (lessonId: number) => learnerApi.start.call(lessonId);

export const examQuestions = (lessonId: number) =>
  learnerApi.questions.call(undefined, { query: { exam_id: lessonId, page: 0, size: 999999999 } });

export const autosaveAnswers = (attemptId: number, answers: TAnswerParsed[]) =>
  learnerApi.autosave.call(attemptId, { body: { answers } });

export const submitExam = (attemptId: number, answers: TAnswerParsed[], reason: string) =>
  learnerApi.submit.call(undefined, { body: { attemptId, answers, reason } });

/** The lesson after the exam, to link to it. */
export const readLesson = (lessonId: number) => learnerApi.lesson.call(lessonId);

export const attemptResult = (attemptId: number) => learnerApi.result.call(attemptId);

/** SPEC §7: exam POSTs other than exams/process are multipart. */
export function checkAnswers(attemptId: number) {
  const body = new FormData();
  body.set('attempt_id', String(attemptId));
  return learnerApi.checkAnswers.call(undefined, { body });
}

export function recordExamEvent(attemptId: number, kind: 'COPY' | 'CONTEXT_MENU' | 'WINDOW_BLUR') {
  const body = new FormData();
  body.set('kind', kind);
  return learnerApi.event.call(attemptId, { body });
}

/** After a result: the exam state and everything the study pages show (lock state, percent). */
export function useInvalidateAfterExam() {
  return useInvalidate(STATE_KEY, ['study']);
}
