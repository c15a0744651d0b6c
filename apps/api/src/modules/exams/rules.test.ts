import { EXAM_MESSAGES, foldAnswer, ZQuestionInput } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import {
  allowedSeconds,
  attemptOrder,
  attemptsLeft,
  cleanAnswers,
  deadlineOf,
  effectiveRequired,
  type GradableQuestion,
  gradeAttempt,
  gradeQuestion,
  isLastAttempt,
  learnerMaxFailed,
  locksNow,
  mergeAnswers,
  remainingSeconds,
  revealsCorrectAnswers,
  shuffle,
  submissionWindow,
} from './rules';
import type { StoredAnswer } from './tables';

const single: GradableQuestion = {
  id: 1,
  type: 'SINGLE_CHOICE',
  options: [
    { id: 'optA1', text: 'A', correct: false },
    { id: 'optB1', text: 'B', correct: true },
    { id: 'optC1', text: 'C', correct: false },
  ],
  blanks: [],
};
const multiple: GradableQuestion = {
  id: 2,
  type: 'MULTIPLE_CHOICE',
  options: [
    { id: 'optA2', text: 'A', correct: true },
    { id: 'optB2', text: 'B', correct: false },
    { id: 'optC2', text: 'C', correct: true },
  ],
  blanks: [],
};
const blanks: GradableQuestion = {
  id: 3,
  type: 'FILL_BLANKS',
  options: [],
  blanks: [{ answers: ['New York', 'NYC'] }, { answers: ['30'] }],
};

const answer = (questionId: number, optionIds: string[] = [], typed: string[] = []): StoredAnswer => ({
  questionId,
  optionIds,
  blanks: typed,
});

describe('grading a single choice question', () => {
  it('is right only with exactly the correct option', () => {
    expect(gradeQuestion(single, answer(1, ['optB1'])).outcome).toBe('RIGHT');
    expect(gradeQuestion(single, answer(1, ['optA1'])).outcome).toBe('WRONG');
  });
  it('is unanswered with no option, wrong with an extra or unknown option', () => {
    expect(gradeQuestion(single, undefined).outcome).toBe('UNANSWERED');
    expect(gradeQuestion(single, answer(1, [])).outcome).toBe('UNANSWERED');
    expect(gradeQuestion(single, answer(1, ['optB1', 'optA1'])).outcome).toBe('WRONG');
    expect(gradeQuestion(single, answer(1, ['nosuchid'])).outcome).toBe('WRONG');
  });
  it('counts the same option sent twice once', () => {
    expect(gradeQuestion(single, answer(1, ['optB1', 'optB1'])).outcome).toBe('RIGHT');
  });
});

describe('grading a multiple choice question', () => {
  it('is right only with exactly the set of correct options, in any order', () => {
    expect(gradeQuestion(multiple, answer(2, ['optC2', 'optA2'])).outcome).toBe('RIGHT');
  });
  it('is wrong with a missing, an extra or an unknown option', () => {
    expect(gradeQuestion(multiple, answer(2, ['optA2'])).outcome).toBe('WRONG');
    expect(gradeQuestion(multiple, answer(2, ['optA2', 'optB2', 'optC2'])).outcome).toBe('WRONG');
    expect(gradeQuestion(multiple, answer(2, ['optA2', 'optC2', 'zzzzzz'])).outcome).toBe('WRONG');
  });
  it('is unanswered with nothing chosen', () => {
    expect(gradeQuestion(multiple, answer(2)).outcome).toBe('UNANSWERED');
  });
});

describe('grading a fill in the blanks question', () => {
  it('accepts any listed answer per blank, trimmed, with case and inner spaces folded', () => {
    const graded = gradeQuestion(blanks, answer(3, [], ['  new   YORK ', '30']));
    expect(graded).toEqual({ outcome: 'RIGHT', blankOutcomes: ['RIGHT', 'RIGHT'] });
    expect(gradeQuestion(blanks, answer(3, [], ['nyc', ' 30 '])).outcome).toBe('RIGHT');
    expect(gradeQuestion(blanks, answer(3, [], ['New\tYork', '30'])).outcome).toBe('RIGHT');
  });
  it('grades each blank: one wrong blank makes the question wrong', () => {
    expect(gradeQuestion(blanks, answer(3, [], ['Boston', '30']))).toEqual({
      outcome: 'WRONG',
      blankOutcomes: ['WRONG', 'RIGHT'],
    });
    expect(gradeQuestion(blanks, answer(3, [], ['NYC']))).toEqual({
      outcome: 'WRONG',
      blankOutcomes: ['RIGHT', 'UNANSWERED'],
    });
  });
  it('is unanswered when every blank is empty or spaces, and ignores extra blanks', () => {
    expect(gradeQuestion(blanks, answer(3, [], ['  ', ''])).outcome).toBe('UNANSWERED');
    expect(gradeQuestion(blanks, undefined)).toEqual({
      outcome: 'UNANSWERED',
      blankOutcomes: ['UNANSWERED', 'UNANSWERED'],
    });
    expect(gradeQuestion(blanks, answer(3, [], ['nyc', '30', 'extra'])).outcome).toBe('RIGHT');
  });
  it('does not treat a partial answer as right', () => {
    expect(gradeQuestion(blanks, answer(3, [], ['New', '3'])).outcome).toBe('WRONG');
    expect(foldAnswer('  Ｎew  York ')).toBe('new york');
  });
});

describe('grading an attempt', () => {
  const questions = [single, multiple, blanks];
  it('counts right answers, gives the mark in percent, and passes at the required number', () => {
    const answers = [answer(1, ['optB1']), answer(2, ['optA2', 'optC2']), answer(3, [], ['x', 'y'])];
    const graded = gradeAttempt(questions, answers, 2);
    expect(graded).toMatchObject({ correctCount: 2, questionCount: 3, mark: 67, passed: true });
    expect(graded.outcomes.map((o) => o.outcome)).toEqual(['RIGHT', 'RIGHT', 'WRONG']);
    expect(gradeAttempt(questions, answers, 3).passed).toBe(false);
  });
  it('fails an empty submission unless nothing is required', () => {
    expect(gradeAttempt(questions, [], 1)).toMatchObject({ correctCount: 0, mark: 0, passed: false });
    expect(gradeAttempt(questions, [], 0).passed).toBe(true);
  });
  it('never requires more correct answers than there are questions', () => {
    expect(effectiveRequired(10, 3)).toBe(3);
    const all = [answer(1, ['optB1']), answer(2, ['optA2', 'optC2']), answer(3, [], ['nyc', '30'])];
    expect(gradeAttempt(questions, all, 10)).toMatchObject({ passed: true, mark: 100 });
  });
});

describe('answers from the browser', () => {
  it('keeps only questions of the attempt, one answer each (the last), options once', () => {
    const cleaned = cleanAnswers(
      [
        { questionId: 1, optionIds: ['a', 'a', 'b'] },
        { questionId: 99, optionIds: ['x'] },
        { questionId: 3, blanks: ['one'] },
        { questionId: 3, blanks: ['two'] },
      ],
      [1, 2, 3],
    );
    expect(cleaned).toEqual([
      { questionId: 1, optionIds: ['a', 'b'], blanks: [] },
      { questionId: 3, optionIds: [], blanks: ['two'] },
    ]);
  });
  it('lays submitted answers over the saved ones question by question', () => {
    expect(mergeAnswers([answer(1, ['a']), answer(2, ['b'])], [answer(2, ['c'])])).toEqual([
      answer(1, ['a']),
      answer(2, ['c']),
    ]);
  });
});

describe('the order an attempt shows', () => {
  const sequence = (values: number[]) => {
    let i = 0;
    return (n: number) => (values[i++ % values.length] ?? 0) % n;
  };
  it('is a permutation', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const out = shuffle(items);
    expect([...out].sort((a, b) => a - b)).toEqual(items);
  });
  it("keeps the author's order unless shuffling is on, but always shuffles a word bank", () => {
    const bank: GradableQuestion = {
      id: 4,
      type: 'FILL_BLANKS',
      options: [
        { id: 'w1w1w1', text: 'one', correct: false },
        { id: 'w2w2w2', text: 'two', correct: false },
        { id: 'w3w3w3', text: 'three', correct: false },
      ],
      blanks: [{ answers: ['one'] }],
    };
    const plain = attemptOrder(
      [single, bank],
      { shuffleQuestions: false, shuffleOptions: false },
      sequence([0]),
    );
    expect(plain.questionIds).toEqual([1, 4]);
    expect(plain.optionOrder['1']).toEqual(['optA1', 'optB1', 'optC1']);
    expect(plain.optionOrder['4']).not.toEqual(['w1w1w1', 'w2w2w2', 'w3w3w3']);
    const mixed = attemptOrder(
      [single, bank],
      { shuffleQuestions: true, shuffleOptions: true },
      sequence([0]),
    );
    expect(mixed.questionIds).toEqual([4, 1]);
    expect(mixed.optionOrder['1']).toEqual(['optB1', 'optC1', 'optA1']);
  });
});

describe('time', () => {
  const start = new Date('2026-03-01T09:00:00Z');
  const deadline = deadlineOf(start, 10);
  it('sets the deadline at start + time limit', () => {
    expect(deadline.toISOString()).toBe('2026-03-01T09:10:00.000Z');
    expect(remainingSeconds(new Date('2026-03-01T09:09:30Z'), deadline)).toBe(30);
    expect(remainingSeconds(new Date('2026-03-01T09:11:00Z'), deadline)).toBe(0);
  });
  it('takes answers until the deadline, then during the grace, then refuses them', () => {
    expect(submissionWindow(new Date('2026-03-01T09:09:59Z'), deadline, 10)).toBe('OPEN');
    expect(submissionWindow(deadline, deadline, 10)).toBe('OPEN');
    expect(submissionWindow(new Date('2026-03-01T09:10:05Z'), deadline, 10)).toBe('GRACE');
    expect(submissionWindow(new Date('2026-03-01T09:10:10Z'), deadline, 10)).toBe('GRACE');
    expect(submissionWindow(new Date('2026-03-01T09:10:10.001Z'), deadline, 10)).toBe('CLOSED');
  });
});

describe('attempts and the lock', () => {
  it('counts attempts left, warns before the last and locks after N failures', () => {
    expect([0, 1, 2, 3].map((f) => attemptsLeft(f, 3))).toEqual([3, 2, 1, 0]);
    expect([0, 1, 2, 3].map((f) => isLastAttempt(f, 3))).toEqual([false, false, true, false]);
    expect([2, 3, 4].map((f) => locksNow(f, 3))).toEqual([false, true, true]);
  });
  it('never locks with 0 allowed failures', () => {
    expect(attemptsLeft(50, 0)).toBeNull();
    expect(isLastAttempt(0, 0)).toBe(false);
    expect(locksNow(50, 0)).toBe(false);
  });
});

describe('accommodations', () => {
  it('gives extra time in percent of the time limit, rounded up to the second', () => {
    expect(allowedSeconds(10)).toBe(600);
    expect(allowedSeconds(10, 50)).toBe(900);
    expect(allowedSeconds(1, 33)).toBe(80); // 79.8 s
    const start = new Date('2026-03-01T09:00:00Z');
    expect(deadlineOf(start, 10, 25).toISOString()).toBe('2026-03-01T09:12:30.000Z');
  });
  it('adds extra attempts to a lock, and none to an exam that never locks', () => {
    expect(learnerMaxFailed(3, 2)).toBe(5);
    expect(learnerMaxFailed(3)).toBe(3);
    expect(learnerMaxFailed(0, 2)).toBe(0);
  });
});

describe('answer review', () => {
  const closed = { status: 'SUBMITTED' };
  const running = { status: 'IN_PROGRESS' };
  it('never shows the correct answers while the attempt runs, whatever the setting', () => {
    for (const policy of ['NEVER', 'AFTER_PASSED', 'AFTER_EACH_ATTEMPT'] as const) {
      expect(revealsCorrectAnswers(policy, running, true)).toBe(false);
    }
  });
  it('shows them after the attempt as the author chose', () => {
    expect(revealsCorrectAnswers('NEVER', closed, true)).toBe(false);
    expect(revealsCorrectAnswers('AFTER_PASSED', closed, false)).toBe(false);
    expect(revealsCorrectAnswers('AFTER_PASSED', { status: 'EXPIRED' }, true)).toBe(true);
    expect(revealsCorrectAnswers('AFTER_EACH_ATTEMPT', { status: 'EXPIRED' }, false)).toBe(true);
  });
});

describe('question validation (SPEC §5)', () => {
  const issues = (input: unknown) =>
    ZQuestionInput.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
  it('requires the content', () => {
    expect(issues({ type: 'SINGLE_CHOICE', content: ' ', options: [] })).toContainEqual([
      'content',
      'This field is required',
    ]);
  });
  it('needs at least one correct answer, and exactly one for single choice', () => {
    const options = [
      { text: 'a', correct: false },
      { text: 'b', correct: false },
    ];
    expect(issues({ type: 'MULTIPLE_CHOICE', content: 'Q', options })).toEqual([
      ['options', EXAM_MESSAGES.needsCorrectAnswer],
    ]);
    expect(
      issues({
        type: 'SINGLE_CHOICE',
        content: 'Q',
        options: options.map((o) => ({ ...o, correct: true })),
      }),
    ).toEqual([['options', EXAM_MESSAGES.singleNeedsOneCorrect]]);
    expect(issues({ type: 'SINGLE_CHOICE', content: 'Q', options: [{ text: 'a', correct: true }] })).toEqual([
      ['options', EXAM_MESSAGES.needsTwoOptions],
    ]);
  });
  it('needs a blank in the content and as many blanks as content parts', () => {
    expect(issues({ type: 'FILL_BLANKS', content: 'No blank here', blanks: [] })).toEqual([
      ['content', EXAM_MESSAGES.needsBlank],
    ]);
    expect(issues({ type: 'FILL_BLANKS', content: 'A ___ and ___', blanks: [{ answers: ['x'] }] })).toEqual([
      ['blanks', EXAM_MESSAGES.blanksMismatch],
    ]);
    expect(
      issues({
        type: 'FILL_BLANKS',
        content: 'A ___ and ___',
        blanks: [{ answers: ['x'] }, { answers: [' '] }],
      }),
    ).toEqual([['blanks.1.answers', EXAM_MESSAGES.needsCorrectAnswer]]);
  });
  it("refuses a word bank that does not hold a blank's answer", () => {
    expect(
      issues({
        type: 'FILL_BLANKS',
        content: 'The ___ is blue',
        blanks: [{ answers: ['sky'] }],
        options: [{ text: 'sea' }, { text: 'grass' }],
      }),
    ).toEqual([['blanks.0.answers', EXAM_MESSAGES.blankAnswerNotAnOption]]);
  });
});
