import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { createCredential } from './credentials';
import { XAPI_PREFIX } from './lrs-routes';

/**
 * The learning record store as another system meets it (xAPI 1.0.3). The ADL conformance suite
 * checks the whole specification (docs/xapi.md); these tests pin the academy's own rules: keys,
 * scopes, all-or-nothing batches, voiding, queries and document concurrency.
 */
let t: TestApp;
let basic: string;
let readOnly: string;

const auth = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

function lrs(
  method: InjectOptions['method'],
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; as?: string } = {},
) {
  return t.app.inject({
    method,
    url: `${XAPI_PREFIX}/${path}`,
    headers: {
      authorization: options.as ?? basic,
      'x-experience-api-version': '1.0.3',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

const learner = (n = 1) => ({
  objectType: 'Agent',
  name: `Learner ${n}`,
  mbox: `mailto:learner${n}@example.com`,
});
const statement = (extra: Record<string, unknown> = {}) => ({
  actor: learner(),
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  object: { id: 'https://academy.example/courses/1', definition: { name: { 'en-US': 'Safety at work' } } },
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  const made = await createCredential(t.database.db, {
    name: 'Test',
    canRead: true,
    canWrite: true,
    createdBy: null,
  });
  basic = auth(made.key, made.secret);
  const reader = await createCredential(t.database.db, {
    name: 'Reader',
    canRead: true,
    canWrite: false,
    createdBy: null,
  });
  readOnly = auth(reader.key, reader.secret);
});
afterAll(() => t.close());

describe('the learning record store', () => {
  it('refuses a call without a valid key, and a call without the version header', async () => {
    const anonymous = await lrs('GET', 'statements', { as: '' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toContain('Basic');
    expect((await lrs('GET', 'statements', { as: auth('nobody', 'wrong') })).statusCode).toBe(401);
    const noVersion = await t.app.inject({
      method: 'GET',
      url: `${XAPI_PREFIX}/statements`,
      headers: { authorization: basic },
    });
    expect(noVersion.statusCode).toBe(400);
    const about = await t.app.inject({ method: 'GET', url: `${XAPI_PREFIX}/about` });
    expect(about.statusCode).toBe(200);
    expect(about.json().version).toContain('1.0.3');
    expect(about.headers['x-experience-api-version']).toBe('1.0.3');
  });

  it('a read-only key reads but cannot write', async () => {
    expect((await lrs('GET', 'statements', { as: readOnly })).statusCode).toBe(200);
    expect((await lrs('POST', 'statements', { as: readOnly, body: statement() })).statusCode).toBe(403);
  });

  it('stores a statement with the authority of its key, and answers it by id', async () => {
    const posted = await lrs('POST', 'statements', { body: statement() });
    expect(posted.statusCode, posted.body).toBe(200);
    const [id] = posted.json() as string[];
    const got = await lrs('GET', `statements?statementId=${id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      id,
      version: '1.0.0',
      authority: { account: { name: expect.any(String) } },
    });
    expect(got.headers['x-experience-api-consistent-through']).toBeTruthy();
  });

  it('stores a batch all or nothing: one bad statement refuses every one', async () => {
    const good = { ...statement(), id: randomUUID() };
    const bad = { ...statement(), verb: { id: 'not an iri' } };
    const res = await lrs('POST', 'statements', { body: [good, bad] });
    expect(res.statusCode).toBe(400);
    expect((await lrs('GET', `statements?statementId=${good.id}`)).statusCode).toBe(404);
  });

  it('keeps the first statement of an id: the same again is accepted, other content is a conflict', async () => {
    const id = randomUUID();
    expect((await lrs('PUT', `statements?statementId=${id}`, { body: statement() })).statusCode).toBe(204);
    expect((await lrs('PUT', `statements?statementId=${id}`, { body: statement() })).statusCode).toBe(204);
    const other = await lrs('PUT', `statements?statementId=${id}`, {
      body: statement({ actor: learner(2) }),
    });
    expect(other.statusCode).toBe(409);
  });

  it('a voided statement is found only by voidedStatementId, and the voiding statement stays', async () => {
    const [target] = (await lrs('POST', 'statements', { body: statement() })).json() as string[];
    const voiding = await lrs('POST', 'statements', {
      body: {
        actor: learner(),
        verb: { id: 'http://adlnet.gov/expapi/verbs/voided' },
        object: { objectType: 'StatementRef', id: target },
      },
    });
    expect(voiding.statusCode).toBe(200);
    expect((await lrs('GET', `statements?statementId=${target}`)).statusCode).toBe(404);
    expect((await lrs('GET', `statements?voidedStatementId=${target}`)).statusCode).toBe(200);
  });

  it('filters by agent, verb and activity, pages with more, and refuses unknown parameters', async () => {
    const agent = learner(7);
    for (let i = 0; i < 3; i++) await lrs('POST', 'statements', { body: statement({ actor: agent }) });
    const query = `agent=${encodeURIComponent(JSON.stringify(agent))}&verb=${encodeURIComponent('http://adlnet.gov/expapi/verbs/completed')}&limit=2`;
    const first = await lrs('GET', `statements?${query}`);
    expect(first.statusCode).toBe(200);
    const page = first.json() as { statements: unknown[]; more: string };
    expect(page.statements).toHaveLength(2);
    expect(page.more).toMatch(/^\/services\/core\/xapi\/statements\?more=/);
    const second = await t.app.inject({
      method: 'GET',
      url: page.more,
      headers: { authorization: basic, 'x-experience-api-version': '1.0.3' },
    });
    expect((second.json() as { statements: unknown[]; more: string }).statements).toHaveLength(1);
    expect((await lrs('GET', 'statements?colour=blue')).statusCode).toBe(400);
  });

  it('a filter finds the statements that refer to a match (StatementRef chains), newest first, voided targets included', async () => {
    const agent = learner(21);
    const verb = 'https://academy.example/verbs/rehearsed';
    const [target] = (
      await lrs('POST', 'statements', { body: statement({ actor: agent, verb: { id: verb } }) })
    ).json() as string[];
    const other = learner(22);
    const refers = (id: string, verbId: string) => ({
      actor: other,
      verb: { id: verbId },
      object: { objectType: 'StatementRef', id },
    });
    const [first] = (
      await lrs('POST', 'statements', {
        body: refers(target as string, 'https://academy.example/verbs/liked'),
      })
    ).json() as string[];
    const [second] = (
      await lrs('POST', 'statements', {
        body: refers(first as string, 'https://academy.example/verbs/shared'),
      })
    ).json() as string[];
    await lrs('POST', 'statements', { body: statement({ actor: other }) }); // refers to nothing: not found
    const byVerb = await lrs('GET', `statements?verb=${encodeURIComponent(verb)}`);
    const ids = (page: { body: string }) =>
      (JSON.parse(page.body) as { statements: Array<{ id: string }> }).statements.map((s) => s.id);
    expect(ids(byVerb)).toEqual([second, first, target]);
    const limited = await lrs('GET', `statements?verb=${encodeURIComponent(verb)}&limit=2`);
    expect(ids(limited)).toEqual([second, first]);
    const rest = await t.app.inject({
      method: 'GET',
      url: (limited.json() as { more: string }).more,
      headers: { authorization: basic, 'x-experience-api-version': '1.0.3' },
    });
    expect(ids(rest)).toEqual([target]);
    // Voiding the target leaves it out, but what refers to it still matches (and the voiding statement).
    const [voiding] = (
      await lrs('POST', 'statements', {
        body: refers(target as string, 'http://adlnet.gov/expapi/verbs/voided'),
      })
    ).json() as string[];
    expect(ids(await lrs('GET', `statements?verb=${encodeURIComponent(verb)}`))).toEqual([
      voiding,
      second,
      first,
    ]);
    const ascending = await lrs(
      'GET',
      `statements?agent=${encodeURIComponent(JSON.stringify(agent))}&ascending=true`,
    );
    expect(ids(ascending)).toEqual([first, second, voiding]);
  });

  it('pages through more StatementRefs to a match than a page holds, newest first, none twice', async () => {
    const verb = 'https://academy.example/verbs/recited';
    const [target] = (
      await lrs('POST', 'statements', { body: statement({ actor: learner(23), verb: { id: verb } }) })
    ).json() as string[];
    const refs: string[] = [];
    for (const n of [24, 25, 26]) {
      const [id] = (
        await lrs('POST', 'statements', {
          body: {
            actor: learner(n),
            verb: { id: 'https://academy.example/verbs/liked' },
            object: { objectType: 'StatementRef', id: target },
          },
        })
      ).json() as string[];
      refs.push(id as string);
    }
    const ids = (page: { body: string }) =>
      (JSON.parse(page.body) as { statements: Array<{ id: string }> }).statements.map((s) => s.id);
    const first = await lrs('GET', `statements?verb=${encodeURIComponent(verb)}&limit=2`);
    expect(ids(first)).toEqual([refs[2], refs[1]]);
    const rest = await t.app.inject({
      method: 'GET',
      url: (first.json() as { more: string }).more,
      headers: { authorization: basic, 'x-experience-api-version': '1.0.3' },
    });
    expect(ids(rest)).toEqual([refs[0], target]);
    expect((rest.json() as { more: string }).more).toBe('');
  });

  it('takes xAPI 2.0 statements: version 2.0.0, context agents and groups (found by related_agents), and refuses a malformed one', async () => {
    const coach = { objectType: 'Agent', mbox: 'mailto:coach@example.com' };
    const v2 = {
      ...statement({ actor: learner(31) }),
      id: randomUUID(),
      version: '2.0.0',
      context: {
        contextAgents: [
          {
            objectType: 'contextAgent',
            agent: coach,
            relevantTypes: ['https://academy.example/roles/coach'],
          },
        ],
        contextGroups: [
          {
            objectType: 'contextGroup',
            group: { objectType: 'Group', member: [learner(32), learner(33)] },
          },
        ],
      },
    };
    const stored = await lrs('POST', 'statements', {
      body: v2,
      headers: { 'x-experience-api-version': '2.0.0' },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const found = await lrs(
      'GET',
      `statements?agent=${encodeURIComponent(JSON.stringify(coach))}&related_agents=true`,
    );
    expect((found.json() as { statements: Array<{ id: string }> }).statements.map((s) => s.id)).toEqual([
      v2.id,
    ]);
    const malformed = await lrs('POST', 'statements', {
      body: { ...statement(), context: { contextAgents: [{ objectType: 'Agent', agent: coach }] } },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('contextAgent');
    expect((await lrs('POST', 'statements', { body: { ...statement(), version: '3.0.0' } })).statusCode).toBe(
      400,
    );
  });

  it('a write-only key writes but cannot read', async () => {
    const writer = await createCredential(t.database.db, {
      name: 'Writer',
      canRead: false,
      canWrite: true,
      createdBy: null,
    });
    const as = auth(writer.key, writer.secret);
    expect((await lrs('POST', 'statements', { as, body: statement() })).statusCode).toBe(200);
    expect((await lrs('GET', 'statements', { as })).statusCode).toBe(403);
    expect(
      (await lrs('GET', 'activities?activityId=https%3A%2F%2Facademy.example%2Fcourses%2F1', { as }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a body over 64 MB with 413 and stores nothing', async () => {
    const before = (await lrs('GET', 'statements?limit=1')).json() as { statements: Array<{ id: string }> };
    const res = await t.app.inject({
      method: 'POST',
      url: `${XAPI_PREFIX}/statements`,
      headers: {
        authorization: basic,
        'x-experience-api-version': '1.0.3',
        'content-type': 'application/json',
      },
      payload: Buffer.alloc(64 * 1024 * 1024 + 1, 0x20),
    });
    expect(res.statusCode).toBe(413);
    const after = (await lrs('GET', 'statements?limit=1')).json() as { statements: Array<{ id: string }> };
    expect(after.statements[0]?.id).toBe(before.statements[0]?.id);
  });

  it('stores a state document, merges JSON by POST, and guards profiles with ETags', async () => {
    const params = `activityId=${encodeURIComponent('https://academy.example/courses/1')}&agent=${encodeURIComponent(JSON.stringify(learner()))}&stateId=bookmark`;
    expect((await lrs('PUT', `activities/state?${params}`, { body: { page: 1 } })).statusCode).toBe(204);
    expect((await lrs('POST', `activities/state?${params}`, { body: { score: 3 } })).statusCode).toBe(204);
    expect((await lrs('GET', `activities/state?${params}`)).json()).toEqual({ page: 1, score: 3 });

    const profile = `activityId=${encodeURIComponent('https://academy.example/courses/1')}&profileId=settings`;
    expect(
      (
        await lrs('PUT', `activities/profile?${profile}`, {
          body: { a: 1 },
          headers: { 'if-none-match': '*' },
        })
      ).statusCode,
    ).toBe(204);
    const current = await lrs('GET', `activities/profile?${profile}`);
    const etag = String(current.headers.etag);
    expect((await lrs('PUT', `activities/profile?${profile}`, { body: { a: 2 } })).statusCode).toBe(409);
    expect(
      (
        await lrs('PUT', `activities/profile?${profile}`, {
          body: { a: 2 },
          headers: { 'if-match': '"stale"' },
        })
      ).statusCode,
    ).toBe(412);
    expect(
      (await lrs('PUT', `activities/profile?${profile}`, { body: { a: 2 }, headers: { 'if-match': etag } }))
        .statusCode,
    ).toBe(204);
  });

  it('administrators make and revoke keys; a revoked key stops at once; others may not make keys', async () => {
    {
      const t2 = t;
      const admin = await clientAs(t2.app, DEMO_ACCOUNTS.admin.employeeCode);
      const made = await admin.post('xapi/credentials', { name: 'Simulator' });
      expect(made.statusCode, made.body).toBe(201);
      const { id, key, secret, endpoint } = made.json() as {
        id: number;
        key: string;
        secret: string;
        endpoint: string;
      };
      expect(endpoint).toMatch(/\/services\/core\/xapi\/$/);
      const call = () =>
        t2.app.inject({
          method: 'GET',
          url: `${XAPI_PREFIX}/statements`,
          headers: { authorization: auth(key, secret), 'x-experience-api-version': '1.0.3' },
        });
      expect((await call()).statusCode).toBe(200);
      const listed = (await admin.get('xapi/credentials')).json() as Array<{ key: string }>;
      expect(listed.map((c) => c.key)).toContain(key);
      expect(JSON.stringify(listed)).not.toContain(secret);
      expect((await admin.delete(`xapi/credentials/${id}`)).statusCode).toBe(204);
      expect((await call()).statusCode).toBe(401);
      expect((await admin.post('xapi/credentials', { name: '' })).statusCode).toBe(400);
      const useless = await admin.post('xapi/credentials', { name: 'Neither', read: false, write: false });
      expect(useless.statusCode).toBe(400);
      expect(useless.body).toContain('reads, writes or both');
      const staff = await clientAs(t2.app, DEMO_ACCOUNTS.staff.employeeCode);
      expect((await staff.post('xapi/credentials', { name: 'Mine' })).statusCode).toBe(403);
    }
  });
});
