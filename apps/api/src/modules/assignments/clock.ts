/**
 * The server's clock for due dates, states and reminders. API tests fake `Date`; the journeys
 * move the running server's clock with CLOCK_OFFSET_FILE (platform/clock.ts).
 */
export type AssignmentClock = () => Date;
