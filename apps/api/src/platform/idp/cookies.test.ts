import { afterAll, describe, expect, it } from 'vitest';
import { authorize } from '../../../test/auth';
import { createTestApp, type TestApp } from '../../../test/harness';

/** Issue 11: the provider's cookies are HttpOnly and SameSite, and Secure whenever we run on https. */
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

function setCookies(header: string | string[] | undefined): string[] {
  if (!header) return [];
  return Array.isArray(header) ? header : [header];
}

describe('sign-in cookies', () => {
  it('are HttpOnly and SameSite=Lax on http (development)', async () => {
    const t = await createTestApp({ seed: false });
    apps.push(t);
    const { response } = await authorize(t.app);
    const cookies = setCookies(response.headers['set-cookie']);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=lax/i);
    }
  });

  it('are also Secure behind an https proxy', async () => {
    const t = await createTestApp({
      seed: false,
      env: { PUBLIC_URL: 'https://academy.example.com', TRUST_PROXY: 'true' },
    });
    apps.push(t);
    const { response } = await authorize(
      t.app,
      {},
      {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'academy.example.com' },
      },
    );
    expect(response.statusCode).toBe(303);
    const cookies = setCookies(response.headers['set-cookie']);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*secure/i);
      expect(cookie).toMatch(/;\s*httponly/i);
      expect(cookie).toMatch(/;\s*samesite=lax/i);
    }
  });
});
