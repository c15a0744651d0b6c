import { afterAll, vi } from 'vitest';
import { hashPasswordsCheaplyInTests } from '../src/modules/users/passwords';

hashPasswordsCheaplyInTests();

// Files share a worker process (isolate: false): a file that faked the clock must not hand a fake
// clock to the next one.
afterAll(() => {
  vi.useRealTimers();
});
