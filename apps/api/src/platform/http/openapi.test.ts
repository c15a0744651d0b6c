import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/client';
import { createTestApp, type TestApp } from '../../../test/harness';

/** Issue 23: the API contract is a valid OpenAPI document of the API, and only of the API. */
let t: TestApp;
let document: {
  paths: Record<
    string,
    Record<
      string,
      { security?: unknown[]; requestBody?: unknown; responses: Record<string, { headers?: unknown }> }
    >
  >;
};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const res = await apiClient(t.app, undefined).get('openapi.json');
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => t.close());

const run = promisify(execFile);
const REDOCLY = path.resolve(import.meta.dirname, '../../../../../node_modules/.bin/redocly');

describe('the OpenAPI document', () => {
  it('passes redocly lint (recommended rules) with no error', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'academy-openapi-'));
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const result = await run(REDOCLY, ['lint', file, '--format=summary'], {
      env: { ...process.env, NO_COLOR: '1' },
    }).then(
      (out) => ({ ok: true, text: `${out.stdout}${out.stderr}` }),
      (err: { stdout: string; stderr: string }) => ({ ok: false, text: `${err.stdout}${err.stderr}` }),
    );
    expect(result.text).not.toMatch(/^error/m);
    expect(result.ok, result.text).toBe(true);
  }, 60_000);

  it('describes only the API, public routes without a token, lists with their total, uploads with their form', () => {
    const paths = Object.keys(document.paths);
    expect(paths.every((p) => p.startsWith('/services/core/api/'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/services/core/api/docs'))).toBe(false);
    expect(document.paths['/services/core/api/news-categories']?.get?.security).toEqual([]);
    expect(document.paths['/services/core/api/users']?.get?.security).toBeUndefined();
    expect(document.paths['/services/core/api/users']?.get?.responses['200']?.headers).toHaveProperty(
      'x-total-count',
    );
    expect(JSON.stringify(document.paths['/services/core/api/users/import']?.post?.requestBody)).toContain(
      'multipart/form-data',
    );
    expect(document.paths['/services/core/api/users']?.get?.responses['401']).toBeDefined();
  });

  it('is browsable at /services/core/api/docs (Swagger UI, its files served from this server)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/services/core/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/src="([^"]+\.js)"/g)].map((m) => m[1] as string);
    expect(scripts).toContain('/services/core/api/docs/static/swagger-initializer.js');
    for (const script of scripts) {
      const res = await t.app.inject({ method: 'GET', url: script });
      expect(res.statusCode, script).toBe(200);
    }
    const json = await t.app.inject({ method: 'GET', url: '/services/core/api/docs/json' });
    expect(Object.keys(json.json().paths)).toEqual(Object.keys(document.paths));
  });
});
