import { EXAM_STATUS_WORD, type MyExamStatus, STATUS_LABELS } from '@academy/contract';

/** The words and formats the transcript's PDF and workbook share. */

/** An exam's line, in the one status vocabulary (decision 95), as My exam results shows it. */
export function examResultLabel(status: MyExamStatus): string {
  return STATUS_LABELS[EXAM_STATUS_WORD[status]];
}

/** A course's line: passed once every lesson is, else in progress (the transcript lists started courses). */
export function courseStatusLabel(finished: boolean): string {
  return STATUS_LABELS[finished ? 'PASSED' : 'IN_PROGRESS'];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const momentFormats = new Map<string, Intl.DateTimeFormat>();

function format(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
) {
  let f = cache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    cache.set(timeZone, f);
  }
  return f;
}

/** "12 Mar 2026" in the academy's time zone; "—" for none. */
export function transcriptDay(at: Date | null, timeZone: string): string {
  return at
    ? format(dayFormats, timeZone, { day: 'numeric', month: 'short', year: 'numeric' }).format(at)
    : '—';
}

/** "12 March 2026, 14:05" in the academy's time zone. */
export function transcriptMoment(at: Date, timeZone: string): string {
  return format(momentFormats, timeZone, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** "0 min", "< 1 min", "45 min", "2 h 05 min". */
export function durationText(seconds: number): string {
  if (seconds <= 0) return '0 min';
  if (seconds < 60) return '< 1 min';
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours ? `${hours} h ${String(rest).padStart(2, '0')} min` : `${minutes} min`;
}
