import { MESSAGES, type TProgressRow, type TProgressSummary } from '@academy/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { buildCourse, grantCourseActions } from '../../../test/courses';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { setupExam, takeExam } from '../exams/testing';

/**
 * Issue 20: a branch manager's progress report, dashboard, export, learner pages and login
 * history hold the learners of their branch only. Demo data: E1001 is the "Branch manager" of
 * Skyline Mobile Hanoi (branch 1); E1002 learns there, E1004 in Da Nang (branch 2).
 */
let t: TestApp;
let admin: ApiClient;
let branchManager: ApiClient;
let courseId: number;
let hanoiLearnerId: number;
let daNangLearnerId: number;

async function idOf(client: ApiClient): Promise<number> {
  return ((await client.get('users/info')).json() as { id: number }).id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  await grantCourseActions(admin);
  branchManager = await clientAs(t.app, 'E1001');
  const built = await buildCourse(admin, [[0]], { name: 'Scoped report course' });
  courseId = built.course.id;
  const lessonId = built.topics[0]?.lessons[0]?.id;
  for (const code of ['E1002', 'E1004']) {
    const learner = await clientAs(t.app, code);
    const opened = await learner.post(`user-lesson/update-status/${lessonId}`);
    expect(opened.statusCode, opened.body).toBe(200);
  }
  hanoiLearnerId = await idOf(await clientAs(t.app, 'E1002'));
  daNangLearnerId = await idOf(await clientAs(t.app, 'E1004'));
});
afterAll(() => t.close());

describe('a branch manager', () => {
  it('sees only the learners of their branch in the progress report', async () => {
    const everyone = (await admin.get(`progress?courseId=${courseId}`)).json() as TProgressRow[];
    expect(everyone.map((row) => row.employeeCode).sort()).toEqual(['E1002', 'E1004']);
    const response = await branchManager.get(`progress?courseId=${courseId}`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as TProgressRow[]).map((row) => row.employeeCode)).toEqual(['E1002']);
    expect(response.headers['x-total-count']).toBe('1');
    const asked = await branchManager.get(`progress?courseId=${courseId}&branchId=2`);
    expect(asked.headers['x-total-count']).toBe('0');
  });

  it('gets a dashboard counted over their branch only', async () => {
    const summary = (
      await branchManager.get(`progress/summary?courseId=${courseId}`)
    ).json() as TProgressSummary;
    const hanoi = (await admin.get(`progress/summary?courseId=${courseId}&branchId=1`)).json();
    expect(summary).toEqual(hanoi);
  });

  it('exports only their branch', async () => {
    const response = await branchManager.get(`progress/export?courseId=${courseId}`);
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const codes = new Set<string>();
    book.worksheets[0]?.eachRow((row, number) => {
      if (number > 1) codes.add(String(row.getCell(1).value));
    });
    expect([...codes]).toEqual(['E1002']);
  });

  it('sees and unlocks the exam attempts and locks of their branch only', async () => {
    const exam = await setupExam(admin, { maxFailed: 1, required: 2 });
    for (const code of ['E1002', 'E1004']) {
      expect((await takeExam(await clientAs(t.app, code), exam.examId, 0)).passed).toBe(false);
    }
    const standings = (await branchManager.get(`exam-standings?examId=${exam.examId}&locked=true`)).json();
    expect((standings as Array<{ employeeCode: string }>).map((s) => s.employeeCode)).toEqual(['E1002']);
    const attempts = await branchManager.get(`exam-attempts?examId=${exam.examId}`);
    expect((attempts.json() as Array<{ employeeCode: string }>).map((a) => a.employeeCode)).toEqual([
      'E1002',
    ]);
    expect(attempts.headers['x-total-count']).toBe('1');
    const refused = await branchManager.post(`exams/${exam.examId}/unlock`, { userId: daNangLearnerId });
    expect(refused.statusCode).toBe(404);
    const stillLocked = await admin.get(`exam-standings?examId=${exam.examId}&locked=true`);
    expect(stillLocked.headers['x-total-count']).toBe('2');
    const unlocked = await branchManager.post(`exams/${exam.examId}/unlock`, { userId: hanoiLearnerId });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
  });

  it('cannot open the progress or the sign-ins of a learner of another branch', async () => {
    expect((await branchManager.get(`progress/users/${hanoiLearnerId}`)).statusCode).toBe(200);
    expect((await branchManager.get(`progress/users/${hanoiLearnerId}/login-history`)).statusCode).toBe(200);
    for (const path of [
      `progress/users/${daNangLearnerId}`,
      `progress/users/${daNangLearnerId}/login-history`,
    ]) {
      const response = await branchManager.get(path);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGES.userNotFound);
    }
  });
});
