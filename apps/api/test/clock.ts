import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The server's clock moved by a test (platform/clock.ts reads CLOCK_OFFSET_FILE): `at` sets the
 * time it is, `now` reads it the way the server does, `remove` deletes the file's folder.
 */
export function testClock(name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `${name}-clock-`)), 'offset');
  return {
    file,
    at(iso: string): void {
      fs.writeFileSync(file, String(Date.parse(iso) - Date.now()));
    },
    now(): Date {
      return new Date(Date.now() + Number(fs.readFileSync(file, 'utf8')));
    },
    remove(): void {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}
