import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplates, ensurePostgresTemplate, templateKey } from './templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Key of this run's database templates (templates.ts). */
    templateKey: string;
  }
}

/**
 * Makes this run's database templates once, before any API test file starts. The first API
 * project's setup makes those of every engine the run uses, at the same time (PostgreSQL's are
 * built mostly by the database server, PGlite's in this process); the others find them made.
 */
export default async function setup(project: TestProject): Promise<void> {
  const started = Date.now();
  const key = templateKey();
  const engines = new Set(project.vitest.projects.map((p) => p.config.env?.ACADEMY_TEST_ENGINE));
  const builds: Promise<unknown>[] = [];
  if (engines.has('postgres')) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('ACADEMY_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
    builds.push(ensurePostgresTemplate(adminUrl, key, 'seeded'));
  }
  if (engines.has('pglite')) builds.push(ensurePgliteTemplates(key));
  await Promise.all(builds);
  project.provide('templateKey', key);
  const ms = Date.now() - started;
  if (ms > 1000) console.log(`[${project.name}] database templates ${key} ready in ${ms} ms`);
}
