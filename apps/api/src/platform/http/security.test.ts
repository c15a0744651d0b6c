import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { SIGN_OUT_SCRIPT } from '../idp/login-page';

function directives(header: string | undefined): Map<string, string> {
  return new Map(
    (header ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { FRAME_ANCESTORS: "'self' https://portal.example.com" } });
  });
  afterAll(() => t.close());

  it('sends a CSP that allows scripts only from our origin, and nosniff and a referrer policy', async () => {
    const response = await t.app.inject({ url: '/services/core/api/config' });
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('script-src')).toMatch(/^'self' 'sha256-/);
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('lets the configured parents frame the product, and sets no X-Frame-Options that would forbid it', async () => {
    const response = await t.app.inject({ url: '/health' });
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp.get('frame-ancestors')).toBe("'self' https://portal.example.com");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it("allows the provider's one inline script (sign-out) by its hash, so it still runs", async () => {
    const response = await t.app.inject({ url: '/idp/.well-known/openid-configuration' });
    const csp = directives(response.headers['content-security-policy'] as string);
    const hash = createHash('sha256').update(SIGN_OUT_SCRIPT).digest('base64');
    expect(csp.get('script-src')).toContain(`'sha256-${hash}'`);
  });
});
