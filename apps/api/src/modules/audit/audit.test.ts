import { forbiddenMessage, type TAuditEvent, type TUserDetail } from '@academy/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientFor } from '../../../test/client';
import { grantCourseActions } from '../../../test/courses';
import { anyPlace, makeUser, userEditBody } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { setupExam, takeExam } from '../exams/testing';
import { pruneAuditEvents } from './service';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
});
afterAll(() => t.close());

async function events(query: string): Promise<{ rows: TAuditEvent[]; total: number }> {
  const response = await admin.get(`audit-events?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json() as TAuditEvent[], total: Number(response.headers['x-total-count']) };
}

describe('the audit trail', () => {
  it('records who created, changed, stopped and deleted a user, with fields before and after and never a password', async () => {
    const created = await admin.post('users', {
      employeeCode: 'AUDIT1',
      fullName: 'Audited Person',
      email: 'audited@example.com',
      password: 'Welcome@2026',
      ...(await anyPlace(t.app)),
    });
    expect(created.statusCode).toBe(201);
    const user = created.json() as TUserDetail;
    await admin.put(
      `users/${user.id}`,
      userEditBody(user, { fullName: 'Audited Renamed', password: 'Reset@2026' }),
    );
    await admin.patch(`users/${user.id}/access`, { access: 'STOPPED' });
    expect((await admin.delete(`users/${user.id}`)).statusCode).toBe(204);

    const { rows } = await events(`entityType=users&entityId=${user.id}`);
    expect(rows.map((event) => event.action)).toEqual(['delete', 'access', 'update', 'create']);
    const [deleted, access, update, create] = rows;
    expect(create).toMatchObject({
      actorCode: 'admin',
      route: 'POST /users',
      changes: { fullName: { after: 'Audited Person' } },
    });
    expect(create?.requestId).toBeTruthy();
    expect(update?.changes).toEqual({ fullName: { before: 'Audited Person', after: 'Audited Renamed' } });
    expect(access?.changes).toEqual({ access: { before: 'ALLOWED', after: 'STOPPED' } });
    expect(deleted?.changes.employeeCode).toEqual({ before: 'AUDIT1' });
    expect(JSON.stringify(rows)).not.toMatch(/Welcome@2026|Reset@2026|password/i);
  });

  it('records an exam unlock with the learner', async () => {
    await grantCourseActions(admin);
    const exam = await setupExam(admin, { maxFailed: 1, required: 2 });
    const learner = await makeUser(t.app);
    expect((await takeExam(learner.client, exam.examId, 0)).passed).toBe(false);
    const unlocked = await admin.post(`exams/${exam.examId}/unlock`, { userId: learner.id });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const { rows } = await events(`action=unlock&entityId=${exam.examId}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityType: 'exams', changes: { userId: { after: learner.id } } });
  });

  it('filters by actor, entity, action and day, pages with x-total-count, and exports to Excel', async () => {
    const manager = await makeUser(t.app, { permissions: ['NEWS_MANAGEMENT'] });
    const category = await manager.client.post('news-categories', { name: 'Audited category' });
    expect(category.statusCode, category.body).toBe(201);
    const { rows, total } = await events(`actor=${manager.employeeCode.toLowerCase()}&size=1`);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ action: 'create', entityType: 'news-categories' });
    const today = new Date().toISOString().slice(0, 10);
    expect((await events(`actor=${manager.employeeCode}&from=${today}&to=${today}`)).total).toBe(1);
    expect((await events(`actor=${manager.employeeCode}&to=2000-01-01`)).total).toBe(0);

    const exported = await admin.get(`audit-events/export?actor=${manager.employeeCode}`);
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    expect(sheet?.getRow(2).getCell(2).value).toBe(manager.employeeCode);
  });

  it('records a sign-in through the provider, with who and from where', async () => {
    const { employeeCode, password } = DEMO_ACCOUNTS.student;
    const student = await clientFor(t.app, employeeCode, password);
    const id = ((await student.get('users/info')).json() as { id: number }).id;
    const { rows } = await events(`action=sign-in&actor=${employeeCode}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: id, entityType: 'users', entityId: String(id), changes: {} });
    expect(rows[0]?.ip).toBeTruthy();
  });

  it('is read by administrators only', async () => {
    const manager = await makeUser(t.app, { permissions: ['USER_MANAGEMENT', 'PERMISSION_MANAGEMENT'] });
    const refused = await manager.client.get('audit-events');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(forbiddenMessage('view the audit log'));
    expect((await manager.client.get('audit-events/export')).statusCode).toBe(403);
  });

  it('is append-only: no route changes or deletes an event, nor does the database; only the retention prune removes old ones', async () => {
    const routes = t.app.routeAccessTable.filter((route) => route.url.includes('/audit-events'));
    expect(new Set(routes.map((route) => route.method))).toEqual(new Set(['GET', 'HEAD']));
    const { db } = t.database;
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'changed',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(db.execute(sql`update audit_events set action = 'update'`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from audit_events`))).toMatch(/append-only/);
    const before = (await events('size=1')).total;
    expect(before).toBeGreaterThan(0);
    expect(await pruneAuditEvents(db, 1)).toBe(0);
    expect(await pruneAuditEvents(db, 1, new Date(Date.now() + 2 * 86_400_000))).toBe(before);
    expect((await events('size=1')).total).toBe(0);
  });
});
