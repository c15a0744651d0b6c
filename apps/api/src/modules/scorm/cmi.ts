import type { SCORM_COMPLETION, SCORM_SUCCESS } from '@academy/contract';

/**
 * The SCORM run-time data a commit carries (scorm-again's commit object, `runtimeData.cmi`),
 * read tolerantly into one shape for both data models: SCORM 1.2 values are mapped onto 2004's
 * completion and success statuses. Nothing here trusts the numbers: the service caps time.
 */

export type Completion = (typeof SCORM_COMPLETION)[number];
export type Success = (typeof SCORM_SUCCESS)[number];

export type Score = { raw: number | null; min: number | null; max: number | null; scaled: number | null };

export type ScoReport = {
  completion: Completion | null;
  success: Success | null;
  score: Score;
  location: string | null;
  suspendData: string | null;
  exit: string | null;
  sessionSeconds: number | null;
  interactions: Record<string, unknown>[];
};

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown, max: number): string | null =>
  typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v) : null;
function num(v: unknown): number | null {
  if (v === '' || v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** SCORM 1.2 CMITimespan `HHHH:MM:SS.SS`. */
export function parseTimespan12(value: string): number | null {
  const m = /^(\d{1,4}):(\d{2}):(\d{2}(?:\.\d{1,2})?)$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** SCORM 2004 timeinterval (ISO 8601 duration, e.g. `PT1H2M3.5S`); months as 30 days. */
export function parseDuration2004(value: string): number | null {
  const m = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    value.trim(),
  );
  if (!m || value.trim() === 'P' || value.trim().endsWith('T')) return null;
  const [, y, mo, d, h, mi, s] = m.map((x) => Number(x ?? 0));
  return (((y ?? 0) * 365 + (mo ?? 0) * 30 + (d ?? 0)) * 24 + (h ?? 0)) * 3600 + (mi ?? 0) * 60 + (s ?? 0);
}

export function formatTimespan12(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.min(9999, Math.floor(whole / 3600));
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

export const formatDuration2004 = (seconds: number) => `PT${Math.floor(seconds)}S`;

const COMPLETIONS = new Set(['completed', 'incomplete', 'not attempted', 'unknown']);
const SUCCESSES = new Set(['passed', 'failed', 'unknown']);

/** SCORM 1.2 cmi.core.lesson_status as (completion, success). */
export function mapLessonStatus(status: string): { completion: Completion; success: Success } | null {
  switch (status) {
    case 'passed':
      return { completion: 'completed', success: 'passed' };
    case 'failed':
      return { completion: 'completed', success: 'failed' };
    case 'completed':
      return { completion: 'completed', success: 'unknown' };
    case 'incomplete':
    case 'browsed':
      return { completion: 'incomplete', success: 'unknown' };
    case 'not attempted':
      return { completion: 'not attempted', success: 'unknown' };
    default:
      return null;
  }
}

/** cmi.interactions as a list, whether the runtime rendered an array or an object keyed by index. */
function interactionsOf(value: unknown): Obj[] {
  const list = Array.isArray(value) ? value : Object.values(obj(value).childArray ?? obj(value));
  return list
    .filter((i): i is Obj => Boolean(i) && typeof i === 'object')
    .slice(0, 500)
    .filter((i) => JSON.stringify(i).length <= 20_000);
}

function scaledOf(raw: number | null, min: number | null, max: number | null): number | null {
  if (raw === null || max === null) return null;
  const low = min ?? 0;
  if (max <= low) return null;
  return Math.max(-1, Math.min(1, (raw - low) / (max - low)));
}

/** What one commit reports for its SCO. */
export function readCommit(body: unknown, is12: boolean): ScoReport {
  const root = obj(body);
  const runtime = obj(root.runtimeData ?? root);
  const cmi = obj(runtime.cmi);
  if (is12) {
    const core = obj(cmi.core);
    const score = obj(core.score);
    const status = mapLessonStatus(String(core.lesson_status ?? ''));
    const raw = num(score.raw);
    const min = num(score.min);
    const max = num(score.max);
    return {
      completion: status?.completion ?? null,
      success: status?.success ?? null,
      score: { raw, min, max, scaled: scaledOf(raw, min, max ?? (raw !== null ? 100 : null)) },
      location: str(core.lesson_location, 1000),
      suspendData: str(cmi.suspend_data, 64_000),
      exit: str(core.exit, 16),
      sessionSeconds: typeof core.session_time === 'string' ? parseTimespan12(core.session_time) : null,
      interactions: interactionsOf(cmi.interactions),
    };
  }
  const score = obj(cmi.score);
  const completion = String(cmi.completion_status ?? '');
  const success = String(cmi.success_status ?? '');
  const raw = num(score.raw);
  const min = num(score.min);
  const max = num(score.max);
  const scaled = num(score.scaled);
  return {
    completion: COMPLETIONS.has(completion) ? (completion as Completion) : null,
    success: SUCCESSES.has(success) ? (success as Success) : null,
    score: {
      raw,
      min,
      max,
      scaled: scaled !== null ? Math.max(-1, Math.min(1, scaled)) : scaledOf(raw, min, max),
    },
    location: str(cmi.location, 1000),
    suspendData: str(cmi.suspend_data, 64_000),
    exit: str(cmi.exit, 16),
    sessionSeconds: typeof cmi.session_time === 'string' ? parseDuration2004(cmi.session_time) : null,
    interactions: interactionsOf(cmi.interactions),
  };
}

/** Interactions kept so far, with this commit's replacing those of the same id (or index when they have none). */
export function mergeInteractions(kept: Obj[], reported: Obj[]): Obj[] {
  const byKey = new Map<string, Obj>();
  const keyOf = (i: Obj, n: number) => (typeof i.id === 'string' && i.id ? `id:${i.id}` : `n:${n}`);
  for (const [n, i] of kept.entries()) byKey.set(keyOf(i, n), i);
  for (const [n, i] of reported.entries()) byKey.set(keyOf(i, n), i);
  return [...byKey.values()].slice(0, 500);
}

export type ScoStanding = {
  completion: Completion;
  success: Success;
  score: Score;
};

/** One SCO counts as done when it is completed or passed, and not failed. */
export const scoDone = (s: ScoStanding) =>
  (s.completion === 'completed' || s.success === 'passed') && s.success !== 'failed';

/**
 * An attempt's standing, rolled up over every SCO of the package (those never launched count as
 * not attempted): completed when all are, failed when any failed, passed when all passed; the
 * score is the mean of the SCOs' that have one.
 */
export function rollUp(states: ScoStanding[]): ScoStanding & { done: boolean } {
  const completion: Completion = states.every((s) => s.completion === 'completed' || s.success === 'passed')
    ? 'completed'
    : states.some((s) => s.completion !== 'not attempted' && s.completion !== 'unknown')
      ? 'incomplete'
      : 'not attempted';
  const success: Success = states.some((s) => s.success === 'failed')
    ? 'failed'
    : states.length > 0 && states.every((s) => s.success === 'passed')
      ? 'passed'
      : 'unknown';
  const scored = states.filter((s) => s.score.raw !== null || s.score.scaled !== null);
  const mean = (pick: (s: Score) => number | null): number | null => {
    const values = scored.map((s) => pick(s.score)).filter((v): v is number => v !== null);
    return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  };
  const score: Score =
    scored.length === 1 && scored[0]
      ? scored[0].score
      : {
          raw: mean((s) => s.raw),
          min: mean((s) => s.min),
          max: mean((s) => s.max),
          scaled: mean((s) => s.scaled),
        };
  return { completion, success, score, done: states.length > 0 && states.every(scoDone) };
}

/** The lesson is passed by this attempt: every SCO done and, with a pass mark, the score reaches it. */
export function attemptPasses(rolled: ScoStanding & { done: boolean }, passMark: number | null): boolean {
  if (!rolled.done) return false;
  if (passMark === null) return true;
  return rolled.score.scaled !== null && rolled.score.scaled * 100 >= passMark;
}
