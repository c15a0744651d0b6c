import path from 'node:path';
import {
  PACKAGE_EXPORT_COLUMNS,
  PACKAGE_EXPORT_SHEET,
  type TLearnerProgress,
  type TMyProgress,
  type TScormLaunch,
} from '@academy/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { addCourse, addLesson, addTopic } from '../../../test/courses';
import { type MadeUser, makeUser } from '../../../test/factories';
import { formData, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { scormPackage } from '../scorm/testing';

/**
 * SCORM lessons in the progress reports (issue 25, point 5; decision 150): the lesson passes by
 * study's rule (its package passed), a package that reports failed fails it, and the progress
 * detail, My progress and the export show each package's status, score, time and attempts.
 */

let t: TestApp;
let admin: ApiClient;
/** Passes course P's lesson; fails course F's. */
let achiever: MadeUser;
/** Opens course P's lesson, not finished. */
let halfway: MadeUser;
let passCourse: { id: number; name: string; lessonId: number };
let failCourse: { id: number; name: string; lessonId: number };

/** A course of one SCORM lesson (no minimum study time, no exam: only its package decides). */
async function scormCourse(name: string, settings?: { maxAttempts: number; passMark: number | null }) {
  const course = await addCourse(admin, { name });
  const topic = await addTopic(admin, course.id);
  const lesson = await addLesson(admin, topic.id, {
    name: `${name} package`,
    videoKind: 'scorm',
    minStudyMinutes: 0,
  });
  const res = await admin.put(
    `lessons/${lesson.id}/package`,
    formData({}, { file: [scormPackage(), 'package.zip', 'application/zip'] }),
  );
  expect(res.statusCode, res.body).toBe(200);
  if (settings) expect((await admin.patch(`lessons/${lesson.id}/package`, settings)).statusCode).toBe(200);
  return { id: course.id, name, lessonId: lesson.id };
}

async function launch(client: ApiClient, lessonId: number): Promise<TScormLaunch> {
  const res = await client.post(`lessons/${lessonId}/scorm/launch`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function commit(url: string, core: Record<string, unknown>) {
  const res = await t.app.contentApp.inject({
    method: 'POST',
    url: `${new URL(url).pathname}commit`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ runtimeData: { cmi: { core } } }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  const dataDir = await tempDataDir();
  t = await createTestApp({ env: { DATA_DIR: path.join(dataDir) } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  passCourse = await scormCourse('Packaged pass course');
  failCourse = await scormCourse('Packaged fail course', { maxAttempts: 2, passMark: 80 });
  achiever = await makeUser(t.app, { fullName: 'Package learner Achiever' });
  halfway = await makeUser(t.app, { fullName: 'Package learner Halfway' });

  const passed = await launch(achiever.client, passCourse.lessonId);
  await commit(passed.url, { lesson_status: 'passed', score: { raw: '90', min: '0', max: '100' } });
  const failed = await launch(achiever.client, failCourse.lessonId);
  await commit(failed.url, { lesson_status: 'failed', score: { raw: '40', min: '0', max: '100' } });
  const started = await launch(halfway.client, passCourse.lessonId);
  await commit(started.url, { lesson_status: 'incomplete', lesson_location: '2' });
}, 60_000);
afterAll(() => t.close());

const courseOf = (progress: TLearnerProgress | TMyProgress, courseId: number) =>
  progress.courses.find((c) => c.courseId === courseId);

describe('SCORM lessons in the progress reports', () => {
  it('a lesson whose package passed is passed, with its status, score, time and attempts', async () => {
    const detail = (await admin.get(`progress/users/${achiever.id}`)).json() as TLearnerProgress;
    const course = courseOf(detail, passCourse.id);
    expect(course).toMatchObject({ status: 'PASSED', percent: 100, passedLessons: 1 });
    expect(course?.lessons).toEqual([
      expect.objectContaining({
        id: passCourse.lessonId,
        contentKind: 'scorm',
        status: 'PASSED',
        passed: true,
        package: {
          kind: 'scorm',
          status: 'PASSED',
          scorePercent: 90,
          totalSeconds: expect.any(Number),
          attempts: 1,
          maxAttempts: 0,
          lastAt: expect.any(String),
        },
      }),
    ]);
  });

  it('a lesson whose package reported failed is failed, and so is its course', async () => {
    const detail = (await admin.get(`progress/users/${achiever.id}`)).json() as TLearnerProgress;
    const course = courseOf(detail, failCourse.id);
    expect(course).toMatchObject({ status: 'FAILED', percent: 0 });
    expect(course?.lessons[0]).toMatchObject({
      status: 'FAILED',
      passed: false,
      package: { status: 'FAILED', scorePercent: 40, attempts: 1, maxAttempts: 2 },
    });
    const rows = (await admin.get(`progress?courseId=${failCourse.id}`)).json() as { status: string }[];
    expect(rows.map((r) => r.status)).toEqual(['FAILED']);
  });

  it('a lesson launched and not finished by its package is not passed, though it asks no study time', async () => {
    const detail = (await admin.get(`progress/users/${halfway.id}`)).json() as TLearnerProgress;
    const course = courseOf(detail, passCourse.id);
    expect(course).toMatchObject({ status: 'STUDYING', percent: 0, passedLessons: 0 });
    expect(course?.lessons[0]).toMatchObject({
      status: 'STUDYING',
      passed: false,
      passedAt: null,
      package: { status: 'STUDYING', scorePercent: null, attempts: 1 },
    });
  });

  it('My progress shows the learner the same', async () => {
    const mine = (await achiever.client.get('my-progress')).json() as TMyProgress;
    expect(courseOf(mine, passCourse.id)?.lessons[0]).toMatchObject({
      passed: true,
      package: { status: 'PASSED', scorePercent: 90 },
    });
    expect(courseOf(mine, failCourse.id)?.lessons[0]).toMatchObject({
      status: 'FAILED',
      package: { status: 'FAILED', scorePercent: 40 },
    });
  });

  it('a new attempt that passes turns the failed lesson passed', async () => {
    const learner = await makeUser(t.app);
    const first = await launch(learner.client, failCourse.lessonId);
    await commit(first.url, { lesson_status: 'completed', score: { raw: '70', min: '0', max: '100' } });
    let lesson = courseOf(
      (await admin.get(`progress/users/${learner.id}`)).json() as TLearnerProgress,
      failCourse.id,
    )?.lessons[0];
    // Completed under the pass mark: finished without passing.
    expect(lesson).toMatchObject({ status: 'FAILED', package: { status: 'FAILED', scorePercent: 70 } });
    const res = await learner.client.post(`lessons/${failCourse.lessonId}/scorm/launch?newAttempt=true`);
    expect(res.statusCode, res.body).toBe(200);
    await commit((res.json() as TScormLaunch).url, {
      lesson_status: 'completed',
      score: { raw: '85', min: '0', max: '100' },
    });
    lesson = courseOf(
      (await admin.get(`progress/users/${learner.id}`)).json() as TLearnerProgress,
      failCourse.id,
    )?.lessons[0];
    expect(lesson).toMatchObject({
      status: 'PASSED',
      passed: true,
      package: { status: 'PASSED', scorePercent: 85, attempts: 2, maxAttempts: 2 },
    });
  });

  it('the export has a sheet of package lessons: status, lesson passed, score, time, attempts', async () => {
    const res = await admin.get('progress/export?q=Package learner');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const courses = (workbook.getWorksheet('Progress')?.getSheetValues() ?? []).filter(
      Boolean,
    ) as unknown[][];
    expect(courses.slice(1).map((r) => [r[1], r[6], r[10]])).toEqual([
      [achiever.employeeCode, failCourse.name, 'Failed'],
      [achiever.employeeCode, passCourse.name, 'Passed'],
      [halfway.employeeCode, passCourse.name, 'In progress'],
    ]);
    const sheet = workbook.getWorksheet(PACKAGE_EXPORT_SHEET);
    const [header, ...data] = ((sheet?.getSheetValues() ?? []).filter(Boolean) as unknown[][]).map((r) =>
      r.slice(1),
    );
    expect(header).toEqual(
      PACKAGE_EXPORT_COLUMNS.map((c) =>
        c.key === 'lastAt' ? `${c.header} (${t.config.timeZone})` : c.header,
      ),
    );
    expect(data.map((r) => r.slice(0, 11))).toEqual([
      [
        achiever.employeeCode,
        'Package learner Achiever',
        failCourse.name,
        `${failCourse.name} package`,
        'SCORM',
        'Failed',
        'No',
        0.4,
        // A duration cell (ExcelJS reads [h]:mm:ss back as a time of day).
        expect.any(Date),
        1,
        2,
      ],
      [
        achiever.employeeCode,
        'Package learner Achiever',
        passCourse.name,
        `${passCourse.name} package`,
        'SCORM',
        'Passed',
        'Yes',
        0.9,
        // A duration cell (ExcelJS reads [h]:mm:ss back as a time of day).
        expect.any(Date),
        1,
        'Unlimited',
      ],
      [
        halfway.employeeCode,
        'Package learner Halfway',
        passCourse.name,
        `${passCourse.name} package`,
        'SCORM',
        'In progress',
        'No',
        undefined,
        // A duration cell (ExcelJS reads [h]:mm:ss back as a time of day).
        expect.any(Date),
        1,
        'Unlimited',
      ],
    ]);
    expect(data[0]?.[11]).toBeInstanceOf(Date);
    // Time is a duration cell, score a percentage.
    expect([sheet?.getRow(2).getCell(8).numFmt, sheet?.getRow(2).getCell(9).numFmt]).toEqual([
      '0%',
      '[h]:mm:ss',
    ]);

    // The first sheet's filters hold on the second: one course only.
    const one = await admin.get(`progress/export?q=Package learner&courseId=${failCourse.id}`);
    const oneBook = new ExcelJS.Workbook();
    await oneBook.xlsx.load(one.rawPayload as unknown as ArrayBuffer);
    const oneRows = (oneBook.getWorksheet(PACKAGE_EXPORT_SHEET)?.getSheetValues() ?? []).filter(
      Boolean,
    ) as unknown[][];
    expect(oneRows.slice(1).map((r) => r[3])).toEqual([failCourse.name]);
  });
});
