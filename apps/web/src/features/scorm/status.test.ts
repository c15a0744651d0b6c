import { describe, expect, it } from 'vitest';
import { attemptStatus, scoreText, scoStatus } from './status';

describe('SCORM standings in the lessons’ words', () => {
  it('reads a SCO: completed or passed is passed, failed is failed, not attempted is not started', () => {
    expect(scoStatus({ completionStatus: 'completed', successStatus: 'unknown' })).toBe('PASSED');
    expect(scoStatus({ completionStatus: 'incomplete', successStatus: 'passed' })).toBe('PASSED');
    expect(scoStatus({ completionStatus: 'completed', successStatus: 'failed' })).toBe('FAILED');
    expect(scoStatus({ completionStatus: 'not attempted', successStatus: 'unknown' })).toBe('IDLE');
    expect(scoStatus({ completionStatus: 'incomplete', successStatus: 'unknown' })).toBe('STUDYING');
  });

  it('reads an attempt: finished without passing (under the pass mark) is failed', () => {
    const base = { completionStatus: 'completed', successStatus: 'unknown', attemptNumber: 1 } as const;
    expect(attemptStatus({ ...base, passed: true })).toBe('PASSED');
    expect(attemptStatus({ ...base, passed: false })).toBe('FAILED');
    expect(attemptStatus({ ...base, completionStatus: 'incomplete', passed: false })).toBe('STUDYING');
    expect(attemptStatus({ ...base, completionStatus: 'not attempted', passed: false })).toBe('STUDYING');
    expect(attemptStatus({ ...base, attemptNumber: 0, passed: false })).toBe('IDLE');
  });

  it('shows the score in percent from the scaled score, else from raw and max', () => {
    expect(scoreText({ scoreScaled: 0.9, scoreRaw: 90, scoreMax: 100 })).toBe('90%');
    expect(scoreText({ scoreScaled: null, scoreRaw: 7, scoreMax: 10 })).toBe('70%');
    expect(scoreText({ scoreScaled: null, scoreRaw: 7, scoreMax: null })).toBe('7');
    expect(scoreText({ scoreScaled: null, scoreRaw: null, scoreMax: null })).toBeNull();
  });
});
