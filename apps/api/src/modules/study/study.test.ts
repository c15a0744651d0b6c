import {
  MESSAGES,
  type THeartbeat,
  type THeartbeatResult,
  type TLessonContent,
  type TMyCourse,
  type TMyLesson,
  type TMyThematic,
  ZMyLesson,
} from '@academy/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { buildCourse, grantCourseActions } from '../../../test/courses';
import { formData, pdfDocument } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import type { AppEvents } from '../../events';
import { Events } from '../../platform/events';
import { setLessonExamQuestionCount } from '../courses';
import { completionLockKey, completionLockOfLessonSql } from './completion';
import { learnerLesson } from './learner';
import { recordExamResult } from './progress';

/** No module handles events in these direct calls. */
const noHandlers = new Events<AppEvents>();

let t: TestApp;
let admin: ApiClient;
let staff: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  anonymous = apiClient(t.app, undefined);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let nextEmployee = 2;
/** A demo employee who has not studied anything yet (E1002, E1003, …). */
async function freshLearner(): Promise<ApiClient> {
  const code = `E${1000 + nextEmployee}`;
  nextEmployee += 1;
  return clientAs(t.app, code);
}

/** Fakes only Date (the server's clock), starting now; `advance` moves it forward. */
function serverClock() {
  const start = Date.now();
  let offset = 0;
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  return {
    advance(seconds: number) {
      offset += seconds * 1000;
      vi.setSystemTime(start + offset);
    },
  };
}

async function beat(
  learner: ApiClient,
  lessonId: number,
  viewingId: string,
  position: number,
  extra: Partial<THeartbeat> = {},
): Promise<THeartbeatResult> {
  const res = await learner.put('user-lesson/time-viewed', {
    lessonId,
    viewingId,
    position,
    playing: true,
    visible: true,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function lessonsOf(learner: ApiClient, topicId: number): Promise<TMyLesson[]> {
  const res = await learner.get(`my-lessons?thematic_id=${topicId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('signing in is needed for the learner calls', () => {
  it('answers 401 without a token', async () => {
    for (const path of [
      'my-courses',
      'my-courses/history',
      'my-courses/course-percent/1',
      'my-thematics?course_id=1',
      'my-lessons?thematic_id=1',
      'lessons/1',
    ]) {
      const res = await anonymous.get(path);
      expect(res.statusCode, path).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, message: MESSAGES.unauthenticated });
    }
    expect((await anonymous.put('user-lesson/time-viewed', {})).statusCode).toBe(401);
    expect((await anonymous.post('user-lesson/update-status/1')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/get/documents/1' })).statusCode).toBe(401);
  });
});

describe('my courses', () => {
  it('lists the courses I started, most recently studied first, with percent', async () => {
    const res = await student.get('my-courses');
    expect(res.statusCode).toBe(200);
    const courses = res.json() as TMyCourse[];
    expect(res.headers['x-total-count']).toBe(String(courses.length));
    expect(courses.map((c) => [c.name, c.percent, c.status])).toEqual([
      ['Workplace safety', 100, 'FINISHED'],
      ['Customer care essentials', 50, 'IN_PROGRESS'],
      ['Fibre installation basics', 0, 'IN_PROGRESS'],
    ]);
    expect(courses[1]).toMatchObject({ passedLessons: 3, lessonCount: 6, topicCount: 3, finishedAt: null });
    expect(courses[0]?.finishedAt).toEqual(expect.any(String));
    expect(courses[2]?.lastStudiedAt).toEqual(expect.any(String));
  });

  it('is empty for a newcomer until they open a lesson', async () => {
    const newcomer = await freshLearner();
    expect((await newcomer.get('my-courses')).json()).toEqual([]);
    expect((await newcomer.post('user-lesson/update-status/14')).statusCode).toBe(200);
    const mine = (await newcomer.get('my-courses')).json() as TMyCourse[];
    expect(mine.map((c) => [c.name, c.status, c.percent])).toEqual([
      ['TV packages and set-top boxes', 'IN_PROGRESS', 0],
    ]);
  });

  it('lists finished courses in the history', async () => {
    const res = await student.get('my-courses/history');
    expect((res.json() as TMyCourse[]).map((c) => [c.name, c.percent])).toEqual([['Workplace safety', 100]]);
    const none = await (await freshLearner()).get('my-courses/history');
    expect(none.json()).toEqual([]);
  });

  it('gives the percent of one course', async () => {
    const res = await student.get('my-courses/course-percent/1');
    expect(res.json()).toEqual({ courseId: 1, passedLessons: 3, totalLessons: 6, percent: 50 });
    const other = await student.get('my-courses/course-percent/4');
    expect(other.json()).toEqual({ courseId: 4, passedLessons: 0, totalLessons: 3, percent: 0 });
    const unknown = await student.get('my-courses/course-percent/9999');
    expect(unknown.json()).toMatchObject({ status: 404, message: MESSAGES.courseNotFound });
  });
});

describe('topics and lessons of an ordered course', () => {
  it('opens topics in order: the third stays closed until the second is passed', async () => {
    const res = await student.get('my-thematics?course_id=1');
    expect(res.statusCode).toBe(200);
    expect(
      (res.json() as TMyThematic[]).map((x) => [x.name, x.open, x.passedLessons, x.lessonCount, x.percent]),
    ).toEqual([
      ['Welcoming the customer', true, 2, 2, 100],
      ['Solving the problem', true, 1, 2, 50],
      ['Closing the call', false, 0, 2, 0],
    ]);
    const unknown = await student.get('my-thematics?course_id=9999');
    expect(unknown.json()).toMatchObject({ status: 404, message: MESSAGES.courseNotFound });
    expect((await student.get('my-thematics')).statusCode).toBe(400);
  });

  it('names for each topic the lesson to go on with: the first open one not passed, else the first', async () => {
    const topics = (await student.get('my-thematics?course_id=1')).json() as TMyThematic[];
    const lessons = await Promise.all(topics.map((topic) => lessonsOf(student, topic.id)));
    // Welcoming: both passed, so the first; Solving: the one still studied; Closing: locked, the first.
    expect(topics.map((topic) => topic.nextLessonId)).toEqual([
      lessons[0]?.[0]?.id,
      lessons[1]?.[1]?.id,
      lessons[2]?.[0]?.id,
    ]);
    expect(lessons[1]?.[1]).toMatchObject({ passed: false, locked: false });
  });

  it('gives each lesson its lock state, status and credited time, and no answers', async () => {
    const solving = await lessonsOf(student, 2);
    expect(solving.map((l) => [l.name, l.locked, l.status, l.creditedSeconds, l.requiredSeconds])).toEqual([
      ['Checking the line status', false, 'PASSED', 200, 180],
      ['Escalating to the network team', false, 'STUDYING', 60, 180],
    ]);
    expect(solving[1]).toMatchObject({
      lockedMessage: null,
      studyComplete: false,
      hasExam: false,
      passed: false,
      videoDurationSeconds: 888,
      examTimeLimitMinutes: 10,
    });
    const closing = await lessonsOf(student, 3);
    expect(closing.map((l) => [l.locked, l.lockedMessage, l.status])).toEqual([
      [true, MESSAGES.finishPreviousExam, 'IDLE'],
      [true, MESSAGES.finishPreviousExam, 'IDLE'],
    ]);
    // Exactly the contract's fields: no video link, no exam content.
    expect(Object.keys(closing[0] ?? {}).sort()).toEqual(Object.keys(ZMyLesson.shape).sort());
    expect(JSON.stringify(closing)).not.toMatch(/youtube/i);
    const unknown = await student.get('my-lessons?thematic_id=9999');
    expect(unknown.json()).toMatchObject({ status: 404, message: MESSAGES.topicNotFound });
  });

  it('gives the video and documents of an unlocked lesson only', async () => {
    const open = (await student.get('lessons/1')).json() as TLessonContent;
    expect(open).toMatchObject({
      name: 'The first thirty seconds',
      courseName: 'Customer care essentials',
      topicName: 'Welcoming the customer',
      locked: false,
      video: {
        kind: 'youtube',
        youtubeId: 'aqz-KE-bpKQ',
        url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      },
      documents: [{ name: 'Customer care checklist.pdf', contentType: 'application/pdf' }],
    });
    const locked = await student.get('lessons/5');
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ locked: true, video: null, documents: [], documentCount: 0 });
    expect(locked.body).not.toMatch(/youtube/);
    const unknown = await student.get('lessons/9999');
    expect(unknown.json()).toMatchObject({ status: 404, message: MESSAGES.lessonNotFound });
  });

  it('serves an unlocked lesson’s document and refuses a locked one’s', async () => {
    const sample = (await student.get('lessons/1')).json() as TLessonContent;
    const url = sample.documents[0]?.url ?? '';
    const download = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.rawPayload.toString('latin1')).toMatch(/%%EOF\n$/);

    const added = await staff.post(
      'lessons/6/documents',
      formData({}, { file: [pdfDocument(), 'Survey.pdf'] }),
    );
    expect(added.statusCode, added.body).toBe(201);
    const refused = await t.app.inject({
      method: 'GET',
      url: added.json().url,
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, message: MESSAGES.finishPreviousExam });
    const forManager = await t.app.inject({
      method: 'GET',
      url: added.json().url,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(forManager.statusCode).toBe(200);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/get/documents/9999',
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(missing.json()).toMatchObject({ status: 404, message: MESSAGES.documentNotFound });
  });
});

describe('studying with heartbeats', () => {
  it('credits watched time and unlocks the next lesson once the minimum is reached', async () => {
    const { course, topics } = await buildCourse(staff, [[1, 1], [1]]);
    const [first, second] = topics[0]?.lessons ?? [];
    const learner = await freshLearner();
    expect((await lessonsOf(learner, topics[0]?.topic.id ?? 0)).map((l) => l.locked)).toEqual([false, true]);
    const opened = await learner.post(`user-lesson/update-status/${first?.id}`);
    expect(opened.json()).toMatchObject({ status: 'STUDYING', creditedSeconds: 0, requiredSeconds: 60 });

    const clock = serverClock();
    let answer = await beat(learner, first?.id ?? 0, 'viewing-1', 0);
    expect(answer).toMatchObject({ creditedNow: 0, creditedSeconds: 0, activeElsewhere: false });
    for (let i = 1; i <= 6; i++) {
      clock.advance(10);
      answer = await beat(learner, first?.id ?? 0, 'viewing-1', i * 10);
    }
    expect(answer).toMatchObject({
      creditedNow: 10,
      creditedSeconds: 60,
      studyComplete: true,
      passed: true,
      status: 'PASSED',
      lastPositionSeconds: 60,
    });
    expect((await lessonsOf(learner, topics[0]?.topic.id ?? 0)).map((l) => [l.locked, l.status])).toEqual([
      [false, 'PASSED'],
      [false, 'IDLE'],
    ]);
    const thematics = (await learner.get(`my-thematics?course_id=${course.id}`)).json() as TMyThematic[];
    expect(thematics.map((x) => x.open)).toEqual([true, false]);
    expect((await learner.get(`my-courses/course-percent/${course.id}`)).json()).toMatchObject({
      percent: 33,
    });
    const mine = (await learner.get('my-courses')).json() as TMyCourse[];
    expect(mine[0]).toMatchObject({ id: course.id, percent: 33, status: 'IN_PROGRESS' });
    const next = (await learner.get(`lessons/${second?.id}`)).json() as TLessonContent;
    expect(next).toMatchObject({ locked: false, video: { kind: 'youtube' } });
  });

  it('gives nothing for seeking ahead and at most the cap after a long pause', async () => {
    const { topics } = await buildCourse(staff, [[5]]);
    const lessonId = topics[0]?.lessons[0]?.id ?? 0;
    const learner = await freshLearner();
    const clock = serverClock();
    await beat(learner, lessonId, 'viewing-1', 0);
    clock.advance(10);
    const jump = await beat(learner, lessonId, 'viewing-1', 590);
    expect(jump).toMatchObject({ creditedNow: 10, creditedSeconds: 10, lastPositionSeconds: 10 });
    clock.advance(600);
    const late = await beat(learner, lessonId, 'viewing-1', 600);
    expect(late).toMatchObject({ creditedNow: 15, creditedSeconds: 25 });
  });

  it('credits wall-clock time whatever the playback speed: a learner at 2× earns no double time', async () => {
    const { topics } = await buildCourse(staff, [[2]]);
    const lessonId = topics[0]?.lessons[0]?.id ?? 0;
    const learner = await freshLearner();
    const clock = serverClock();
    await beat(learner, lessonId, 'viewing-2x', 0);
    // A minute of wall-clock time at double speed: the player reports two minutes of video.
    let answer: THeartbeatResult | undefined;
    for (let i = 1; i <= 6; i++) {
      clock.advance(10);
      answer = await beat(learner, lessonId, 'viewing-2x', i * 20);
    }
    expect(answer).toMatchObject({
      creditedNow: 10,
      creditedSeconds: 60,
      studyComplete: false,
      passed: false,
    });
    expect(answer?.lastPositionSeconds).toBeLessThanOrEqual(60);
    const state = (await learner.get(`lessons/${lessonId}`)).json() as TLessonContent;
    expect(state.creditedSeconds).toBe(60);
  });

  it('does not credit a learner twice for two tabs', async () => {
    const { topics } = await buildCourse(staff, [[5]]);
    const lessonId = topics[0]?.lessons[0]?.id ?? 0;
    const learner = await freshLearner();
    const clock = serverClock();
    await beat(learner, lessonId, 'tab-one-1', 0);
    const second = await beat(learner, lessonId, 'tab-two-2', 0);
    expect(second).toMatchObject({ activeElsewhere: true, creditedNow: 0 });
    for (let i = 1; i <= 3; i++) {
      clock.advance(10);
      await beat(learner, lessonId, 'tab-one-1', i * 10);
      expect(await beat(learner, lessonId, 'tab-two-2', i * 10)).toMatchObject({ activeElsewhere: true });
    }
    const state = (await learner.get(`lessons/${lessonId}`)).json() as TLessonContent;
    expect(state.creditedSeconds).toBe(30);
    // The first tab closes its player: the second takes over at once.
    await beat(learner, lessonId, 'tab-one-1', 30, { playing: false, ended: true });
    expect(await beat(learner, lessonId, 'tab-two-2', 30)).toMatchObject({ activeElsewhere: false });
    clock.advance(10);
    expect(await beat(learner, lessonId, 'tab-two-2', 40)).toMatchObject({
      creditedNow: 10,
      creditedSeconds: 40,
    });
  });

  it('credits concurrent heartbeats of one viewing once', async () => {
    const { topics } = await buildCourse(staff, [[5]]);
    const lessonId = topics[0]?.lessons[0]?.id ?? 0;
    const learner = await freshLearner();
    const clock = serverClock();
    await beat(learner, lessonId, 'viewing-1', 0);
    clock.advance(10);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => beat(learner, lessonId, 'viewing-1', 10)));
    expect(answers.map((a) => a.creditedNow).sort()).toEqual([0, 0, 0, 0, 10]);
    const state = (await learner.get(`lessons/${lessonId}`)).json() as TLessonContent;
    expect(state.creditedSeconds).toBe(10);
  });

  it('rewinds to the last credited position after the learner leaves the tab more than 3 times', async () => {
    const { topics } = await buildCourse(staff, [[5]]);
    const lessonId = topics[0]?.lessons[0]?.id ?? 0;
    const learner = await freshLearner();
    const clock = serverClock();
    await beat(learner, lessonId, 'viewing-1', 0);
    clock.advance(10);
    await beat(learner, lessonId, 'viewing-1', 10);
    const answers: THeartbeatResult[] = [];
    for (let leave = 1; leave <= 4; leave++) {
      clock.advance(2);
      answers.push(
        await beat(learner, lessonId, 'viewing-1', 12 + leave * 30, { visible: false, tabLeft: true }),
      );
      clock.advance(30);
      await beat(learner, lessonId, 'viewing-1', 42 + leave * 30);
    }
    expect(answers.map((a) => [a.tabLeaves, a.rewindTo])).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [0, 18],
    ]);
    expect(answers[3]).toMatchObject({ tabLeaveLimit: 3, creditedSeconds: 18, lastPositionSeconds: 18 });
  });

  it('refuses heartbeats for a locked or unknown lesson, and malformed ones', async () => {
    const locked = await student.put('user-lesson/time-viewed', {
      lessonId: 5,
      viewingId: 'viewing-1',
      position: 0,
      playing: true,
      visible: true,
    });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ status: 403, message: MESSAGES.finishPreviousExam });
    const opened = await student.post('user-lesson/update-status/5');
    expect(opened.json()).toMatchObject({ status: 403, message: MESSAGES.finishPreviousExam });
    const unknown = await student.put('user-lesson/time-viewed', {
      lessonId: 9999,
      viewingId: 'viewing-1',
      position: 0,
      playing: true,
      visible: true,
    });
    expect(unknown.json()).toMatchObject({ status: 404, message: MESSAGES.lessonNotFound });
    expect((await student.post('user-lesson/update-status/9999')).statusCode).toBe(404);
    const malformed = await student.put('user-lesson/time-viewed', {
      lessonId: 1,
      viewingId: 'a b',
      position: -5,
      playing: 'yes',
      visible: true,
    });
    expect(malformed.statusCode).toBe(400);
    expect(
      malformed
        .json()
        .fieldErrors.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['playing', 'position', 'viewingId']);
  });
});

describe('gating rules', () => {
  it('passes a lesson without a minimum or exam on opening', async () => {
    const { topics } = await buildCourse(staff, [[0, 1]]);
    const [first, second] = topics[0]?.lessons ?? [];
    const learner = await freshLearner();
    const opened = await learner.post(`user-lesson/update-status/${first?.id}`);
    expect(opened.json()).toMatchObject({ status: 'PASSED', passed: true, requiredSeconds: 0 });
    expect((await lessonsOf(learner, topics[0]?.topic.id ?? 0)).map((l) => [l.id, l.locked])).toEqual([
      [first?.id, false],
      [second?.id, false],
    ]);
  });

  it('unordered course: every topic is open, but lessons keep their order inside a topic', async () => {
    const { course, topics } = await buildCourse(
      staff,
      [
        [1, 1],
        [1, 1],
      ],
      { ordered: 'false' },
    );
    const learner = await freshLearner();
    const thematics = (await learner.get(`my-thematics?course_id=${course.id}`)).json() as TMyThematic[];
    expect(thematics.map((x) => x.open)).toEqual([true, true]);
    for (const { topic } of topics) {
      expect((await lessonsOf(learner, topic.id)).map((l) => l.locked)).toEqual([false, true]);
    }
    const ordered = await buildCourse(staff, [[1], [1]], { ordered: 'true' });
    expect(
      ((await learner.get(`my-thematics?course_id=${ordered.course.id}`)).json() as TMyThematic[]).map(
        (x) => x.open,
      ),
    ).toEqual([true, false]);
    expect((await lessonsOf(learner, ordered.topics[1]?.topic.id ?? 0)).map((l) => l.locked)).toEqual([true]);
  });

  it('needs the exam passed too once the lesson has exam questions', async () => {
    const { course, topics } = await buildCourse(staff, [[0, 1]]);
    const [first, second] = topics[0]?.lessons ?? [];
    const firstId = first?.id ?? 0;
    await setLessonExamQuestionCount(t.database.db, firstId, 5);
    const learner = await freshLearner();
    const opened = await learner.post(`user-lesson/update-status/${firstId}`);
    expect(opened.json()).toMatchObject({
      status: 'STUDYING',
      studyComplete: true,
      hasExam: true,
      passed: false,
    });
    const view = await lessonsOf(learner, topics[0]?.topic.id ?? 0);
    expect(view.map((l) => [l.locked, l.hasExam])).toEqual([
      [false, true],
      [true, false],
    ]);
    const userId = await userIdOf(learner);
    // The SQL twins of the rule agree: study time alone does not count while the exam is not passed.
    const before = (await learner.get(`my-courses/course-percent/${course.id}`)).json();
    expect(before).toMatchObject({ passedLessons: 0, percent: 0 });
    expect(((await learner.get('my-courses')).json() as TMyCourse[])[0]).toMatchObject({ passedLessons: 0 });
    const failed = await recordExamResult(t.database.db, noHandlers, userId, firstId, false, new Date());
    expect(failed).toMatchObject({ status: 'FAILED', passed: false });
    expect((await lessonsOf(learner, topics[0]?.topic.id ?? 0))[0]?.status).toBe('FAILED');
    const passed = await recordExamResult(t.database.db, noHandlers, userId, firstId, true, new Date());
    expect(passed).toMatchObject({ status: 'PASSED', passed: true, examPassed: true });
    expect((await lessonsOf(learner, topics[0]?.topic.id ?? 0)).map((l) => [l.id, l.locked])).toEqual([
      [firstId, false],
      [second?.id, false],
    ]);
    expect((await learner.get(`my-courses/course-percent/${course.id}`)).json()).toMatchObject({
      percent: 50,
    });
    expect(((await learner.get('my-courses')).json() as TMyCourse[])[0]).toMatchObject({ passedLessons: 1 });
  });

  it('records an exam result over a row made or changed after the lesson was read', async () => {
    const { topics } = await buildCourse(staff, [[0, 1]]);
    const firstId = topics[0]?.lessons[0]?.id ?? 0;
    await setLessonExamQuestionCount(t.database.db, firstId, 5);
    const learner = await freshLearner();
    const userId = await userIdOf(learner);
    // Read before the learner has a row, which opening the lesson then makes: the write's insert
    // finds it and the result is written over it.
    const unopened = (await learnerLesson(t.database.db, userId, firstId)).lesson;
    expect(unopened.record).toBeNull();
    expect((await learner.post(`user-lesson/update-status/${firstId}`)).statusCode).toBe(200);
    const failed = await recordExamResult(
      t.database.db,
      noHandlers,
      userId,
      firstId,
      false,
      new Date(),
      unopened,
    );
    expect(failed).toMatchObject({ status: 'FAILED', passed: false });
    // Read at a version another write then moves on: the write misses, reads the row again and lands.
    const stale = (await learnerLesson(t.database.db, userId, firstId)).lesson;
    await recordExamResult(t.database.db, noHandlers, userId, firstId, false, new Date());
    const passed = await recordExamResult(
      t.database.db,
      noHandlers,
      userId,
      firstId,
      true,
      new Date(),
      stale,
    );
    expect(passed).toMatchObject({ status: 'PASSED', passed: true, examPassed: true });
    expect((await lessonsOf(learner, topics[0]?.topic.id ?? 0))[0]?.status).toBe('PASSED');
  });
});

describe('course completion', () => {
  it('takes the same completion lock from a lesson in SQL as from its course in the process', async () => {
    const { course, topics } = await buildCourse(staff, [[0]]);
    const lessonId = topics[0]?.lessons[0]?.id ?? 0;
    const userId = 123_456;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select ${completionLockOfLessonSql(sql`${userId}`, sql`${lessonId}`)}`);
      const held = await tx.execute(
        sql`select classid::bigint::text as hi, objid::bigint::text as lo from pg_locks
            where locktype = 'advisory' and pid = pg_backend_pid()`,
      );
      const keys = (held as unknown as { rows: { hi: string; lo: string }[] }).rows.map((r) =>
        ((BigInt(r.hi) << 32n) | BigInt(r.lo)).toString(),
      );
      expect(keys).toEqual([completionLockKey(userId, course.id)]);
    });
  });
});

async function userIdOf(client: ApiClient): Promise<number> {
  const res = await client.get('users/info');
  return (res.json() as { id: number }).id;
}
