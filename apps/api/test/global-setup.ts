import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate, ensurePostgresTemplate, type TemplateKind, templateKey } from './templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Key of this run's database templates (templates.ts). */
    templateKey: string;
  }
}

const KINDS: TemplateKind[] = ['empty', 'seeded'];

/** Makes this run's database templates once, before any API test file starts. */
export default async function setup(project: TestProject): Promise<void> {
  const started = Date.now();
  const key = templateKey();
  const engine = project.config.env?.ACADEMY_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  if (engine === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('ACADEMY_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
    for (const kind of KINDS) await ensurePostgresTemplate(adminUrl, key, kind);
  } else {
    for (const kind of KINDS) await ensurePgliteTemplate(key, kind);
  }
  project.provide('templateKey', key);
  const ms = Date.now() - started;
  if (ms > 1000) console.log(`[${project.name}] database templates ${key} ready in ${ms} ms`);
}
