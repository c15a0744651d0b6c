import fs from 'node:fs';

/** The server's clock: now, as a Date. */
export type Clock = () => Date;

function offsetIn(file: string): number {
  try {
    const value = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/**
 * The wall clock, moved forward by the number of milliseconds written in `offsetFile` when one
 * is configured (CLOCK_OFFSET_FILE). Only tests set it: the journeys let days pass on a running
 * server (an assignment falls due, then overdue) by writing the file, and API tests put the
 * assignments' clock on a given day while sign-in tokens keep the real time. The file is read
 * on every call (a few microseconds; never configured in production); missing is no offset.
 */
export function serverClock(offsetFile: string | undefined): Clock {
  if (!offsetFile) return () => new Date();
  return () => new Date(Date.now() + offsetIn(offsetFile));
}
