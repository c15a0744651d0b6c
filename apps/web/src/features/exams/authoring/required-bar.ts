import { requiredFitsQuestions } from '@academy/contract';

/**
 * The exam's bar on the authoring page (decision 73): the required correct answers never exceed
 * the questions once the exam has some. The API refuses what breaks it; the page warns first.
 */

/** The exam has questions but fewer than it requires (it was required before they were added). */
export function belowRequired(required: number, questionCount: number): boolean {
  return !requiredFitsQuestions(required, questionCount);
}

/** Deleting one question would leave some, but fewer than required: the API refuses it. */
export function deleteBreaksRequired(required: number, questionCount: number): boolean {
  const remaining = questionCount - 1;
  return remaining > 0 && remaining < required;
}
