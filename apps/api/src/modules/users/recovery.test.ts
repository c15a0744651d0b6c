import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@academy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, clientFor } from '../../../test/client';
import { listFiles, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { RESET_MAILS_PER_WINDOW } from './recovery';
import { RECOVERY_LIMITS } from './recovery-routes';
import { passwordResetTokens } from './tables';

const DEMO_ACCOUNTS_EMAIL = {
  staff: 'staff@academy.example.com',
  newhire: 'newhire@academy.example.com',
} as const;

let t: TestApp;
let outbox: string;
let ipCounter = 0;

/** Every test calls from its own address, so the per-address limits do not mix. */
function visitor() {
  ipCounter += 1;
  const client = apiClient(t.app, undefined);
  const remoteAddress = `203.0.113.${ipCounter}`;
  return {
    get: (p: string) => client.get(p, { remoteAddress }),
    post: (p: string, body: object) => client.post(p, body, { remoteAddress }),
  };
}

/** The reset link of the newest mail in the outbox (quoted-printable decoded). */
async function lastResetToken(): Promise<{ token: string; to: string }> {
  const files = await listFiles(outbox);
  const eml = await fs.readFile(path.join(outbox, files.at(-1) ?? ''), 'utf8');
  const body = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /http:\/\/localhost:3000\/forgot-password\?token=([A-Za-z0-9_-]+)/.exec(body);
  const to = /^To: (.+)$/m.exec(eml)?.[1]?.trim() ?? '';
  if (!link?.[1]) throw new Error(`no reset link in ${eml}`);
  return { token: link[1], to };
}

beforeAll(async () => {
  const dataDir = await tempDataDir();
  outbox = path.join(dataDir, 'outbox');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(() => t.close());

describe('public config', () => {
  it('tells the web app that the academy keeps passwords with the embedded provider', async () => {
    const res = await visitor().get('config');
    expect(res.json()).toMatchObject({ passwordsManagedBy: 'academy' });
  });
});

describe('check email', () => {
  it('tells whether an address belongs to a user, case-insensitively', async () => {
    const v = visitor();
    const known = await v.get('users/check-email?email=STUDENT@academy.example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ exists: true });
    expect((await v.get('users/check-email?email=nobody@example.com')).json()).toEqual({ exists: false });
    const bad = await v.get('users/check-email?email=nobody');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.emailInvalid);
  });
});

describe('forgot password', () => {
  it('answers "Email is not found in the system" for an unknown address and mails nothing', async () => {
    const res = await visitor().post('users/recovery-password', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: MESSAGES.emailNotFound });
    expect(await listFiles(outbox)).toEqual([]);
  });

  it('mails a one-hour link whose token is stored only as a hash, and the link sets the password once', async () => {
    const v = visitor();
    const res = await v.post('users/recovery-password', { email: ' Student@Academy.example.com ' });
    expect(res.statusCode, res.body).toBe(204);
    const { token, to } = await lastResetToken();
    expect(to).toBe('student@academy.example.com');
    const [stored] = await t.database.db.select().from(passwordResetTokens);
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored?.tokenHash).not.toContain(token);
    const minutes = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const mismatch = await v.post('users/reset-password', {
      token,
      newPassword: 'Recovered@2026',
      confirmPassword: 'Recovered@2027',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toEqual([
      { field: 'confirmPassword', message: MESSAGES.passwordsDoNotMatch },
    ]);
    const weak = await v.post('users/reset-password', {
      token,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(weak.json().message).toBe(MESSAGES.weakPassword);

    const ok = await v.post('users/reset-password', {
      token,
      newPassword: 'Recovered@2026',
      confirmPassword: 'Recovered@2026',
    });
    expect(ok.statusCode, ok.body).toBe(204);
    const signedIn = await clientFor(t.app, 'student', 'Recovered@2026');
    expect((await signedIn.get('users/info')).json()).toMatchObject({
      employeeCode: 'student',
      activePassword: true,
    });

    const again = await v.post('users/reset-password', {
      token,
      newPassword: 'Another@2026',
      confirmPassword: 'Another@2026',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: MESSAGES.resetLinkInvalid,
      fieldErrors: [{ field: 'token' }],
    });
  });

  it('refuses an expired link and an invented one', async () => {
    const v = visitor();
    await v.post('users/recovery-password', { email: DEMO_ACCOUNTS_EMAIL.staff });
    const { token } = await lastResetToken();
    const hash = createHash('sha256').update(token).digest('hex');
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hash));
    const body = { newPassword: 'Recovered@2026', confirmPassword: 'Recovered@2026' };
    const expired = await v.post('users/reset-password', { ...body, token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(MESSAGES.resetLinkInvalid);
    const invented = await v.post('users/reset-password', { ...body, token: 'not-a-real-token' });
    expect(invented.json().message).toBe(MESSAGES.resetLinkInvalid);
    await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  });

  it('ends the temporary-password state of a user who resets by mail', async () => {
    const v = visitor();
    await v.post('users/recovery-password', { email: DEMO_ACCOUNTS_EMAIL.newhire });
    const { token } = await lastResetToken();
    await v.post('users/reset-password', { token, newPassword: 'MyOwn@2026', confirmPassword: 'MyOwn@2026' });
    const newhire = await clientFor(t.app, 'newhire', 'MyOwn@2026');
    expect((await newhire.get('users/info')).json().activePassword).toBe(true);
  });

  it('limits each address: too many requests answer 429 with a clear message', async () => {
    const v = visitor();
    for (let i = 0; i < RECOVERY_LIMITS.recoveryPassword.max; i += 1) {
      expect((await v.post('users/recovery-password', { email: 'ghost@example.com' })).statusCode).toBe(404);
    }
    const limited = await v.post('users/recovery-password', { email: 'ghost@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, message: MESSAGES.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await visitor().post('users/recovery-password', { email: 'ghost@example.com' })).statusCode).toBe(
      404,
    );

    const checker = visitor();
    for (let i = 0; i < RECOVERY_LIMITS.checkEmail.max; i += 1) {
      await checker.get('users/check-email?email=ghost@example.com');
    }
    const checkLimited = await checker.get('users/check-email?email=ghost@example.com');
    expect(checkLimited.statusCode).toBe(429);
    expect(checkLimited.json().message).toBe(MESSAGES.tooManyRequests);
  });

  it('mails one address at most 3 times in 15 minutes, even from many addresses', async () => {
    const address = 'hai.tran.e1002@academy.example.com';
    for (let i = 0; i < RESET_MAILS_PER_WINDOW; i += 1) {
      expect((await visitor().post('users/recovery-password', { email: address })).statusCode).toBe(204);
    }
    const flooded = await visitor().post('users/recovery-password', { email: address });
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().message).toBe(MESSAGES.tooManyRequests);
  });
});

describe('with an external sign-in provider', () => {
  it('answers that passwords are managed by the provider', async () => {
    const external = await createTestApp({
      env: { OIDC_ISSUER: 'https://sso.example.com/realms/academy', OIDC_CLIENT_ID: 'academy' },
    });
    try {
      const client = apiClient(external.app, undefined);
      const calls = [
        await client.get('users/check-email?email=student@academy.example.com'),
        await client.post('users/recovery-password', { email: 'student@academy.example.com' }),
        await client.post('users/reset-password', {
          token: 'x',
          newPassword: 'Whatever@1',
          confirmPassword: 'Whatever@1',
        }),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ status: 409, message: MESSAGES.passwordsManagedExternally });
      }
      expect((await client.get('config')).json()).toMatchObject({ passwordsManagedBy: 'provider' });
    } finally {
      await external.close();
    }
  });
});
