import type { MyExamStatus } from '@academy/contract';

/** The words and formats the transcript's PDF and workbook share. */

/** An exam's line, in the words of My exam results. */
export const EXAM_RESULT_LABELS: Record<MyExamStatus, string> = {
  PASSED: 'Passed',
  FAILED: 'Not passed yet',
  LOCKED: 'Locked (no attempt left)',
  IN_PROGRESS: 'In progress',
  NOT_TAKEN: 'Not finished',
};

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
