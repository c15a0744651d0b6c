import { isPackageKind, type LessonStatus } from '@academy/contract';

/**
 * The study rules, free of I/O: watch-time crediting from heartbeats, the tab-leave rewind,
 * lesson and topic unlocking, and course percent. Time comes in as an argument (`now`), so the
 * rules are tested with any clock.
 */

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export type StudySettings = {
  /** Most seconds one heartbeat may credit (a long pause earns no more than this). */
  maxCreditPerHeartbeatSeconds: number;
  /** Another viewing takes over once the active one has been silent this long. */
  viewingStaleSeconds: number;
  /** Leaving the tab more than this many times in one viewing rewinds the video. */
  tabLeaveLimit: number;
};

/** The crediting state kept per learner and lesson. */
export type ViewingState = {
  creditedSeconds: number;
  lastPositionSeconds: number;
  /** The viewing that earns credit now, or null when none is active. */
  viewingId: string | null;
  lastHeartbeatAt: Date | null;
  /** The last heartbeat of the active viewing said: playing, in a visible tab. */
  watching: boolean;
  tabLeaves: number;
};

export const EMPTY_VIEWING: ViewingState = {
  creditedSeconds: 0,
  lastPositionSeconds: 0,
  viewingId: null,
  lastHeartbeatAt: null,
  watching: false,
  tabLeaves: 0,
};

export type Heartbeat = {
  viewingId: string;
  position: number;
  playing: boolean;
  visible: boolean;
  tabLeft: boolean;
  ended: boolean;
};

export type LessonTiming = {
  videoDurationSeconds: number | null;
  minStudyMinutes: number;
};

export type HeartbeatOutcome = {
  state: ViewingState;
  /** Seconds this heartbeat credited. */
  credited: number;
  /** Another viewing is active: this heartbeat changed nothing. */
  activeElsewhere: boolean;
  /** Seek the player back here (the tab was left too often), or null. */
  rewindTo: number | null;
};

/** The most study time a lesson can credit: its video's length, else its minimum study time. */
export function creditLimitSeconds(lesson: LessonTiming): number {
  return lesson.videoDurationSeconds ?? lesson.minStudyMinutes * 60;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function secondsBetween(earlier: Date, later: Date): number {
  return Math.max(0, (later.getTime() - earlier.getTime()) / 1000);
}

/**
 * Applies one heartbeat.
 *
 * - Only one viewing (tab) credits at a time: while the active viewing keeps beating, another
 *   viewing's heartbeats are answered `activeElsewhere` and change nothing. It takes over once the
 *   active one has been silent for `viewingStaleSeconds` or has ended.
 * - Credit follows wall-clock time, never the position the player claims: a heartbeat credits the
 *   time since the previous heartbeat of the same viewing when that one said "watching" (playing
 *   in a visible tab), at most `maxCreditPerHeartbeatSeconds`, and never past the video's length
 *   in total. Seeking ahead therefore earns nothing; a pause or a hidden tab stops crediting.
 * - The last credited position advances no faster than the time credited, so a seek ahead does
 *   not move it either; it is where a rewind goes back to.
 * - Leaving the tab more than `tabLeaveLimit` times in one viewing answers `rewindTo` and starts
 *   counting again.
 */
export function applyHeartbeat(
  state: ViewingState,
  beat: Heartbeat,
  lesson: LessonTiming,
  now: Date,
  settings: StudySettings,
): HeartbeatOutcome {
  const silentFor = state.lastHeartbeatAt ? secondsBetween(state.lastHeartbeatAt, now) : Infinity;
  const otherActive =
    state.viewingId !== null &&
    state.viewingId !== beat.viewingId &&
    silentFor <= settings.viewingStaleSeconds;
  if (otherActive) return { state, credited: 0, activeElsewhere: true, rewindTo: null };

  const sameViewing = state.viewingId === beat.viewingId;
  let credited = 0;
  if (sameViewing && state.watching && state.lastHeartbeatAt) {
    credited = Math.min(silentFor, settings.maxCreditPerHeartbeatSeconds);
  }
  const limit = creditLimitSeconds(lesson);
  credited = round3(Math.max(0, Math.min(credited, limit - state.creditedSeconds)));

  const plausible = state.lastPositionSeconds + credited;
  let position = Math.min(Math.max(0, beat.position), sameViewing ? plausible : state.lastPositionSeconds);
  if (lesson.videoDurationSeconds !== null) position = Math.min(position, lesson.videoDurationSeconds);

  let tabLeaves = sameViewing ? state.tabLeaves : 0;
  let rewindTo: number | null = null;
  if (beat.tabLeft) {
    tabLeaves += 1;
    if (tabLeaves > settings.tabLeaveLimit) {
      rewindTo = round3(position);
      tabLeaves = 0;
    }
  }

  return {
    credited,
    activeElsewhere: false,
    rewindTo,
    state: {
      creditedSeconds: round3(state.creditedSeconds + credited),
      lastPositionSeconds: round3(position),
      viewingId: beat.ended ? null : beat.viewingId,
      lastHeartbeatAt: now,
      watching: !beat.ended && beat.playing && beat.visible && !beat.tabLeft,
      tabLeaves: beat.ended ? 0 : tabLeaves,
    },
  };
}

/** What decides whether a lesson is passed. */
export type LessonRule = { minStudyMinutes: number; examQuestionCount: number; videoKind?: string };
export type LessonRecord = {
  status: LessonStatus;
  creditedSeconds: number;
  examPassed: boolean;
  /** A SCORM or cmi5 lesson's package reported it passed (scorm, cmi5 modules, through the study service). */
  contentPassed?: boolean;
};

export function requiredSeconds(lesson: Pick<LessonRule, 'minStudyMinutes'>): number {
  return lesson.minStudyMinutes * 60;
}

export function studyComplete(lesson: LessonRule, record: LessonRecord | null): boolean {
  return record !== null && record.creditedSeconds >= requiredSeconds(lesson);
}

/**
 * A lesson is passed when its minimum study time is reached, when it has exam questions its
 * exam is passed, and when it is a SCORM or cmi5 lesson its package reported it passed. Once passed it
 * stays passed, even if its author later raises the bar. A lesson the learner never opened is not
 * passed, even with no minimum.
 */
export function lessonPassed(lesson: LessonRule, record: LessonRecord | null): boolean {
  if (!record) return false;
  if (record.status === 'PASSED') return true;
  return (
    studyComplete(lesson, record) &&
    (lesson.examQuestionCount === 0 || record.examPassed) &&
    (!isPackageKind(lesson.videoKind) || record.contentPassed === true)
  );
}

/** The status to store after anything changed: passed, else failed (exam) stays, else studying. */
export function nextStatus(lesson: LessonRule, record: LessonRecord): LessonStatus {
  if (lessonPassed(lesson, record)) return 'PASSED';
  return record.status === 'FAILED' ? 'FAILED' : 'STUDYING';
}

export type GateTopic = { id: number; lessons: { id: number; passed: boolean }[] };
export type Gates = { openTopics: Set<number>; unlockedLessons: Set<number> };

/**
 * Which topics are open and which lessons unlocked. Topics and lessons come in their order.
 * Ordered course: a topic opens when every lesson of the earlier topics is passed. Unordered:
 * every topic is open. In both, a topic's first lesson is unlocked when the topic is open and
 * each further lesson when the one before it is passed.
 */
export function courseGates(ordered: boolean, topicList: GateTopic[]): Gates {
  const openTopics = new Set<number>();
  const unlockedLessons = new Set<number>();
  let earlierAllPassed = true;
  for (const topic of topicList) {
    const open = !ordered || earlierAllPassed;
    if (open) openTopics.add(topic.id);
    let previousPassed = true;
    for (const lesson of topic.lessons) {
      if (open && previousPassed) unlockedLessons.add(lesson.id);
      previousPassed = lesson.passed;
      if (!lesson.passed) earlierAllPassed = false;
    }
  }
  return { openTopics, unlockedLessons };
}

/** Passed lessons / lessons as a whole percent, rounded down; 0 for a course without lessons. */
export function coursePercent(passed: number, total: number): number {
  return total > 0 ? Math.floor((passed * 100) / total) : 0;
}
