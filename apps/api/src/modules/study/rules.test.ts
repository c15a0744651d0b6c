import { describe, expect, it } from 'vitest';
import {
  applyHeartbeat,
  courseGates,
  coursePercent,
  EMPTY_VIEWING,
  type Heartbeat,
  type LessonTiming,
  lessonPassed,
  nextStatus,
  type StudySettings,
  type ViewingState,
} from './rules';

const settings: StudySettings = {
  maxCreditPerHeartbeatSeconds: 15,
  viewingStaleSeconds: 30,
  tabLeaveLimit: 3,
};
const tenMinuteVideo: LessonTiming = { videoDurationSeconds: 600, minStudyMinutes: 5 };

/** A test clock and a player that sends heartbeats through the rules. */
function player(lesson: LessonTiming = tenMinuteVideo, start: ViewingState = EMPTY_VIEWING) {
  let now = new Date('2026-03-01T09:00:00Z');
  let state = start;
  return {
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
    beat(viewingId: string, position: number, extra: Partial<Heartbeat> = {}) {
      const outcome = applyHeartbeat(
        state,
        { viewingId, position, playing: true, visible: true, tabLeft: false, ended: false, ...extra },
        lesson,
        now,
        settings,
      );
      state = outcome.state;
      return outcome;
    },
    get state() {
      return state;
    },
  };
}

/** Plays `seconds` of video in one tab with a heartbeat every 10 s, starting at `from`. */
function watch(p: ReturnType<typeof player>, viewingId: string, from: number, seconds: number) {
  p.beat(viewingId, from);
  for (let t = 10; t <= seconds; t += 10) {
    p.advance(10);
    p.beat(viewingId, from + t);
  }
}

describe('heartbeat crediting', () => {
  it('credits the wall-clock time between heartbeats of one viewing', () => {
    const p = player();
    expect(p.beat('tab-a', 0).credited).toBe(0);
    p.advance(10);
    expect(p.beat('tab-a', 10).credited).toBe(10);
    p.advance(9.5);
    expect(p.beat('tab-a', 19.5).credited).toBe(9.5);
    expect(p.state.creditedSeconds).toBe(19.5);
    expect(p.state.lastPositionSeconds).toBe(19.5);
  });

  it('gives nothing for seeking ahead: credit follows time, not the claimed position', () => {
    const p = player();
    p.beat('tab-a', 0);
    p.advance(10);
    const jump = p.beat('tab-a', 550);
    expect(jump.credited).toBe(10);
    expect(p.state.creditedSeconds).toBe(10);
    // The credited position moves no faster than time.
    expect(p.state.lastPositionSeconds).toBe(10);
    p.advance(10);
    p.beat('tab-a', 560);
    expect(p.state.creditedSeconds).toBe(20);
    expect(p.state.lastPositionSeconds).toBe(20);
  });

  it('credits at most the interval cap after a long pause without heartbeats', () => {
    const p = player();
    p.beat('tab-a', 0);
    p.advance(600);
    const late = p.beat('tab-a', 600);
    expect(late.credited).toBe(15);
    expect(p.state.creditedSeconds).toBe(15);
  });

  it('credits nothing for time spent paused or in a hidden tab, and resumes after', () => {
    const p = player();
    p.beat('tab-a', 0);
    p.advance(10);
    expect(p.beat('tab-a', 10, { playing: false }).credited).toBe(10); // played until the pause
    p.advance(120);
    expect(p.beat('tab-a', 10).credited).toBe(0); // resumed: the paused time earns nothing
    p.advance(10);
    expect(p.beat('tab-a', 20, { visible: false }).credited).toBe(10);
    p.advance(300);
    expect(p.beat('tab-a', 20).credited).toBe(0);
    p.advance(10);
    expect(p.beat('tab-a', 30).credited).toBe(10);
    expect(p.state.creditedSeconds).toBe(30);
  });

  it('never credits more than the video length in total', () => {
    const p = player({ videoDurationSeconds: 25, minStudyMinutes: 0 });
    watch(p, 'tab-a', 0, 60);
    expect(p.state.creditedSeconds).toBe(25);
    expect(p.state.lastPositionSeconds).toBeLessThanOrEqual(25);
  });

  it('caps a video of unknown length at its minimum study time', () => {
    const p = player({ videoDurationSeconds: null, minStudyMinutes: 1 });
    watch(p, 'tab-a', 0, 120);
    expect(p.state.creditedSeconds).toBe(60);
  });

  it('does not credit a learner twice for two tabs: the second waits while the first beats', () => {
    const p = player();
    p.beat('tab-a', 0);
    p.advance(1);
    expect(p.beat('tab-b', 0)).toMatchObject({ credited: 0, activeElsewhere: true });
    for (let i = 0; i < 6; i++) {
      p.advance(5);
      p.beat('tab-a', 5 * (i + 1));
      expect(p.beat('tab-b', 5 * (i + 1))).toMatchObject({ credited: 0, activeElsewhere: true });
    }
    // 31 s of wall-clock time with two tabs playing: 31 s credited, once.
    expect(p.state.creditedSeconds).toBe(31);
    expect(p.state.viewingId).toBe('tab-a');
  });

  it('lets another tab take over once the first has been silent long enough', () => {
    const p = player();
    p.beat('tab-a', 0);
    p.advance(10);
    p.beat('tab-a', 10);
    p.advance(31);
    const takeover = p.beat('tab-b', 10);
    expect(takeover).toMatchObject({ credited: 0, activeElsewhere: false });
    p.advance(10);
    expect(p.beat('tab-b', 20).credited).toBe(10);
    expect(p.beat('tab-a', 40)).toMatchObject({ activeElsewhere: true, credited: 0 });
    expect(p.state.creditedSeconds).toBe(20);
  });

  it('lets another tab take over at once when the first viewing ended', () => {
    const p = player();
    p.beat('tab-a', 0);
    p.advance(10);
    expect(p.beat('tab-a', 10, { ended: true, playing: false }).credited).toBe(10);
    expect(p.state.viewingId).toBeNull();
    p.advance(1);
    expect(p.beat('tab-b', 10).activeElsewhere).toBe(false);
    p.advance(10);
    expect(p.beat('tab-b', 20).credited).toBe(10);
  });

  it('gains nothing from a fresh viewing id on every heartbeat', () => {
    const p = player();
    for (let i = 0; i < 10; i++) {
      p.advance(40);
      p.beat(`tab-${i}`, i * 40);
    }
    expect(p.state.creditedSeconds).toBe(0);
  });

  it('resumes a new viewing no further than the last credited position', () => {
    const p = player();
    watch(p, 'tab-a', 0, 60);
    p.beat('tab-a', 60, { ended: true, playing: false });
    p.advance(5);
    p.beat('tab-b', 500);
    expect(p.state.lastPositionSeconds).toBe(60);
    p.advance(10);
    p.beat('tab-b', 510);
    expect(p.state.lastPositionSeconds).toBe(70);
  });
});

describe('leaving the tab', () => {
  it('rewinds to the last credited position after more than N leaves in one viewing', () => {
    const p = player();
    watch(p, 'tab-a', 0, 30);
    const answers = [];
    for (let leave = 1; leave <= 4; leave++) {
      p.advance(5);
      answers.push(p.beat('tab-a', 30 + leave * 40, { visible: false, tabLeft: true }));
      p.advance(30);
      p.beat('tab-a', 30 + leave * 40 + 30);
    }
    expect(answers.map((a) => a.rewindTo)).toEqual([null, null, null, expect.any(Number)]);
    expect(answers.map((a) => a.state.tabLeaves)).toEqual([1, 2, 3, 0]);
    // The video ran on while the tab was hidden; the rewind goes back to what was credited.
    const rewind = answers[3]?.rewindTo ?? 0;
    expect(rewind).toBeLessThanOrEqual(p.state.creditedSeconds);
    expect(rewind).toBe(50);
  });

  it('counts leaves per viewing: a new viewing starts from zero', () => {
    const p = player();
    p.beat('tab-a', 0);
    for (let i = 0; i < 3; i++) p.beat('tab-a', 0, { visible: false, tabLeft: true });
    expect(p.state.tabLeaves).toBe(3);
    p.beat('tab-a', 0, { ended: true, playing: false });
    p.beat('tab-b', 0, { visible: false, tabLeft: true });
    expect(p.state.tabLeaves).toBe(1);
  });

  it('ignores leaves reported by a tab that is not the active viewing', () => {
    const p = player();
    p.beat('tab-a', 0);
    const other = p.beat('tab-b', 0, { visible: false, tabLeft: true });
    expect(other.activeElsewhere).toBe(true);
    expect(p.state.tabLeaves).toBe(0);
  });
});

describe('passing a lesson', () => {
  const noExam = { minStudyMinutes: 2, examQuestionCount: 0 };
  const withExam = { minStudyMinutes: 2, examQuestionCount: 5 };
  const record = (creditedSeconds: number, examPassed = false) => ({
    status: 'STUDYING' as const,
    creditedSeconds,
    examPassed,
  });

  it('passes a lesson without exam questions on study time alone', () => {
    expect(lessonPassed(noExam, record(119))).toBe(false);
    expect(lessonPassed(noExam, record(120))).toBe(true);
    expect(nextStatus(noExam, record(120))).toBe('PASSED');
  });

  it('needs the exam passed too when the lesson has exam questions', () => {
    expect(lessonPassed(withExam, record(600))).toBe(false);
    expect(lessonPassed(withExam, record(60, true))).toBe(false);
    expect(lessonPassed(withExam, record(120, true))).toBe(true);
  });

  it('never passes a lesson the learner has not opened, and keeps a pass once earned', () => {
    expect(lessonPassed({ minStudyMinutes: 0, examQuestionCount: 0 }, null)).toBe(false);
    expect(lessonPassed(withExam, { status: 'PASSED', creditedSeconds: 0, examPassed: false })).toBe(true);
  });

  it('keeps a failed exam failed until it is passed', () => {
    const failed = { status: 'FAILED' as const, creditedSeconds: 600, examPassed: false };
    expect(nextStatus(withExam, failed)).toBe('FAILED');
    expect(nextStatus(withExam, { ...failed, examPassed: true })).toBe('PASSED');
  });
});

describe('unlocking lessons and topics', () => {
  const topicsOf = (...passed: boolean[][]) =>
    passed.map((lessons, t) => ({
      id: 100 + t,
      lessons: lessons.map((p, l) => ({ id: (t + 1) * 10 + l, passed: p })),
    }));

  it('ordered course: later topics open only when every earlier lesson is passed', () => {
    const gates = courseGates(true, topicsOf([true, false], [false, false]));
    expect([...gates.openTopics]).toEqual([100]);
    expect([...gates.unlockedLessons]).toEqual([10, 11]);
    const next = courseGates(true, topicsOf([true, true], [false, false], [false]));
    expect([...next.openTopics]).toEqual([100, 101]);
    expect([...next.unlockedLessons]).toEqual([10, 11, 20]);
  });

  it('ordered course: an empty topic does not block the next one', () => {
    const gates = courseGates(true, topicsOf([true], [], [false]));
    expect([...gates.openTopics]).toEqual([100, 101, 102]);
    expect(gates.unlockedLessons.has(30)).toBe(true);
  });

  it('unordered course: every topic open, lesson order kept inside each topic', () => {
    const gates = courseGates(false, topicsOf([false, false], [true, false, false]));
    expect([...gates.openTopics]).toEqual([100, 101]);
    expect([...gates.unlockedLessons]).toEqual([10, 20, 21]);
  });

  it('course percent is passed lessons over lessons, rounded down', () => {
    expect(coursePercent(0, 0)).toBe(0);
    expect(coursePercent(1, 3)).toBe(33);
    expect(coursePercent(2, 3)).toBe(66);
    expect(coursePercent(3, 3)).toBe(100);
  });
});
