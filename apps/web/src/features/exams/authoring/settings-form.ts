import {
  type AnswerReview,
  EXAM_MESSAGES,
  requiredFitsQuestions,
  type TExamSettingsInput,
  ZExamSettingsInput,
} from '@academy/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';

export type SettingsValues = {
  examTimeLimitMinutes: number | string;
  requiredCorrectAnswers: number | string;
  maxFailedAttempts: number | string;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  answerReview: AnswerReview;
};
export const SETTINGS_FIELDS = [
  'examTimeLimitMinutes',
  'requiredCorrectAnswers',
  'maxFailedAttempts',
] as const;

/**
 * The contract's rules on the form's raw values (numbers may still be text while typed), and the
 * exam's bar: no more required correct answers than the `questionCount` questions (decision 73).
 */
export function settingsResolver(
  questionCount: number,
): Resolver<SettingsValues, unknown, TExamSettingsInput> {
  return async (values) => {
    const parsed = ZExamSettingsInput.safeParse(values);
    if (parsed.success) {
      if (requiredFitsQuestions(parsed.data.requiredCorrectAnswers, questionCount)) {
        return { values: parsed.data, errors: {} };
      }
      const message = EXAM_MESSAGES.requiredAboveQuestions;
      return { values: {}, errors: { requiredCorrectAnswers: { type: 'max', message } } };
    }
    const errors: FieldErrors<SettingsValues> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof SettingsValues;
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}
