import type { TMyCourse, TMyLesson, TMyThematic } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { insertCourses } from '../../../test/courses';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';

/**
 * The learner's pages answer with a constant number of SQL statements whatever the number of
 * courses, topics and lessons: each call is measured on a small and on a large data set.
 */

let t: TestApp;
let student: ApiClient;
let admin: ApiClient;
let anonymous: ApiClient;
let small: { courseIds: number[]; topicIds: number[] };
let large: { courseIds: number[]; topicIds: number[] };

beforeAll(async () => {
  t = await createTestApp();
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  anonymous = apiClient(t.app, undefined);
  const info = (await student.get('users/info')).json() as { id: number };
  const base = { serviceId: 1, learnerId: info.id };
  small = await insertCourses(t.database.db, { ...base, count: 1, topicsPer: 1, lessonsPer: 2 });
  large = await insertCourses(t.database.db, { ...base, count: 40, topicsPer: 6, lessonsPer: 8 });
});
afterAll(() => t.close());

/** Runs a call and returns its SQL statement count (the guard's principal lookup included). */
async function statementsOf(call: () => Promise<{ statusCode: number; body: string }>): Promise<number> {
  t.database.queries.reset();
  const res = await call();
  expect(res.statusCode, res.body).toBe(200);
  return t.database.queries.count;
}

describe('constant number of queries', () => {
  it('my courses: the same for a newcomer with one course as for a learner with 45', async () => {
    const newcomer = await clientAs(t.app, 'E1013');
    expect((await newcomer.post('user-lesson/update-status/14')).statusCode).toBe(200);
    const few = (await newcomer.get('my-courses')).json() as TMyCourse[];
    const many = (await student.get('my-courses')).json() as TMyCourse[];
    expect(few).toHaveLength(1);
    expect(many.length).toBeGreaterThan(40);
    const forFew = await statementsOf(() => newcomer.get('my-courses'));
    const forMany = await statementsOf(() => student.get('my-courses'));
    // The principal, then the learner's courses with their records.
    expect([forFew, forMany]).toEqual([2, 2]);
    const historyFew = await statementsOf(() => newcomer.get('my-courses/history'));
    const historyMany = await statementsOf(() => student.get('my-courses/history'));
    expect([historyFew, historyMany]).toEqual([2, 2]);
  });

  it('course page: courses/{id} and my-thematics, the same for 2 lessons as for 48', async () => {
    const smallId = small.courseIds[0];
    const largeId = large.courseIds[0];
    const pageSmall = await statementsOf(() => anonymous.get(`courses/${smallId}`));
    const pageLarge = await statementsOf(() => anonymous.get(`courses/${largeId}`));
    expect([pageSmall, pageLarge]).toEqual([2, 2]);
    const topicsSmall = await statementsOf(() => student.get(`my-thematics?course_id=${smallId}`));
    const topicsLarge = await statementsOf(() => student.get(`my-thematics?course_id=${largeId}`));
    expect([topicsSmall, topicsLarge]).toEqual([2, 2]);
    const thematics = (await student.get(`my-thematics?course_id=${largeId}`)).json() as TMyThematic[];
    expect(thematics).toHaveLength(6);
    const percent = await statementsOf(() => student.get(`my-courses/course-percent/${largeId}`));
    expect(percent).toBe(2);
  });

  it('topic page: my-lessons and a lesson, the same for 2 lessons as for 8 in a 48-lesson course', async () => {
    const lessonsSmall = await statementsOf(() => student.get(`my-lessons?thematic_id=${small.topicIds[0]}`));
    const lastTopic = large.topicIds[5];
    const lessonsLarge = await statementsOf(() => student.get(`my-lessons?thematic_id=${lastTopic}`));
    expect([lessonsSmall, lessonsLarge]).toEqual([2, 2]);
    const lessons = (await student.get(`my-lessons?thematic_id=${lastTopic}`)).json() as TMyLesson[];
    expect(lessons).toHaveLength(8);
    const content = await statementsOf(() => student.get(`lessons/${lessons[0]?.id}`));
    expect(content).toBeLessThanOrEqual(3);
  });

  it('home page and management list: the same for few courses as for many', async () => {
    const featured = await statementsOf(() => anonymous.get('course?required=true'));
    expect(featured).toBe(1);
    const pageOfTwo = await statementsOf(() => admin.get('courses?size=2'));
    const pageOfAll = await statementsOf(() => admin.get('courses?size=100'));
    expect([pageOfTwo, pageOfAll]).toEqual([3, 3]);
    const byService = await statementsOf(() => anonymous.get('coursesbytrademark/1'));
    expect(byService).toBe(1);
  });
});
