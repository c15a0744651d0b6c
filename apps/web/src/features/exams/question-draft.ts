import {
  countBlanks,
  type QuestionType,
  type TAuthorQuestion,
  type TQuestionInput,
  ZQuestionInput,
} from '@academy/contract';

/**
 * The question editor's state, as typed: one shape for every question type, turned into the
 * contract's input (and checked with the contract's rules, the same the server runs) on save.
 */
export interface QuestionDraft {
  type: QuestionType;
  content: string;
  taskDescription: string;
  taskGuide: string;
  displaySeconds: string;
  /** Choice options (text and correct flag). */
  options: { id?: string; text: string; correct: boolean }[];
  /** Fill in the blanks: the accepted answers of each blank, in order. */
  blanks: string[][];
  /** Fill in the blanks: the optional word bank. */
  wordBank: string[];
}

export function emptyDraft(type: QuestionType = 'SINGLE_CHOICE'): QuestionDraft {
  return {
    type,
    content: '',
    taskDescription: '',
    taskGuide: '',
    displaySeconds: '',
    options: [
      { text: '', correct: true },
      { text: '', correct: false },
    ],
    blanks: [],
    wordBank: [],
  };
}

export function draftOf(question: TAuthorQuestion): QuestionDraft {
  const fill = question.type === 'FILL_BLANKS';
  return {
    type: question.type,
    content: question.content,
    taskDescription: question.taskDescription ?? '',
    taskGuide: question.taskGuide ?? '',
    displaySeconds: question.displaySeconds === null ? '' : String(question.displaySeconds),
    options: fill ? emptyDraft().options : question.options.map((o) => ({ ...o })),
    blanks: fill ? question.blanks.map((b) => [...b.answers]) : [],
    wordBank: fill ? question.options.map((o) => o.text) : [],
  };
}

/** Keeps one answers list per blank of the content (existing answers stay with their blank). */
export function syncBlanks(draft: QuestionDraft): QuestionDraft {
  if (draft.type !== 'FILL_BLANKS') return draft;
  const count = countBlanks(draft.content);
  if (count === draft.blanks.length) return draft;
  return { ...draft, blanks: Array.from({ length: count }, (_, i) => draft.blanks[i] ?? []) };
}

export function toInput(draft: QuestionDraft, previous?: TAuthorQuestion): TQuestionInput {
  const common = {
    content: draft.content,
    taskDescription: draft.taskDescription,
    taskGuide: draft.taskGuide,
    displaySeconds: draft.displaySeconds.trim() === '' ? undefined : draft.displaySeconds,
  };
  if (draft.type === 'FILL_BLANKS') {
    // Word bank entries keep their ids when their text is unchanged.
    const known = new Map(
      (previous?.type === 'FILL_BLANKS' ? previous.options : []).map((o) => [o.text, o.id]),
    );
    return {
      type: 'FILL_BLANKS',
      ...common,
      blanks: draft.blanks.map((answers) => ({ answers })),
      options: draft.wordBank.map((text) => ({ id: known.get(text), text })),
    };
  }
  return {
    type: draft.type,
    ...common,
    options: draft.options.map((o) => ({ id: o.id, text: o.text, correct: o.correct })),
  };
}

/** The contract's rules on a draft: field path ("options.1.text") → message; empty when valid. */
export function draftErrors(draft: QuestionDraft): Record<string, string> {
  const parsed = ZQuestionInput.safeParse(toInput(draft));
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
