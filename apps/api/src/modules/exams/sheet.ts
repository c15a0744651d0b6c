import '@fastify/multipart';
import {
  EXAM_LIMITS,
  EXAM_MESSAGES,
  MESSAGES,
  QUESTION_SHEET_COLUMNS,
  QUESTION_TYPE_LABELS,
  type QuestionType,
  type TAuthorQuestion,
  type TQuestionInputParsed,
  ZQuestionInput,
} from '@academy/contract';
import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { loadExcel } from '../../platform/excel';
import { badRequest, type FieldError } from '../../platform/http/errors';
import { loadBoundedWorkbook, SheetRefused } from '../../platform/sheets';
import { readUploadedFile } from '../../platform/uploads/small-file';

/**
 * Questions to and from Excel (exceljs). One question per row of the "Questions" sheet, columns
 * as QUESTION_SHEET_COLUMNS in the contract; the template has the same sheet, empty, plus a sheet
 * of instructions and examples. An import is all or nothing: any wrong row refuses the file and
 * every wrong row is reported by its row number.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SHEET = 'Questions';
const OPTION_COLUMNS = EXAM_LIMITS.maxOptions;

const TYPE_NAMES: Record<string, QuestionType> = {};
for (const [type, label] of Object.entries(QUESTION_TYPE_LABELS) as [QuestionType, string][]) {
  TYPE_NAMES[label.toLowerCase()] = type;
  TYPE_NAMES[type.toLowerCase()] = type;
}
Object.assign(TYPE_NAMES, {
  single: 'SINGLE_CHOICE',
  multiple: 'MULTIPLE_CHOICE',
  'fill blanks': 'FILL_BLANKS',
  'fill in blanks': 'FILL_BLANKS',
  blanks: 'FILL_BLANKS',
});

const HEADER_OF: Record<string, string> = Object.fromEntries(
  QUESTION_SHEET_COLUMNS.map((c) => [c.key, c.header]),
);

type SheetRow = Record<string, string | number | null>;

/** The sheet row of a question: the inverse of `rowToInput`. */
export function questionToRow(q: TAuthorQuestion): SheetRow {
  const row: SheetRow = {
    type: QUESTION_TYPE_LABELS[q.type],
    content: q.content,
    taskDescription: q.taskDescription,
    taskGuide: q.taskGuide,
    displaySeconds: q.displaySeconds,
    correct:
      q.type === 'FILL_BLANKS'
        ? q.blanks.map((b) => b.answers.join(' | ')).join('; ')
        : q.options.flatMap((o, i) => (o.correct ? [String(i + 1)] : [])).join(','),
  };
  q.options.forEach((o, i) => {
    row[`option${i + 1}`] = o.text;
  });
  return row;
}

function addQuestionSheet(workbook: ExcelJS.Workbook, rows: SheetRow[]): void {
  const sheet = workbook.addWorksheet(SHEET);
  sheet.columns = QUESTION_SHEET_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) sheet.addRow(row);
  sheet.getColumn('content').alignment = { wrapText: true, vertical: 'top' };
}

/** GET exams/{id}/questions/export. */
export async function questionsWorkbook(questions: TAuthorQuestion[]): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  addQuestionSheet(workbook, questions.map(questionToRow));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const EXAMPLES: SheetRow[] = [
  {
    type: 'Single choice',
    content: 'Which port does the fibre cable plug into?',
    correct: '2',
    taskDescription: 'Choose one answer.',
    option1: 'LAN 1',
    option2: 'PON',
    option3: 'USB',
  },
  {
    type: 'Multiple choice',
    content: 'Which of these are Skyline services?',
    correct: '1,3',
    taskGuide: 'More than one answer is right.',
    option1: 'Skyline Mobile',
    option2: 'Skyline Energy',
    option3: 'Skyline TV',
  },
  {
    type: 'Fill in the blanks',
    content: 'Greet the customer within ___ seconds and say your ___.',
    correct: '30 | thirty; name',
    displaySeconds: 60,
  },
];

/** GET exams/questions/template: the empty Questions sheet and a sheet explaining it. */
export async function templateWorkbook(): Promise<Buffer> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  addQuestionSheet(workbook, []);
  const help = workbook.addWorksheet('Instructions');
  help.columns = [
    { header: 'Column', key: 'column', width: 24 },
    { header: 'What to write', key: 'what', width: 100 },
  ];
  help.getRow(1).font = { bold: true };
  help.addRows([
    { column: 'Type', what: 'Single choice, Multiple choice or Fill in the blanks.' },
    {
      column: 'Question',
      what: 'The question. For Fill in the blanks, write ___ (three underscores) where each blank goes.',
    },
    {
      column: 'Correct',
      what: 'Choice questions: the numbers of the correct options, e.g. 2 or 1,3 (a single choice question has exactly one). Fill in the blanks: the answers of each blank in order, separated by ; — accepted alternatives of one blank separated by |, e.g. 30 | thirty; name. Answers are compared ignoring case and extra spaces.',
    },
    { column: 'Task description', what: 'Optional. Shown above the question.' },
    { column: 'Task guide', what: 'Optional. A hint on how to answer.' },
    { column: 'Display time (seconds)', what: 'Optional. Suggested time for the question, a whole number.' },
    {
      column: 'Option 1 … Option 10',
      what: 'Choice questions: the options (at least two). Fill in the blanks: optional word bank the learner picks from.',
    },
    { column: '', what: 'One question per row on the Questions sheet, starting on row 2. Examples below.' },
  ]);
  const examples = workbook.addWorksheet('Examples');
  examples.columns = QUESTION_SHEET_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  examples.getRow(1).font = { bold: true };
  for (const row of EXAMPLES) examples.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function cellText(row: ExcelJS.Row, column: number): string {
  const cell = row.getCell(column);
  if (cell.value === null || cell.value === undefined) return '';
  return (cell.text ?? '').trim();
}

/** The sheet column a validation issue is about. */
function columnOfIssue(path: PropertyKey[], type: QuestionType, message: string): string {
  const [field, index] = path;
  if (field === 'blanks') return HEADER_OF.correct as string;
  if (field === 'options' && type !== 'FILL_BLANKS' && path.length === 1) {
    return message === EXAM_MESSAGES.needsTwoOptions ? 'Options' : (HEADER_OF.correct as string);
  }
  if (field === 'options') return `Option ${Number(index ?? 0) + 1}`;
  return HEADER_OF[String(field)] ?? String(field);
}

/** A parsed row, or the messages of what is wrong with it. */
export function rowToInput(
  values: Record<string, string>,
): { input: TQuestionInputParsed } | { problems: string[] } {
  const problems: string[] = [];
  const type = TYPE_NAMES[(values.type ?? '').toLowerCase().replace(/[_-]/g, ' ').replace(/\s+/g, ' ')];
  if (!type) {
    return {
      problems: [
        `${HEADER_OF.type}: ${values.type ? 'must be Single choice, Multiple choice or Fill in the blanks' : MESSAGES.required}`,
      ],
    };
  }
  const optionTexts: string[] = [];
  const columnToOption = new Map<number, number>();
  for (let i = 1; i <= OPTION_COLUMNS; i++) {
    const text = values[`option${i}`] ?? '';
    if (text === '') continue;
    columnToOption.set(i, optionTexts.length);
    optionTexts.push(text);
  }
  const correct = values.correct ?? '';
  const displayRaw = values.displaySeconds ?? '';
  const common = {
    content: values.content ?? '',
    taskDescription: values.taskDescription ?? '',
    taskGuide: values.taskGuide ?? '',
    displaySeconds: displayRaw === '' ? undefined : displayRaw,
  };
  let raw: unknown;
  if (type === 'FILL_BLANKS') {
    const blanks = correct === '' ? [] : correct.split(';').map((part) => ({ answers: part.split('|') }));
    raw = { type, ...common, blanks, options: optionTexts.map((text) => ({ text })) };
  } else {
    const numbers = correct === '' ? [] : correct.split(/[,;\s]+/).filter(Boolean);
    const chosen = new Set<number>();
    for (const n of numbers) {
      const column = Number(n);
      const index = Number.isInteger(column) ? columnToOption.get(column) : undefined;
      if (index === undefined) problems.push(`${HEADER_OF.correct}: there is no option ${n}`);
      else chosen.add(index);
    }
    raw = {
      type,
      ...common,
      options: optionTexts.map((text, i) => ({ text, correct: chosen.has(i) })),
    };
  }
  const parsed = ZQuestionInput.safeParse(raw);
  if (!parsed.success) {
    const correctColumnRead = problems.length === 0;
    for (const issue of parsed.error.issues) {
      const column = columnOfIssue(issue.path, type, issue.message);
      // "no option 4" already says why the Correct column has no correct answer.
      if (column === HEADER_OF.correct && !correctColumnRead) continue;
      problems.push(`${column}: ${issue.message}`);
    }
  }
  if (problems.length || !parsed.success) return { problems: [...new Set(problems)] };
  return { input: parsed.data };
}

const SHEET_LIMITS = {
  maxRows: EXAM_LIMITS.importRows,
  maxColumns: EXAM_LIMITS.importColumns,
  maxUnpackedBytes: EXAM_LIMITS.importUnpackedBytes,
};

/**
 * Reads the questions of an uploaded workbook. Throws 400 with one field error per wrong row
 * ("row 3") when any row is wrong, so nothing is imported.
 */
export async function readQuestionsWorkbook(data: Buffer): Promise<TQuestionInputParsed[]> {
  let workbook: ExcelJS.Workbook;
  try {
    workbook = await loadBoundedWorkbook(data, SHEET_LIMITS);
  } catch (err) {
    if (!(err instanceof SheetRefused)) throw err;
    const message =
      err.reason === 'not a workbook' ? EXAM_MESSAGES.importNotExcel : EXAM_MESSAGES.importTooLarge;
    throw badRequest(message, [{ field: 'file', message }]);
  }
  const sheet = workbook.getWorksheet(SHEET) ?? workbook.worksheets[0];
  if (!sheet) throw badRequest(EXAM_MESSAGES.importEmpty);
  const header = sheet.getRow(1);
  const columnOf = new Map<string, number>();
  header.eachCell((cell, column) => {
    const title = String(cell.text ?? '')
      .trim()
      .toLowerCase();
    const known = QUESTION_SHEET_COLUMNS.find((c) => c.header.toLowerCase() === title);
    if (known) columnOf.set(known.key, column);
  });
  const missing = ['type', 'content', 'correct'].filter((k) => !columnOf.has(k));
  if (missing.length) {
    throw badRequest(EXAM_MESSAGES.importHasErrors, [
      { field: 'row 1', message: `Missing columns: ${missing.map((k) => HEADER_OF[k]).join(', ')}` },
    ]);
  }
  const inputs: TQuestionInputParsed[] = [];
  const errors: FieldError[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values: Record<string, string> = {};
    for (const [key, column] of columnOf) values[key] = cellText(row, column);
    if (Object.values(values).every((v) => v === '')) continue;
    const parsed = rowToInput(values);
    if ('problems' in parsed) {
      for (const message of parsed.problems) errors.push({ field: `row ${r}`, message });
    } else {
      inputs.push(parsed.input);
    }
    if (inputs.length + errors.length > EXAM_LIMITS.maxQuestions) {
      throw badRequest(EXAM_MESSAGES.tooManyQuestions);
    }
  }
  if (errors.length) throw badRequest(EXAM_MESSAGES.importHasErrors, errors);
  if (inputs.length === 0) throw badRequest(EXAM_MESSAGES.importEmpty);
  return inputs;
}

/** Reads the multipart field `file` (at most EXAM_LIMITS.importBytes). */
export async function readImportUpload(request: FastifyRequest): Promise<Buffer> {
  return (await readUploadedFile(request, EXAM_LIMITS.importBytes)).data;
}
