import { MESSAGES, type TUserSession } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, signIn, type Tokens } from '../../../test/auth';
import { type ApiClient, apiClient } from '../../../test/client';
import { makeUser, userEditBody } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { endSessions } from './sessions';

/**
 * Sessions end when they must: a password change, a reset, an admin reset, stopped access and
 * "sign out" of a session end that user's other sign-ins at once — their access tokens at the next
 * request, their refresh tokens for good.
 */

let t: TestApp;
let admin: ApiClient;
const PASSWORD = 'Devices@2026';

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
});
afterAll(() => t.close());

/** A user signed in on two devices through the provider's pages. */
async function userOnTwoDevices(): Promise<{ id: number; code: string; a: Tokens; b: Tokens }> {
  const user = await makeUser(t.app, { password: PASSWORD });
  // Only the two devices: not the factory's own signed-in client.
  await endSessions(t.database.db, user.id);
  const a = await signIn(t.app, user.employeeCode, PASSWORD, { headers: { 'user-agent': 'Device A' } });
  const b = await signIn(t.app, user.employeeCode, PASSWORD, { headers: { 'user-agent': 'Device B' } });
  return { id: user.id, code: user.employeeCode, a, b };
}

async function works(tokens: Tokens): Promise<boolean> {
  const res = await apiClient(t.app, tokens.accessToken).get('users/info');
  if (res.statusCode !== 200 && res.statusCode !== 401) throw new Error(`unexpected ${res.statusCode}`);
  return res.statusCode === 200;
}

async function refreshes(tokens: Tokens): Promise<boolean> {
  return refreshTokens(t.app, tokens.refreshToken).then(
    () => true,
    () => false,
  );
}

describe('ending sessions', () => {
  it('after a password change on device A, device B is signed out at once; A stays signed in', async () => {
    const { a, b } = await userOnTwoDevices();
    expect(await works(b)).toBe(true);
    const changed = await apiClient(t.app, a.accessToken).put('users/change-password', {
      oldPassword: PASSWORD,
      newPassword: 'Changed@2026',
      confirmPassword: 'Changed@2026',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await works(b)).toBe(false);
    expect(await refreshes(b)).toBe(false);
    expect(await works(a)).toBe(true);
    expect(await refreshes(a)).toBe(true);
  });

  it('a password set by an admin signs the user out everywhere', async () => {
    const { id, a, b } = await userOnTwoDevices();
    const reset = await admin.put(
      `users/${id}`,
      userEditBody((await admin.get(`users/${id}`)).json(), { password: 'Temporary@2026' }),
    );
    expect(reset.statusCode, reset.body).toBe(200);
    for (const device of [a, b]) {
      expect(await works(device)).toBe(false);
      expect(await refreshes(device)).toBe(false);
    }
  });

  it('stopping access signs the user out everywhere, and allowing it again does not bring the sessions back', async () => {
    const { id, a, b } = await userOnTwoDevices();
    expect((await admin.patch(`users/${id}/access`, { access: 'STOPPED' })).statusCode).toBe(200);
    expect((await admin.patch(`users/${id}/access`, { access: 'ALLOWED' })).statusCode).toBe(200);
    for (const device of [a, b]) {
      expect(await works(device)).toBe(false);
      expect(await refreshes(device)).toBe(false);
    }
  });

  it('a reset through the mailed link signs the user out everywhere', async () => {
    const { id, a, b } = await userOnTwoDevices();
    const { createHash, randomBytes } = await import('node:crypto');
    const { passwordResetTokens } = await import('./tables');
    const token = randomBytes(24).toString('base64url');
    await t.database.db.insert(passwordResetTokens).values({
      userId: id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await apiClient(t.app, undefined).post('users/reset-password', {
      token,
      newPassword: 'Recovered@2026',
      confirmPassword: 'Recovered@2026',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    for (const device of [a, b]) {
      expect(await works(device)).toBe(false);
      expect(await refreshes(device)).toBe(false);
    }
  });
});

describe('where you are signed in', () => {
  it('lists each device with its browser and address, and marks the current one', async () => {
    const { a } = await userOnTwoDevices();
    const res = await apiClient(t.app, a.accessToken).get('users/sessions');
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as TUserSession[];
    expect(sessions.map((s) => s.userAgent).sort()).toEqual(['Device A', 'Device B']);
    expect(sessions.filter((s) => s.current).map((s) => s.userAgent)).toEqual(['Device A']);
    expect(sessions.every((s) => s.ip && s.lastSeenAt >= s.createdAt)).toBe(true);
  });

  it('signs out one other session, and refuses a session that is not yours', async () => {
    const { a, b } = await userOnTwoDevices();
    const sessionsOf = async (tokens: Tokens) =>
      (await apiClient(t.app, tokens.accessToken).get('users/sessions')).json() as TUserSession[];
    const other = (await sessionsOf(a)).find((s) => !s.current);
    if (!other) throw new Error('no second session');
    // Someone else cannot end it.
    const stranger = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
    const refused = await stranger.delete(`users/sessions/${other.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(MESSAGES.sessionNotFound);
    expect(await works(b)).toBe(true);

    expect((await apiClient(t.app, a.accessToken).delete(`users/sessions/${other.id}`)).statusCode).toBe(204);
    expect(await works(b)).toBe(false);
    expect(await refreshes(b)).toBe(false);
    expect(await works(a)).toBe(true);
    expect((await sessionsOf(a)).map((s) => s.userAgent)).toEqual(['Device A']);
  });

  it('signs out every other session at once', async () => {
    const { a, b, code } = await userOnTwoDevices();
    const c = await signIn(t.app, code, PASSWORD, { headers: { 'user-agent': 'Device C' } });
    const res = await apiClient(t.app, a.accessToken).post('users/sessions/sign-out-others');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect(await works(b)).toBe(false);
    expect(await works(c)).toBe(false);
    expect(await works(a)).toBe(true);
  });
});
