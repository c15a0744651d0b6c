import { percentText } from '@academy/contract';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { loadPdfLib, unicodeFont } from '../../platform/pdf';
import type { Transcript, TranscriptExam } from './transcript';
import {
  courseStatusLabel,
  durationText,
  examResultLabel,
  transcriptDay,
  transcriptMoment,
} from './transcript-words';

/**
 * The transcript as an A4 PDF drawn with pdf-lib: a header with the learner, four totals, then
 * courses (each with its passed lessons), exams and certificates as tables that flow over as many
 * pages as they need, and a footer with the learner and the page on every page. Every text is in
 * DejaVu Sans (platform/pdf.ts), embedded subset, so a name in Vietnamese (or Greek, Cyrillic…)
 * prints as it is written, on any machine.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 48;
const TOP = A4[1] - 52;
const BOTTOM = 64;
const CONTENT_WIDTH = A4[0] - 2 * MARGIN_X;

type Colours = { brand: RGB; accent: RGB; ink: RGB; grey: RGB; rule: RGB; band: RGB };

type Cell = {
  text: string;
  /** Share of the content width (the cells of a row add up to 1). */
  width: number;
  align?: 'left' | 'right';
  bold?: boolean;
  colour?: keyof Colours;
  /** Indent inside the cell, in points. */
  indent?: number;
};

/** The drawing position and the pages drawn so far; starts a new page when the next block does not fit. */
class Writer {
  page: PDFPage;
  y = TOP;
  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
    readonly colours: Colours,
  ) {
    this.page = doc.addPage(A4);
  }

  /** A new page when `height` points do not fit any more; true when it started one. */
  ensure(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.page = this.doc.addPage(A4);
    this.y = TOP;
    return true;
  }

  font(bold?: boolean): PDFFont {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  /** Lines of `text` no wider than `width` at `size` (words kept whole unless one alone is too wide). */
  wrap(text: string, size: number, width: number, bold?: boolean): string[] {
    const font = this.font(bold);
    const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
    const lines: string[] = [];
    for (const paragraph of clean(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (fits(next)) {
          line = next;
          continue;
        }
        if (line) lines.push(line);
        line = '';
        // A word wider than the room is cut where it has to be.
        let rest = word;
        while (!fits(rest)) {
          let cut = rest.length - 1;
          while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  draw(
    text: string,
    x: number,
    y: number,
    size: number,
    options: { bold?: boolean; colour?: keyof Colours },
  ) {
    if (!text) return;
    this.page.drawText(text, {
      x,
      y,
      size,
      font: this.font(options.bold),
      color: this.colours[options.colour ?? 'ink'],
    });
  }

  /** A paragraph across the content width. */
  paragraph(
    text: string,
    size: number,
    options: { bold?: boolean; colour?: keyof Colours; after?: number } = {},
  ) {
    const leading = size * 1.35;
    for (const line of this.wrap(text, size, CONTENT_WIDTH, options.bold)) {
      this.ensure(leading);
      this.y -= leading;
      this.draw(line, MARGIN_X, this.y + size * 0.3, size, options);
    }
    this.y -= options.after ?? 0;
  }

  /** A row of cells on a common top line; each cell wraps in its column. Returns the row's height. */
  row(cells: Cell[], size: number, options: { band?: boolean; keepWith?: number } = {}): void {
    const leading = size * 1.4;
    const padding = 3;
    const laid = cells.map((cell) => {
      const width = cell.width * CONTENT_WIDTH - 2 * padding - (cell.indent ?? 0);
      return { cell, width, lines: this.wrap(cell.text, size, width, cell.bold) };
    });
    const height = Math.max(...laid.map((l) => l.lines.length)) * leading + 2 * padding;
    this.ensure(height + (options.keepWith ?? 0));
    if (options.band) {
      this.page.drawRectangle({
        x: MARGIN_X,
        y: this.y - height,
        width: CONTENT_WIDTH,
        height,
        color: this.colours.band,
      });
    }
    let x = MARGIN_X;
    for (const { cell, width, lines } of laid) {
      const font = this.font(cell.bold);
      lines.forEach((line, i) => {
        const baseline = this.y - padding - (i + 1) * leading + size * 0.35;
        const left =
          cell.align === 'right'
            ? x + padding + width - font.widthOfTextAtSize(line, size)
            : x + padding + (cell.indent ?? 0);
        this.draw(line, left, baseline, size, cell);
      });
      x += cell.width * CONTENT_WIDTH;
    }
    this.y -= height;
  }

  rule(colour: keyof Colours = 'rule', thickness = 0.6) {
    this.page.drawLine({
      start: { x: MARGIN_X, y: this.y },
      end: { x: MARGIN_X + CONTENT_WIDTH, y: this.y },
      thickness,
      color: this.colours[colour],
    });
  }

  /** A section title with a rule under it, kept on the page of what follows it. */
  section(title: string) {
    this.ensure(60);
    this.y -= 22;
    this.draw(clean(title), MARGIN_X, this.y, 13, { bold: true, colour: 'brand' });
    this.y -= 6;
    this.rule('accent', 1.2);
    this.y -= 4;
  }
}

/** One line of text, composed (NFC) so that letters with diacritics are the font's own glyphs. */
function clean(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\u00a0]/g, ' ')
    .split('')
    .filter((c) => c === '\n' || !isControl(c.charCodeAt(0)))
    .join('');
}

/** C0 controls and DEL: no glyph, nothing to draw. */
function isControl(code: number): boolean {
  return code < 0x20 || code === 0x7f;
}

function header(w: Writer, t: Transcript) {
  const { learner } = t;
  w.draw('LEARNING TRANSCRIPT', MARGIN_X, w.y, 10, { bold: true, colour: 'accent' });
  w.y -= 8;
  w.paragraph(learner.fullName || learner.employeeCode, 22, { bold: true, colour: 'brand', after: 6 });
  const facts: [string, string | null][] = [
    ['Employee code', learner.employeeCode],
    ['Position', learner.position],
    ['Service', learner.serviceName],
    ['Branch', learner.branchName],
    ['Department', learner.departmentName],
    ['Produced', `${transcriptMoment(t.producedAt, t.timeZone)} (${t.timeZone})`],
  ];
  for (const [label, value] of facts) {
    w.row(
      [
        { text: label, width: 0.2, colour: 'grey' },
        { text: value?.trim() || '—', width: 0.8 },
      ],
      9.5,
    );
  }
  w.y -= 10;
  const { totals } = t;
  const stats: [string, string][] = [
    ['Courses finished', `${totals.coursesFinished} of ${totals.coursesStarted}`],
    ['Lessons passed', String(totals.lessonsPassed)],
    ['Study time', durationText(totals.studySeconds)],
    ['Certificates', String(totals.certificates)],
  ];
  const boxWidth = (CONTENT_WIDTH - 3 * 8) / 4;
  w.ensure(48);
  stats.forEach(([label, value], i) => {
    const x = MARGIN_X + i * (boxWidth + 8);
    w.page.drawRectangle({ x, y: w.y - 44, width: boxWidth, height: 44, color: w.colours.band });
    w.draw(value, x + 8, w.y - 22, 14, { bold: true, colour: 'brand' });
    w.draw(label, x + 8, w.y - 36, 8.5, { colour: 'grey' });
  });
  w.y -= 52;
}

function courses(w: Writer, t: Transcript) {
  w.section('Courses and lessons');
  if (t.courses.length === 0) {
    w.paragraph('No course started yet.', 9.5, { colour: 'grey' });
    return;
  }
  const widths = [0.46, 0.16, 0.12, 0.13, 0.13];
  const head = ['Course / lesson passed', 'Status', 'Study time', 'Started', 'Finished'];
  const headRow = () =>
    w.row(
      head.map((text, i) => ({
        text,
        width: widths[i] ?? 0,
        bold: true,
        colour: 'grey' as const,
        align: i >= 2 ? ('right' as const) : ('left' as const),
      })),
      8.5,
    );
  headRow();
  for (const course of t.courses) {
    // A course starts where its first lessons fit too.
    if (w.ensure(40)) headRow();
    w.row(
      [
        { text: course.courseName, width: widths[0] ?? 0, bold: true },
        {
          text: `${courseStatusLabel(course.finished)} · ${course.passedLessons}/${course.lessonCount}`,
          width: widths[1] ?? 0,
          colour: course.finished ? 'brand' : 'ink',
        },
        { text: durationText(course.studySeconds), width: widths[2] ?? 0, align: 'right' },
        { text: transcriptDay(course.startedAt, t.timeZone), width: widths[3] ?? 0, align: 'right' },
        { text: transcriptDay(course.finishedAt, t.timeZone), width: widths[4] ?? 0, align: 'right' },
      ],
      9,
      { band: true },
    );
    for (const lesson of course.lessons) {
      if (w.ensure(16)) headRow();
      w.row(
        [
          { text: `✓ ${lesson.name}`, width: (widths[0] ?? 0) + (widths[1] ?? 0), indent: 10 },
          {
            text: durationText(lesson.creditedSeconds),
            width: widths[2] ?? 0,
            align: 'right',
            colour: 'grey',
          },
          { text: '', width: widths[3] ?? 0 },
          { text: transcriptDay(lesson.passedAt, t.timeZone), width: widths[4] ?? 0, align: 'right' },
        ],
        8.5,
      );
    }
    w.y -= 4;
  }
}

function examResult(exam: TranscriptExam): string {
  return examResultLabel(exam.status);
}

function exams(w: Writer, t: Transcript) {
  w.section('Exams');
  if (t.exams.length === 0) {
    w.paragraph('No exam taken yet.', 9.5, { colour: 'grey' });
    return;
  }
  const widths = [0.5, 0.12, 0.13, 0.25];
  const head = ['Course / lesson', 'Attempts', 'Best mark', 'Result'];
  const headRow = () =>
    w.row(
      head.map((text, i) => ({
        text,
        width: widths[i] ?? 0,
        bold: true,
        colour: 'grey' as const,
        align: i === 1 || i === 2 ? ('right' as const) : ('left' as const),
      })),
      8.5,
    );
  headRow();
  t.exams.forEach((exam, i) => {
    if (w.ensure(28)) headRow();
    w.row(
      [
        { text: `${exam.courseName} — ${exam.lessonName}`, width: widths[0] ?? 0 },
        { text: String(exam.attempts), width: widths[1] ?? 0, align: 'right' },
        {
          text: percentText(exam.bestMark),
          width: widths[2] ?? 0,
          align: 'right',
          bold: true,
        },
        { text: examResult(exam), width: widths[3] ?? 0, colour: exam.status === 'PASSED' ? 'brand' : 'ink' },
      ],
      9,
      { band: i % 2 === 0 },
    );
  });
}

function certificates(w: Writer, t: Transcript) {
  w.section('Certificates');
  if (t.certificates.length === 0) {
    w.paragraph('No certificate yet.', 9.5, { colour: 'grey' });
    return;
  }
  const widths = [0.5, 0.2, 0.3];
  w.row(
    ['Certificate / course', 'Issued', 'Verify code'].map((text, i) => ({
      text,
      width: widths[i] ?? 0,
      bold: true,
      colour: 'grey' as const,
    })),
    8.5,
  );
  for (const certificate of t.certificates) {
    w.row(
      [
        {
          text: `${certificate.certificateName} — ${certificate.courseName}`,
          width: widths[0] ?? 0,
          bold: true,
        },
        { text: transcriptDay(certificate.issuedAt, t.timeZone), width: widths[1] ?? 0 },
        { text: certificate.code, width: widths[2] ?? 0, bold: true, colour: 'brand' },
      ],
      9,
      { band: true, keepWith: 14 },
    );
    w.row([{ text: `Verify: ${certificate.verifyUrl}`, width: 1, colour: 'grey' }], 8);
    w.y -= 3;
  }
}

/** Page footers once the number of pages is known. */
function footers(doc: PDFDocument, w: Writer, t: Transcript) {
  const pages = doc.getPages();
  const who = clean(`${t.learner.fullName || t.learner.employeeCode} · ${t.learner.employeeCode}`);
  const produced = `Learning transcript produced ${transcriptDay(t.producedAt, t.timeZone)}`;
  pages.forEach((page, i) => {
    page.drawLine({
      start: { x: MARGIN_X, y: 44 },
      end: { x: A4[0] - MARGIN_X, y: 44 },
      thickness: 0.5,
      color: w.colours.rule,
    });
    const size = 8;
    page.drawText(`${who} — ${produced}`, {
      x: MARGIN_X,
      y: 32,
      size,
      font: w.fonts.regular,
      color: w.colours.grey,
    });
    const number = `Page ${i + 1} of ${pages.length}`;
    page.drawText(number, {
      x: A4[0] - MARGIN_X - w.fonts.regular.widthOfTextAtSize(number, size),
      y: 32,
      size,
      font: w.fonts.regular,
      color: w.colours.grey,
    });
  });
}

/** The transcript as a PDF. */
export async function transcriptPdf(t: Transcript): Promise<Uint8Array> {
  const { pdf, fontkit } = await loadPdfLib();
  const doc = await pdf.PDFDocument.create();
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    unicodeFont('sans-regular').then((bytes) => doc.embedFont(bytes, { subset: true })),
    unicodeFont('sans-bold').then((bytes) => doc.embedFont(bytes, { subset: true })),
  ]);
  const colours: Colours = {
    brand: pdf.rgb(37 / 255, 26 / 255, 91 / 255),
    accent: pdf.rgb(1, 80 / 255, 0),
    ink: pdf.rgb(0.13, 0.13, 0.16),
    grey: pdf.rgb(0.4, 0.4, 0.45),
    rule: pdf.rgb(0.8, 0.8, 0.84),
    band: pdf.rgb(0.955, 0.953, 0.975),
  };
  const w = new Writer(doc, { regular, bold }, colours);
  header(w, t);
  courses(w, t);
  exams(w, t);
  certificates(w, t);
  footers(doc, w, t);
  const name = clean(t.learner.fullName || t.learner.employeeCode);
  doc.setTitle(`Learning transcript — ${name}`, { showInWindowTitleBar: true });
  doc.setSubject(`Courses, lessons, exams and certificates of ${name} (${t.learner.employeeCode})`);
  doc.setLanguage('en');
  doc.setProducer('Academy');
  doc.setCreator('Academy');
  doc.setCreationDate(t.producedAt);
  doc.setModificationDate(t.producedAt);
  return doc.save();
}
