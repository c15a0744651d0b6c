import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { MAIL_KINDS } from './kinds';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('mail previews', () => {
  it('draws every kind of mail with sample data for an administrator, HTML and text', async () => {
    const res = await (await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode)).get(
      'mail-previews?language=vi-VN',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.language).toBe('en');
    expect(body.languages).toContain('en');
    expect(body.previews.map((p: { kind: string }) => p.kind)).toEqual(Object.keys(MAIL_KINDS));
    for (const preview of body.previews) {
      expect(preview.subject).not.toBe('');
      expect(preview.html).toMatch(/^<!doctype html>/);
      expect(preview.text).toContain('http://localhost:3000/');
    }
  });

  it('is for administrators only', async () => {
    for (const who of [DEMO_ACCOUNTS.staff, DEMO_ACCOUNTS.student]) {
      const res = await (await clientAs(t.app, who.employeeCode)).get('mail-previews');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to preview mails');
    }
  });
});
