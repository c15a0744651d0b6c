import { afterAll, vi } from 'vitest';
import { EXAM_CLOSER } from '../src/modules/exams/job';
import { hashPasswordsCheaplyInTests } from '../src/modules/users/passwords';

hashPasswordsCheaplyInTests();
// No test waits 30 s for the exam closer's timer: they run it by hand. Left on, it could fire in the
// middle of a test that counts the statements of a request (progress/export-scale did, once).
EXAM_CLOSER.everyMs = 0;

// Files share a worker process (isolate: false): a file that faked the clock must not hand a fake
// clock to the next one.
afterAll(() => {
  vi.useRealTimers();
});
