import { randomInt } from 'node:crypto';
import {
  type AnswerReview,
  EXAM_TIMING,
  foldAnswer,
  type QuestionOutcome,
  type QuestionType,
} from '@academy/contract';
import type { StoredAnswer, StoredBlank, StoredOption, StoredOutcome } from './tables';

/**
 * The exam rules, free of I/O: grading, the order an attempt shows, the deadline and its grace,
 * attempts left and the lock. Time comes in as an argument, so the rules are tested with any clock.
 */

export type GradableQuestion = {
  id: number;
  type: QuestionType;
  options: StoredOption[];
  blanks: StoredBlank[];
};

export type QuestionGrade = { outcome: QuestionOutcome; blankOutcomes: QuestionOutcome[] };

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/**
 * Grades one answer. Single and multiple choice: right only when the chosen options are exactly
 * the correct ones (an extra or unknown option makes it wrong). Fill in the blanks: each blank is
 * right when its text, trimmed with whitespace and case folded, is one of its accepted answers;
 * the question is right when every blank is. No answer (or only empty blanks) is UNANSWERED.
 */
export function gradeQuestion(question: GradableQuestion, answer: StoredAnswer | undefined): QuestionGrade {
  if (question.type === 'FILL_BLANKS') {
    const given = answer?.blanks ?? [];
    const blankOutcomes = question.blanks.map((blank, i): QuestionOutcome => {
      const text = foldAnswer(given[i] ?? '');
      if (text === '') return 'UNANSWERED';
      return blank.answers.some((accepted) => foldAnswer(accepted) === text) ? 'RIGHT' : 'WRONG';
    });
    const outcome: QuestionOutcome = blankOutcomes.every((o) => o === 'UNANSWERED')
      ? 'UNANSWERED'
      : blankOutcomes.every((o) => o === 'RIGHT')
        ? 'RIGHT'
        : 'WRONG';
    return { outcome, blankOutcomes };
  }
  const chosen = answer?.optionIds ?? [];
  if (chosen.length === 0) return { outcome: 'UNANSWERED', blankOutcomes: [] };
  if (question.type === 'SINGLE_CHOICE' && new Set(chosen).size > 1) {
    return { outcome: 'WRONG', blankOutcomes: [] };
  }
  const correct = new Set(question.options.filter((o) => o.correct).map((o) => o.id));
  return { outcome: sameSet(new Set(chosen), correct) ? 'RIGHT' : 'WRONG', blankOutcomes: [] };
}

export type AttemptGrade = {
  correctCount: number;
  questionCount: number;
  /** Correct answers in percent, rounded. */
  mark: number;
  passed: boolean;
  outcomes: StoredOutcome[];
};

/**
 * The number of correct answers needed: the lesson's required number, but never more than the
 * questions there are (an exam whose author asked for more than it has stays passable).
 */
export function effectiveRequired(required: number, questionCount: number): number {
  return Math.max(0, Math.min(required, questionCount));
}

/**
 * Grades an attempt: `questions` are the attempt's questions as they are now (a question deleted
 * since the start no longer counts). Passed when correct answers ≥ the required number.
 */
export function gradeAttempt(
  questions: GradableQuestion[],
  answers: StoredAnswer[],
  requiredCorrect: number,
): AttemptGrade {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const outcomes = questions.map((q) => ({ questionId: q.id, ...gradeQuestion(q, byQuestion.get(q.id)) }));
  const correctCount = outcomes.filter((o) => o.outcome === 'RIGHT').length;
  const questionCount = questions.length;
  return {
    correctCount,
    questionCount,
    mark: questionCount > 0 ? Math.round((correctCount * 100) / questionCount) : 0,
    passed: correctCount >= effectiveRequired(requiredCorrect, questionCount),
    outcomes,
  };
}

/** A uniformly random permutation (Fisher–Yates); `pick(n)` returns an integer in [0, n). */
export function shuffle<T>(items: readonly T[], pick: (n: number) => number = randomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export type OrderSettings = { shuffleQuestions: boolean; shuffleOptions: boolean };

/**
 * The order an attempt shows: questions in the author's order unless shuffled; choice options in
 * the author's order unless shuffled; a word bank always shuffled (authors tend to list it in
 * the order of the blanks, which would give the answers away).
 */
export function attemptOrder(
  questions: GradableQuestion[],
  settings: OrderSettings,
  pick: (n: number) => number = randomInt,
): { questionIds: number[]; optionOrder: Record<string, string[]> } {
  const ordered = settings.shuffleQuestions ? shuffle(questions, pick) : questions;
  const optionOrder: Record<string, string[]> = {};
  for (const q of ordered) {
    const ids = q.options.map((o) => o.id);
    optionOrder[String(q.id)] =
      settings.shuffleOptions || q.type === 'FILL_BLANKS' ? shuffle(ids, pick) : ids;
  }
  return { questionIds: ordered.map((q) => q.id), optionOrder };
}

/** What staff gave one learner in one exam (decision 88). */
export type Accommodation = { extraTimePercent: number; extraAttempts: number };
export const NO_ACCOMMODATION: Accommodation = { extraTimePercent: 0, extraAttempts: 0 };

/** The learner's time for an attempt in seconds: the time limit plus their extra time, rounded up. */
export function allowedSeconds(timeLimitMinutes: number, extraTimePercent = 0): number {
  return Math.ceil((timeLimitMinutes * 60 * (100 + extraTimePercent)) / 100);
}

export function deadlineOf(startedAt: Date, timeLimitMinutes: number, extraTimePercent = 0): Date {
  return new Date(startedAt.getTime() + allowedSeconds(timeLimitMinutes, extraTimePercent) * 1000);
}

/** The learner's failed attempts before the lock: the lesson's plus their extra ones; 0 never locks. */
export function learnerMaxFailed(maxFailed: number, extraAttempts = 0): number {
  return maxFailed > 0 ? maxFailed + extraAttempts : 0;
}

/**
 * Whether the review of an attempt may show the correct answers (decision 89): never while the
 * attempt runs; after it, as the exam's author chose — never, once the learner passed the exam,
 * or after each finished attempt.
 */
export function revealsCorrectAnswers(
  policy: AnswerReview,
  attempt: { status: string },
  learnerPassed: boolean,
): boolean {
  if (attempt.status === 'IN_PROGRESS') return false;
  if (policy === 'AFTER_EACH_ATTEMPT') return true;
  if (policy === 'AFTER_PASSED') return learnerPassed;
  return false;
}

/**
 * Whether answers are still taken at `now`: OPEN before the deadline, GRACE up to `graceSeconds`
 * after it (network delay; still taken), CLOSED after that (refused, the attempt fails).
 */
export function submissionWindow(
  now: Date,
  deadlineAt: Date,
  graceSeconds: number = EXAM_TIMING.graceSeconds,
): 'OPEN' | 'GRACE' | 'CLOSED' {
  const t = now.getTime();
  if (t <= deadlineAt.getTime()) return 'OPEN';
  if (t <= deadlineAt.getTime() + graceSeconds * 1000) return 'GRACE';
  return 'CLOSED';
}

/** Seconds left until the deadline (never negative). */
export function remainingSeconds(now: Date, deadlineAt: Date): number {
  return Math.max(0, Math.round((deadlineAt.getTime() - now.getTime()) / 100) / 10);
}

/** Attempts left before the lock; null when the exam never locks (maxFailed 0). */
export function attemptsLeft(failedAttempts: number, maxFailed: number): number | null {
  return maxFailed > 0 ? Math.max(0, maxFailed - failedAttempts) : null;
}

/** Failing the next attempt locks the exam. */
export function isLastAttempt(failedAttempts: number, maxFailed: number): boolean {
  return maxFailed > 0 && failedAttempts === maxFailed - 1;
}

export function locksNow(failedAttempts: number, maxFailed: number): boolean {
  return maxFailed > 0 && failedAttempts >= maxFailed;
}

/**
 * The learner's answers, cleaned: only questions of the attempt, one answer per question (the
 * last wins), option ids de-duplicated, blanks kept as typed (graded folded).
 */
export function cleanAnswers(
  answers: readonly { questionId: number; optionIds?: string[]; blanks?: string[] }[],
  questionIds: readonly number[],
): StoredAnswer[] {
  const allowed = new Set(questionIds);
  const byQuestion = new Map<number, StoredAnswer>();
  for (const a of answers) {
    if (!allowed.has(a.questionId)) continue;
    byQuestion.set(a.questionId, {
      questionId: a.questionId,
      optionIds: [...new Set(a.optionIds ?? [])],
      blanks: [...(a.blanks ?? [])],
    });
  }
  return [...byQuestion.values()];
}

/** Saved answers with the submitted ones laid over them, question by question. */
export function mergeAnswers(saved: StoredAnswer[], submitted: StoredAnswer[]): StoredAnswer[] {
  const byQuestion = new Map(saved.map((a) => [a.questionId, a]));
  for (const a of submitted) byQuestion.set(a.questionId, a);
  return [...byQuestion.values()];
}

export function isAnswered(answer: StoredAnswer): boolean {
  return answer.optionIds.length > 0 || answer.blanks.some((b) => b.trim() !== '');
}
