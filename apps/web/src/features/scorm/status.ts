import type { LessonStatus, TScormAttempt } from '@academy/contract';

type Standing = Pick<TScormAttempt, 'completionStatus' | 'successStatus'>;

/**
 * A SCO's standing in the words every lesson uses (decision 113): not started, studying, passed
 * (completed or passed), failed.
 */
export function scoStatus(sco: Standing): LessonStatus {
  if (sco.successStatus === 'failed') return 'FAILED';
  if (sco.successStatus === 'passed' || sco.completionStatus === 'completed') return 'PASSED';
  if (sco.completionStatus === 'not attempted') return 'IDLE';
  return 'STUDYING';
}

/**
 * The attempt's standing: passed only when the lesson counts it passed (every SCO done and the
 * pass mark reached); finished without that is failed; started and not finished is studying.
 */
export function attemptStatus(
  attempt: Standing & Pick<TScormAttempt, 'passed' | 'attemptNumber'>,
): LessonStatus {
  if (attempt.attemptNumber === 0) return 'IDLE';
  if (attempt.passed) return 'PASSED';
  const finished = attempt.completionStatus === 'completed' || attempt.successStatus !== 'unknown';
  // Started (launched at least once) and not finished.
  return finished ? 'FAILED' : 'STUDYING';
}

/** The score as the learner reads it: "90%" from the scaled score, else raw of max, else null. */
export function scoreText(
  attempt: Pick<TScormAttempt, 'scoreScaled' | 'scoreRaw' | 'scoreMax'>,
): string | null {
  if (attempt.scoreScaled !== null) return `${Math.round(attempt.scoreScaled * 100)}%`;
  if (attempt.scoreRaw !== null && attempt.scoreMax !== null && attempt.scoreMax > 0) {
    return `${Math.round((attempt.scoreRaw * 100) / attempt.scoreMax)}%`;
  }
  if (attempt.scoreRaw !== null) return String(attempt.scoreRaw);
  return null;
}
