import { describe, expect, it } from 'vitest';
import { loadConfig, runsJobs } from './config';

describe('ACADEMY_ROLE', () => {
  it('is `all` by default: one process serves HTTP and runs the job workers', () => {
    const config = loadConfig({});
    expect(config.role).toBe('all');
    expect(runsJobs(config.role)).toBe(true);
  });

  it('runs job workers in `worker` processes and not in `api` ones', () => {
    expect(runsJobs(loadConfig({ ACADEMY_ROLE: 'worker' }).role)).toBe(true);
    expect(runsJobs(loadConfig({ ACADEMY_ROLE: 'api' }).role)).toBe(false);
  });

  it('refuses an unknown role and the JOBS_WORKER setting it replaced', () => {
    expect(() => loadConfig({ ACADEMY_ROLE: 'web' })).toThrow(/ACADEMY_ROLE/);
    expect(() => loadConfig({ JOBS_WORKER: 'false' })).toThrow(/JOBS_WORKER was replaced by ACADEMY_ROLE/);
  });
});
