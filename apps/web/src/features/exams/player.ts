import type { TAnswerParsed, TLearnerQuestion } from '@academy/contract';
import { useEffect, useRef, useState } from 'react';

/** Helpers of the exam player: answers, the countdown to the server's deadline. */

export type AnswerMap = Record<number, TAnswerParsed>;

export function toAnswerMap(answers: readonly TAnswerParsed[]): AnswerMap {
  return Object.fromEntries(answers.map((a) => [a.questionId, a]));
}

export function isAnswered(question: TLearnerQuestion, answer: TAnswerParsed | undefined): boolean {
  if (!answer) return false;
  if (question.type === 'FILL_BLANKS') return answer.blanks.some((b) => b.trim() !== '');
  return answer.optionIds.length > 0;
}

export function answeredCount(questions: readonly TLearnerQuestion[], answers: AnswerMap): number {
  return questions.filter((q) => isAnswered(q, answers[q.id])).length;
}

/** "m:ss", or "h:mm:ss" for an hour or more. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** A time allowance in whole minutes and the seconds beyond them (rounded up to the second). */
export function minutesAndSeconds(seconds: number): { minutes: number; seconds: number } {
  const s = Math.max(0, Math.ceil(seconds));
  return { minutes: Math.floor(s / 60), seconds: s % 60 };
}

/**
 * Seconds left until the server's deadline. The server said how many seconds were left when it
 * answered; from then on the count runs on the monotonic clock, so changing the computer's clock
 * changes nothing (and the server refuses late answers anyway).
 */
export function useCountdown(remainingAtReceipt: number, receivedAt: number, onZero: () => void): number {
  const endsAt = receivedAt + remainingAtReceipt * 1000;
  const [left, setLeft] = useState(() => Math.max(0, (endsAt - performance.now()) / 1000));
  const fired = useRef(false);
  const zero = useRef(onZero);
  zero.current = onZero;
  useEffect(() => {
    fired.current = false;
    const tick = () => {
      const value = Math.max(0, (endsAt - performance.now()) / 1000);
      setLeft(value);
      if (value <= 0 && !fired.current) {
        fired.current = true;
        zero.current();
      }
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  return left;
}
