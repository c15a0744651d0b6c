import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Db } from '../../platform/db/client';
import { courseFacts } from '../courses';
import { roadmapNameOf } from '../roadmaps';
import { assignmentPeople, assignments, calendarTokens } from './tables';

/**
 * The learner's calendar feed (issue 24): a secret URL that calendar apps poll without signing in,
 * one all-day event per unfinished assignment on its due day. The secret is 32 random bytes;
 * regenerating replaces it, so the old URL stops answering at once.
 */

export const CALENDAR_PATH = '/services/core/api/calendar';

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function calendarUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}${CALENDAR_PATH}/${token}.ics`;
}

/** The learner's secret, made on first use. */
export async function calendarToken(db: Db, userId: number): Promise<string> {
  await db.insert(calendarTokens).values({ userId, token: newToken() }).onConflictDoNothing();
  const [row] = await db
    .select({ token: calendarTokens.token })
    .from(calendarTokens)
    .where(eq(calendarTokens.userId, userId));
  if (!row) throw new Error('calendar token vanished');
  return row.token;
}

/** A new secret: the old URL stops working. */
export async function regenerateCalendarToken(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarTokens)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarTokens.userId, set: { token, createdAt: sql`now()` } });
  return token;
}

/** The .ics text of the secret's owner, or undefined for an unknown secret. */
export async function calendarFeed(db: Db, token: string, publicUrl: string): Promise<string | undefined> {
  const [owner] = await db
    .select({ userId: calendarTokens.userId })
    .from(calendarTokens)
    .where(eq(calendarTokens.token, token));
  if (!owner) return undefined;
  const course = courseFacts(db);
  const rows = await db
    .select({
      assignmentId: assignmentPeople.assignmentId,
      courseId: assignments.courseId,
      name: sql<string>`coalesce(${course.name}, ${roadmapNameOf(assignments.roadmapId)}, '')`,
      dueOn: assignmentPeople.dueOn,
    })
    .from(assignmentPeople)
    .innerJoin(assignments, eq(assignments.id, assignmentPeople.assignmentId))
    .leftJoin(course, eq(course.id, assignments.courseId))
    .where(
      and(
        eq(assignmentPeople.userId, owner.userId),
        isNull(assignmentPeople.removedAt),
        isNull(assignmentPeople.completedAt),
      ),
    );
  const base = publicUrl.replace(/\/$/, '');
  const calendar = ical({
    name: 'Academy: assigned training',
    method: ICalCalendarMethod.PUBLISH,
    prodId: '//Academy//Assignments//EN',
  });
  for (const row of rows) {
    const [y, m, d] = row.dueOn.split('-').map(Number);
    const day = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
    calendar.createEvent({
      id: `assignment-${row.assignmentId}-user-${owner.userId}@academy`,
      start: day,
      allDay: true,
      summary: `Due: ${row.name}`,
      description: 'Assigned training due on this day.',
      url: row.courseId ? `${base}/training-academy/course/${row.courseId}` : `${base}/training-academy`,
    });
  }
  return calendar.toString();
}
