import type { Worksheet } from 'exceljs';
import { loadExcel } from '../../platform/excel';
import { wallClock } from '../../platform/wall-clock';
import type { Transcript } from './transcript';
import { courseStatusLabel, examResultLabel } from './transcript-words';

/**
 * The transcript as an .xlsx workbook: a sheet with the learner and the totals, then one sheet per
 * kind of line (courses, lessons passed, exams, certificates). Dates are Date cells (the academy's
 * wall-clock time, as the progress export writes them), study time a duration ([h]:mm) and marks
 * percentages, so a spreadsheet can sort, filter and add them up.
 */

export const XLSX_DAY = 'yyyy-mm-dd';
export const XLSX_MOMENT = 'yyyy-mm-dd hh:mm';
const DURATION = '[h]:mm';

type Column = { header: string; key: string; width: number; numFmt?: string };

function sheetOf(
  workbook: import('exceljs').Workbook,
  name: string,
  columns: Column[],
  rows: Record<string, unknown>[],
): Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ header, key, width }) => ({ header, key, width }));
  for (const column of columns) if (column.numFmt) sheet.getColumn(column.key).numFmt = column.numFmt;
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return sheet;
}

export async function transcriptWorkbook(t: Transcript): Promise<Uint8Array> {
  const Excel = await loadExcel();
  const local = (at: Date | null) => (at ? wallClock(at, t.timeZone) : null);
  const days = (seconds: number) => seconds / 86_400;
  const zone = `(${t.timeZone})`;
  const workbook = new Excel.Workbook();
  workbook.creator = 'Academy';
  workbook.created = t.producedAt;
  workbook.title = `Learning transcript — ${t.learner.fullName || t.learner.employeeCode}`;

  const summary = workbook.addWorksheet('Transcript');
  summary.columns = [
    { key: 'label', width: 22 },
    { key: 'value', width: 48 },
  ];
  const fact = (label: string, value: unknown, numFmt?: string) => {
    const row = summary.addRow({ label, value });
    row.getCell('label').font = { bold: true };
    if (numFmt) row.getCell('value').numFmt = numFmt;
  };
  summary.addRow({ label: 'Learning transcript' }).font = { bold: true, size: 14 };
  fact('Full name', t.learner.fullName);
  fact('Employee code', t.learner.employeeCode);
  fact('Position', t.learner.position ?? '');
  fact('Service', t.learner.serviceName ?? '');
  fact('Branch', t.learner.branchName ?? '');
  fact('Department', t.learner.departmentName ?? '');
  fact(`Produced ${zone}`, local(t.producedAt), XLSX_MOMENT);
  summary.addRow({});
  fact('Courses started', t.totals.coursesStarted);
  fact('Courses finished', t.totals.coursesFinished);
  fact('Lessons passed', t.totals.lessonsPassed);
  fact('Study time', days(t.totals.studySeconds), DURATION);
  fact('Certificates', t.totals.certificates);

  sheetOf(
    workbook,
    'Courses',
    [
      { header: 'Course', key: 'course', width: 36 },
      { header: 'Status', key: 'status', width: 14 },
      { header: 'Lessons passed', key: 'passed', width: 14 },
      { header: 'Lessons', key: 'lessons', width: 10 },
      { header: 'Progress', key: 'percent', width: 10, numFmt: '0%' },
      { header: 'Study time', key: 'study', width: 12, numFmt: DURATION },
      { header: `Started ${zone}`, key: 'started', width: 24, numFmt: XLSX_MOMENT },
      { header: `Finished ${zone}`, key: 'finished', width: 24, numFmt: XLSX_MOMENT },
    ],
    t.courses.map((c) => ({
      course: c.courseName,
      status: courseStatusLabel(c.finished),
      passed: c.passedLessons,
      lessons: c.lessonCount,
      percent: c.percent / 100,
      study: days(c.studySeconds),
      started: local(c.startedAt),
      finished: local(c.finishedAt),
    })),
  );

  sheetOf(
    workbook,
    'Lessons passed',
    [
      { header: 'Course', key: 'course', width: 32 },
      { header: 'Topic', key: 'topic', width: 24 },
      { header: 'Lesson', key: 'lesson', width: 36 },
      { header: `Passed ${zone}`, key: 'passed', width: 24, numFmt: XLSX_MOMENT },
      { header: 'Study time', key: 'study', width: 12, numFmt: DURATION },
    ],
    t.courses.flatMap((c) =>
      c.lessons.map((l) => ({
        course: c.courseName,
        topic: l.topicName,
        lesson: l.name,
        passed: local(l.passedAt),
        study: days(l.creditedSeconds),
      })),
    ),
  );

  sheetOf(
    workbook,
    'Exams',
    [
      { header: 'Course', key: 'course', width: 32 },
      { header: 'Lesson', key: 'lesson', width: 32 },
      { header: 'Attempts', key: 'attempts', width: 10 },
      { header: 'Best mark', key: 'best', width: 11, numFmt: '0%' },
      { header: 'Result', key: 'result', width: 24 },
      { header: `Last attempt ${zone}`, key: 'last', width: 24, numFmt: XLSX_MOMENT },
    ],
    t.exams.map((e) => ({
      course: e.courseName,
      lesson: e.lessonName,
      attempts: e.attempts,
      best: e.bestMark === null ? null : e.bestMark / 100,
      result: examResultLabel(e.status),
      last: local(e.lastAttemptAt),
    })),
  );

  const certificates = sheetOf(
    workbook,
    'Certificates',
    [
      { header: 'Certificate', key: 'certificate', width: 30 },
      { header: 'Course', key: 'course', width: 32 },
      { header: `Issued ${zone}`, key: 'issued', width: 24, numFmt: XLSX_DAY },
      { header: 'Verify code', key: 'code', width: 18 },
      { header: 'Verify at', key: 'url', width: 60 },
    ],
    t.certificates.map((c) => ({
      certificate: c.certificateName,
      course: c.courseName,
      issued: local(c.issuedAt),
      code: c.code,
      url: { text: c.verifyUrl, hyperlink: c.verifyUrl },
    })),
  );
  certificates.getColumn('url').eachCell((cell, row) => {
    if (row > 1) cell.font = { color: { argb: 'FF1F4E9A' }, underline: true };
  });

  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
