import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/client';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { createCredential } from './credentials';
import { XAPI_PREFIX } from './lrs-routes';
import { STATEMENT_COUNT_CAP } from './statement-report';

/**
 * The statements report (issue 26, point 5): administrators list what the LRS holds by actor,
 * verb, activity and time, a page at a time, and export it; nobody else reads it.
 */
let t: TestApp;
let admin: ApiClient;
let basic: string;

const VERB = (name: string) => `http://adlnet.gov/expapi/verbs/${name}`;
const ACTIVITY = (n: number) => `https://report.example/activities/${n}`;

function post(body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `${XAPI_PREFIX}/statements`,
    headers: {
      authorization: basic,
      'x-experience-api-version': '1.0.3',
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
}

const statement = (actor: object, verb: string, activity: number, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  actor,
  verb: { id: VERB(verb), display: { 'en-US': verb } },
  object: { id: ACTIVITY(activity), definition: { name: { 'en-US': `Activity ${activity}` } } },
  ...extra,
});

let employee: object;
const visitor = { name: 'Visitor', mbox: 'mailto:Visitor@Example.com' };
let firstBatchAt: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  const made = await createCredential(t.database.db, {
    name: 'Simulator',
    canRead: true,
    canWrite: true,
    createdBy: null,
  });
  basic = `Basic ${Buffer.from(`${made.key}:${made.secret}`).toString('base64')}`;
  employee = { name: 'The student', account: { homePage: t.config.publicUrl, name: 'student' } };
  const first = await post([
    statement(employee, 'completed', 1, {
      result: { success: true, completion: true, score: { scaled: 0.9 } },
    }),
    statement(employee, 'experienced', 1),
    statement(visitor, 'completed', 2),
  ]);
  expect(first.statusCode, first.body).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 20));
  firstBatchAt = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const second = await post([statement(employee, 'completed', 2), statement(visitor, 'experienced', 2)]);
  expect(second.statusCode, second.body).toBe(200);
  // A voided statement is not in the report; the voiding one is.
  const [voidedId] = (await post(statement(visitor, 'failed', 3))).json() as string[];
  await post({
    actor: visitor,
    verb: { id: VERB('voided'), display: { 'en-US': 'voided' } },
    object: { objectType: 'StatementRef', id: voidedId },
  });
});
afterAll(() => t.close());

type Row = {
  id: string;
  actor: { name: string | null; id: string };
  verb: { id: string; display: string | null };
  object: { type: string; id: string; name: string | null };
  result: { success: boolean | null; scaled: number | null } | null;
  source: string | null;
};

async function list(query: string): Promise<{ rows: Row[]; total: number }> {
  const res = await admin.get(`xapi/statements?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as Row[], total: Number(res.headers['x-total-count']) };
}

describe('the statements report', () => {
  it('lists every statement newest first with the parts a person reads, voided ones left out', async () => {
    const { rows, total } = await list('');
    expect(total).toBe(6);
    // The voided "failed" is not listed; the statement voiding it is.
    expect(rows.map((r) => r.verb.display)).toEqual([
      'voided',
      'experienced',
      'completed',
      'completed',
      'experienced',
      'completed',
    ]);
    const oldest = rows.at(-1) as Row;
    expect(oldest).toMatchObject({
      actor: { name: 'The student', id: 'student' },
      verb: { id: VERB('completed'), display: 'completed' },
      object: { type: 'Activity', id: ACTIVITY(1), name: 'Activity 1' },
      result: { success: true, scaled: 0.9 },
      source: 'Simulator',
    });
    expect(rows.find((r) => r.actor.name === 'Visitor')?.actor.id).toBe('Visitor@Example.com');
  });

  it('filters by actor (employee code, email or agent JSON), verb, activity and time, and pages', async () => {
    expect((await list('actor=student')).total).toBe(3);
    expect((await list('actor=visitor@example.com')).total).toBe(3);
    const agent = encodeURIComponent(JSON.stringify({ mbox: 'mailto:visitor@example.com' }));
    expect((await list(`actor=${agent}`)).total).toBe(3);
    expect((await list(`verb=${encodeURIComponent(VERB('completed'))}`)).total).toBe(3);
    const both = await list(
      `actor=student&verb=${encodeURIComponent(VERB('completed'))}&activity=${encodeURIComponent(ACTIVITY(2))}`,
    );
    expect(both.total).toBe(1);
    expect(both.rows[0]?.object.id).toBe(ACTIVITY(2));
    expect((await list(`since=${encodeURIComponent(firstBatchAt)}`)).total).toBe(3);
    expect((await list(`until=${encodeURIComponent(firstBatchAt)}`)).total).toBe(3);
    const page = await list('page=1&size=5');
    expect(page.total).toBe(6);
    expect(page.rows).toHaveLength(1);
  });

  it('counts at most 10,000 matches and says when more match', async () => {
    await t.database.db.execute(sql`
      insert into xapi_statements (id, stored, statement, actor_key, verb_id, object_activity_id,
        related_agents, related_activities, attachment_hashes)
      select gen_random_uuid(), now(), '{"actor":{"mbox":"mailto:many@example.com"},"verb":{"id":"https://report.example/verbs/drilled"}}'::jsonb,
        'mbox:mailto:many@example.com', 'https://report.example/verbs/drilled', null, '{}', '{}', '{}'
      from generate_series(1, ${STATEMENT_COUNT_CAP + 1})`);
    const res = await admin.get(
      `xapi/statements?verb=${encodeURIComponent('https://report.example/verbs/drilled')}&size=1`,
    );
    expect(res.headers['x-total-count']).toBe(String(STATEMENT_COUNT_CAP));
    expect(res.headers['x-total-more']).toBe('true');
    const few = await admin.get(`xapi/statements?verb=${encodeURIComponent(VERB('completed'))}`);
    expect(few.headers['x-total-more']).toBeUndefined();
    await t.database.db.execute(
      sql`delete from xapi_statements where actor_key = 'mbox:mailto:many@example.com'`,
    );
  });

  it('refuses filters it cannot read with 400 and the reason', async () => {
    const notIri = await admin.get('xapi/statements?verb=completed');
    expect(notIri.statusCode).toBe(400);
    expect(notIri.json().message).toMatch(/IRI/);
    expect((await admin.get('xapi/statements?since=yesterday')).statusCode).toBe(400);
    expect((await admin.get(`xapi/statements?actor=${encodeURIComponent('{"name":"x"}')}`)).statusCode).toBe(
      400,
    );
    expect((await admin.get('xapi/statements/export?verb=completed')).statusCode).toBe(400);
    expect((await admin.get('xapi/statements/export?format=pdf')).statusCode).toBe(400);
  });

  it('exports the filtered statements as an Excel workbook and as JSON, as stored', async () => {
    const completed = encodeURIComponent(VERB('completed'));
    const xlsx = await admin.get(`xapi/statements/export?verb=${completed}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/xapi-statements-.*\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Statements');
    if (!sheet) throw new Error('no Statements sheet');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).getCell(1).value).toBe('Stored (UTC)');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1).value;
    expect(cell(2, 'Stored (UTC)')).toBeInstanceOf(Date);
    expect([cell(2, 'Verb'), cell(3, 'Verb'), cell(4, 'Verb')]).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    expect(cell(4, 'Actor id')).toBe('student');
    expect(cell(4, 'Score')).toBe(0.9);
    expect(cell(4, 'Source')).toBe('Simulator');

    const json = await admin.get(`xapi/statements/export?format=json&actor=student&verb=${completed}`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/application\/json/);
    const statements = json.json() as Array<{ verb: { id: string }; actor: { account: { name: string } } }>;
    expect(statements).toHaveLength(2);
    expect(
      statements.every((s) => s.verb.id === VERB('completed') && s.actor.account.name === 'student'),
    ).toBe(true);
    const none = await admin.get(`xapi/statements/export?format=json&actor=nobody`);
    expect(none.json()).toEqual([]);
  });

  it('is for administrators only', async () => {
    for (const code of [DEMO_ACCOUNTS.staff.employeeCode, DEMO_ACCOUNTS.student.employeeCode]) {
      const other = await clientAs(t.app, code);
      expect((await other.get('xapi/statements')).statusCode).toBe(403);
      expect((await other.get('xapi/statements/export')).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/services/core/api/xapi/statements' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("lists a key's last use", async () => {
    const keys = (await admin.get('xapi/credentials')).json() as Array<{
      name: string;
      lastUsedAt: string | null;
    }>;
    const simulator = keys.find((k) => k.name === 'Simulator');
    expect(simulator?.lastUsedAt).toBeTruthy();
    const made = (
      await admin.post('xapi/credentials', { name: 'Unused', read: true, write: false })
    ).json() as {
      id: number;
    };
    const listed = (await admin.get('xapi/credentials')).json() as Array<{
      id: number;
      lastUsedAt: string | null;
    }>;
    expect(listed.find((k) => k.id === made.id)?.lastUsedAt).toBeNull();
  });
});
