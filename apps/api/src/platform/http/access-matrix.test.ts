import {
  COURSE_ACTION_PERMISSIONS,
  FUNCTION_PERMISSIONS,
  type FunctionPermission,
  forbiddenMessage,
  type PermissionKey,
} from '@academy/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { makeUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { users } from '../../modules/users/tables';
import { API_PREFIX, type RouteAccess, type RouteAccessEntry } from './access';

/**
 * The authorization matrix (issue 11): every registered API route × anonymous, student, staff
 * holding the route's key, staff holding another key and admin, against the route's declared
 * access. The declarations themselves are pinned in `route-access.snap.txt`, so a new route (or a
 * changed rule) fails here until its expectation is reviewed and the snapshot updated (`-u`).
 */

/**
 * `holder` holds the route's key through an authorization tied to a branch, `serviceHolder`
 * through one tied to a service (issue 20's scoped personas: the guard lets both through, their
 * scope then narrows the data, see the *-scope tests); `keyOnly` holds the route's function key but
 * not its action key (course add/edit/delete).
 */
type Caller = 'anonymous' | 'student' | 'holder' | 'serviceHolder' | 'keyOnly' | 'other' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'student', 'holder', 'serviceHolder', 'keyOnly', 'other', 'admin'];

let t: TestApp;
let anonymous: ApiClient;
let student: ApiClient;
let admin: ApiClient;
/** One staff member per function key; course management also holds the three action keys. */
const staffByKey = new Map<FunctionPermission, ApiClient>();
/** The same keys through an authorization tied to a service instead of a branch. */
const serviceStaffByKey = new Map<FunctionPermission, ApiClient>();
let courseStaffWithoutActions: ApiClient | undefined;
let apiRoutes: RouteAccessEntry[];

const UNKNOWN_ID = '987654';

function concretePath(url: string): string {
  return url
    .slice(API_PREFIX.length + 1)
    .replace(/:[A-Za-z_]+/g, UNKNOWN_ID)
    .replace(/\*/g, 'anything');
}

function describeAccess(access: RouteAccess | undefined): string {
  if (!access) return 'UNDECLARED';
  if ('public' in access) return 'public';
  if ('admin' in access) return `admin only ("${access.denied}")`;
  if ('signedIn' in access)
    return access.allowTemporaryPassword ? 'signed in (temporary password too)' : 'signed in';
  return `${access.permission}${access.action ? ` + ${access.action}` : ''} ("${access.denied}")`;
}

function otherKey(key: FunctionPermission): FunctionPermission {
  return key === 'NEWS_MANAGEMENT' ? 'USER_MANAGEMENT' : 'NEWS_MANAGEMENT';
}

function callerClient(caller: Caller, access: RouteAccess): ApiClient {
  const permission = 'permission' in access ? access.permission : 'NEWS_MANAGEMENT';
  const clients: Record<Caller, () => ApiClient | undefined> = {
    anonymous: () => anonymous,
    student: () => student,
    holder: () => staffByKey.get(permission),
    serviceHolder: () => serviceStaffByKey.get(permission),
    keyOnly: () =>
      'action' in access && access.action ? courseStaffWithoutActions : staffByKey.get(permission),
    other: () => staffByKey.get(otherKey(permission)),
    admin: () => admin,
  };
  const client = clients[caller]();
  if (!client) throw new Error(`no client for ${caller} / ${permission}`);
  return client;
}

/** What the guard must answer: a refusal (status and message) or "let through" (null). */
function expectedRefusal(caller: Caller, access: RouteAccess): { status: number; message?: string } | null {
  if ('public' in access) return null;
  if (caller === 'anonymous') return { status: 401 };
  if ('signedIn' in access || caller === 'admin') return null;
  if ('admin' in access) return { status: 403, message: forbiddenMessage(access.denied) };
  if (caller === 'holder' || caller === 'serviceHolder') return null;
  if (caller === 'keyOnly' && !access.action) return null;
  return { status: 403, message: forbiddenMessage(access.denied) };
}

async function call(client: ApiClient, method: string, path: string) {
  const extra: InjectOptions = { headers: { 'content-type': 'application/json' } };
  switch (method) {
    case 'GET':
      return client.get(path);
    case 'DELETE':
      return client.delete(path);
    case 'POST':
      return client.post(path, {}, extra);
    case 'PUT':
      return client.put(path, {}, extra);
    case 'PATCH':
      return client.patch(path, {});
    default:
      throw new Error(`method ${method} is not covered by the matrix`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  apiRoutes = t.app.routeAccessTable.filter(
    (route) =>
      route.url.startsWith(`${API_PREFIX}/`) &&
      !route.url.startsWith(`${API_PREFIX}/docs`) &&
      !['HEAD', 'OPTIONS'].includes(route.method),
  );
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  anonymous = apiClient(t.app, undefined);

  // Generated demo employees E1018… (E1017 is the HR demo user), re-roled for this file only.
  let employee = 1018;
  const staffWith = async (name: string, permissions: PermissionKey[]) => {
    const created = await admin.post('authorizations', { name, branchId: 1, permissions });
    expect(created.statusCode, created.body).toBe(201);
    const code = `E${employee++}`;
    const authorizationId = (created.json() as { id: number }).id;
    const updated = await t.database.db
      .update(users)
      .set({ authorizationId, role: 'ROLE_STUDENT', activePassword: true, access: 'ALLOWED' })
      .where(eq(users.employeeCode, code))
      .returning({ id: users.id });
    if (updated.length === 0) throw new Error(`demo employee ${code} is missing`);
    return clientAs(t.app, code);
  };
  for (const key of FUNCTION_PERMISSIONS) {
    const actions = key === 'COURSE_MANAGEMENT' ? COURSE_ACTION_PERMISSIONS : [];
    staffByKey.set(key, await staffWith(`Matrix ${key}`, [key, ...actions]));
    const serviceHolder = await makeUser(t.app, {
      permissions: [key, ...actions],
      authorizationScope: { serviceId: 1 },
    });
    serviceStaffByKey.set(key, serviceHolder.client);
  }
  courseStaffWithoutActions = await staffWith('Matrix course, no actions', ['COURSE_MANAGEMENT']);
});
afterAll(() => t?.close());

describe('authorization matrix', () => {
  it('pins every route’s declared access, so a new route needs a reviewed expectation', async () => {
    const lines = apiRoutes
      .map(
        (route) =>
          `${route.method.padEnd(6)} ${route.url.slice(API_PREFIX.length)}  →  ${describeAccess(route.access)}`,
      )
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./route-access.snap.txt');
  });

  it('answers every route × caller as declared, with the SPEC message on 403 and no server error', async () => {
    const mismatches: string[] = [];
    for (const route of apiRoutes) {
      const access = route.access;
      if (!access) {
        mismatches.push(`${route.method} ${route.url}: no access rule`);
        continue;
      }
      const path = concretePath(route.url);
      for (const caller of CALLERS) {
        const response = await call(callerClient(caller, access), route.method, path);
        const where = `${route.method} ${route.url} as ${caller}: ${response.statusCode}`;
        const refusal = expectedRefusal(caller, access);
        if (response.statusCode >= 500) {
          mismatches.push(`${where} (server error: ${response.body.slice(0, 120)})`);
        } else if (refusal) {
          if (response.statusCode !== refusal.status) mismatches.push(`${where}, expected ${refusal.status}`);
          else if (refusal.message && response.json().message !== refusal.message) {
            mismatches.push(`${where}, message "${response.json().message}" ≠ "${refusal.message}"`);
          }
        } else if (response.statusCode === 401 || (response.statusCode === 403 && !('signedIn' in access))) {
          // A signed-in route may still refuse an object the caller does not own (403); a keyed
          // route must let its key holders and admins through the guard.
          mismatches.push(`${where}, expected to pass the guard`);
        }
        if (response.statusCode >= 400) mismatches.push(...leaksIn(where, response.body));
      }
    }
    expect(mismatches).toEqual([]);
    // Every route × seven callers: a few thousand requests, slow on a loaded 2-core machine.
  }, 120_000);

  it('answers malformed ids and bodies with a client error: no server error, stack trace or SQL', async () => {
    const mismatches: string[] = [];
    const badIds = ['abc', '-1', '99999999999999999999', '1.5', '%27%20or%201%3D1'];
    const badBodies: InjectOptions[] = [
      { payload: '{"name": ', headers: { 'content-type': 'application/json' } },
      { payload: { id: 'x', name: 42, page: -1, answers: 'all', ids: [0, 'a'] } },
      { payload: 'name=x', headers: { 'content-type': 'text/plain' } },
    ];
    for (const route of apiRoutes) {
      const withId = /:[A-Za-z_]+/.test(route.url);
      const requests: Array<{ path: string; extra: InjectOptions }> = [
        ...(withId
          ? badIds.map((id) => ({ path: concretePath(route.url).replaceAll(UNKNOWN_ID, id), extra: {} }))
          : []),
        ...(['POST', 'PUT', 'PATCH'].includes(route.method)
          ? badBodies.map((extra) => ({ path: concretePath(route.url), extra }))
          : []),
      ];
      for (const { path, extra } of requests) {
        const response = await t.app.inject({
          ...extra,
          method: route.method as InjectOptions['method'],
          url: `${API_PREFIX}/${path}`,
          headers: { authorization: `Bearer ${admin.token}`, ...extra.headers },
        });
        const where = `${route.method} ${path} (${String(extra.payload ?? '').slice(0, 20)}): ${response.statusCode}`;
        if (response.statusCode >= 500) mismatches.push(`${where} ${response.body.slice(0, 160)}`);
        if (response.statusCode >= 400) mismatches.push(...leaksIn(where, response.body));
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/** An error body must be our JSON error shape, with nothing of the server's insides. */
function leaksIn(where: string, body: string): string[] {
  if (
    /\bat .+\.(ts|js|mjs):\d+|node_modules|\b(select|insert into|delete from|update \S+ set)\b|syntax error at|relation "/i.test(
      body,
    )
  ) {
    return [`${where}: the body shows server internals: ${body.slice(0, 160)}`];
  }
  return [];
}
