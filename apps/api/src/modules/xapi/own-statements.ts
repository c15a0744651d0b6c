import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { AppEvents } from '../../events';
import type { Db } from '../../platform/db/client';
import type { Events } from '../../platform/events';
import { EVERYTHING } from '../../platform/http/scope';
import { certificateOfCompletion } from '../certificates';
import { courseAndLessonNames } from '../courses';
import { userBrief } from '../users';
import type { XapiClient } from './credentials';
import { storeStatements } from './statement-store';
import { xapiOutbox } from './tables';
import type { JsonObject } from './values';

/**
 * The academy's own learning events as xAPI statements (decision 117): a lesson passed (with the
 * time studied), an exam attempt graded (passed or failed, with its score), a course completed and
 * the certificate earned with it. The event's transaction writes one outbox row; the emitter turns
 * rows into statements in the background, with ids made from the event, so a row handled twice
 * (two processes, a crash before the delete) makes the same statement and the LRS keeps one.
 */

export type OwnEvents = Events<Pick<AppEvents, 'lessonPassed' | 'examGraded' | 'courseCompleted'>>;

/** The academy itself as the authority of its statements. */
export const ACADEMY_CLIENT: XapiClient = {
  id: null,
  key: 'academy',
  name: 'Academy',
  canRead: true,
  canWrite: true,
  scope: null,
};

const VERBS = {
  completed: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  passed: { id: 'http://adlnet.gov/expapi/verbs/passed', display: { 'en-US': 'passed' } },
  failed: { id: 'http://adlnet.gov/expapi/verbs/failed', display: { 'en-US': 'failed' } },
  earned: { id: 'http://id.tincanapi.com/verb/earned', display: { 'en-US': 'earned' } },
};
const TYPES = {
  course: 'http://adlnet.gov/expapi/activities/course',
  lesson: 'http://adlnet.gov/expapi/activities/lesson',
  assessment: 'http://adlnet.gov/expapi/activities/assessment',
  certificate: 'https://w3id.org/xapi/cmi5/activities/certificate',
};

/** Subscribes the outbox to the events (nothing when XAPI_STATEMENTS is off). */
export function recordOwnEvents(events: OwnEvents): void {
  const enqueue = (kind: string) => async (db: Db, payload: object) => {
    await db.insert(xapiOutbox).values({ kind, payload: JSON.parse(JSON.stringify(payload)) });
  };
  events.on('lessonPassed', enqueue('lessonPassed'));
  events.on('examGraded', enqueue('examGraded'));
  events.on('courseCompleted', enqueue('courseCompleted'));
}

/** A UUID (version 5 layout) made from a name: the same event always gives the same statement id. */
export function statementIdOf(name: string): string {
  const hash = createHash('sha1').update(`academy-xapi:${name}`).digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** ISO 8601 duration of whole seconds, e.g. PT1H2M3S. */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${rest || (!h && !m) ? `${rest}S` : ''}`;
}

type Row = typeof xapiOutbox.$inferSelect;
const num = (value: unknown): number => Number(value);
const iso = (value: unknown): string => new Date(String(value)).toISOString();

/** Turns up to `batch` outbox rows into statements in the LRS; answers how many rows it handled. */
export async function emitOwnStatements(db: Db, publicUrl: string, batch = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(xapiOutbox)
      .orderBy(xapiOutbox.id)
      .limit(batch)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    const statements = await statementsOf(tx, rows, publicUrl);
    if (statements.length > 0) {
      await storeStatements(tx, statements, { client: ACADEMY_CLIENT, homePage: publicUrl, parts: [] });
    }
    await tx.delete(xapiOutbox).where(
      inArray(
        xapiOutbox.id,
        rows.map((row) => row.id),
      ),
    );
    return rows.length;
  });
}

async function statementsOf(db: Db, rows: Row[], publicUrl: string): Promise<JsonObject[]> {
  const courseIds = rows.map((row) => num(row.payload.courseId)).filter(Boolean);
  const lessonIds = rows.map((row) => num(row.payload.lessonId ?? row.payload.examId)).filter(Boolean);
  const names = await courseAndLessonNames(db, courseIds, lessonIds);
  const people = new Map<number, JsonObject | null>();
  for (const userId of new Set(rows.map((row) => num(row.payload.userId)))) {
    const user = await userBrief(db, userId, EVERYTHING);
    people.set(
      userId,
      user
        ? {
            objectType: 'Agent',
            name: user.fullName ?? user.employeeCode,
            account: { homePage: publicUrl, name: user.employeeCode },
          }
        : null,
    );
  }
  const activity = (kind: keyof typeof TYPES, id: number, name: string | undefined): JsonObject => ({
    objectType: 'Activity',
    id: `${publicUrl}/xapi/activities/${kind}/${id}`,
    definition: { type: TYPES[kind], ...(name ? { name: { en: name } } : {}) },
  });
  const courseContext = (courseId: number): JsonObject => ({
    contextActivities: { parent: [activity('course', courseId, names.courses.get(courseId)?.name)] },
    platform: 'Academy',
  });

  const out: JsonObject[] = [];
  for (const row of rows) {
    const p = row.payload;
    const actor = people.get(num(p.userId));
    if (!actor) continue; // the learner was deleted meanwhile
    switch (row.kind) {
      case 'lessonPassed': {
        const lesson = names.lessons.get(num(p.lessonId));
        out.push({
          id: statementIdOf(`lesson:${p.userId}:${p.lessonId}`),
          actor,
          verb: VERBS.completed,
          object: activity('lesson', num(p.lessonId), lesson?.name),
          result: { completion: true, success: true, duration: isoDuration(num(p.studiedSeconds)) },
          context: courseContext(num(p.courseId)),
          timestamp: iso(p.at),
        });
        break;
      }
      case 'examGraded': {
        const lesson = names.lessons.get(num(p.examId));
        const mark = num(p.mark);
        out.push({
          id: statementIdOf(`attempt:${p.attemptId}`),
          actor,
          verb: p.passed ? VERBS.passed : VERBS.failed,
          object: activity('assessment', num(p.examId), lesson?.name),
          result: {
            score: { scaled: mark / 100, raw: mark, min: 0, max: 100 },
            success: Boolean(p.passed),
            completion: true,
            duration: isoDuration((Date.parse(String(p.at)) - Date.parse(String(p.startedAt))) / 1000),
          },
          ...(lesson ? { context: courseContext(lesson.courseId) } : {}),
          timestamp: iso(p.at),
        });
        break;
      }
      case 'courseCompleted': {
        const courseId = num(p.courseId);
        const course = names.courses.get(courseId);
        out.push({
          id: statementIdOf(`course:${p.userId}:${courseId}`),
          actor,
          verb: VERBS.completed,
          object: activity('course', courseId, course?.name),
          result: { completion: true, success: true },
          timestamp: iso(p.at),
        });
        const certificate = await certificateOfCompletion(db, num(p.userId), courseId);
        if (certificate) {
          out.push({
            id: statementIdOf(`certificate:${certificate.id}`),
            actor,
            verb: VERBS.earned,
            object: {
              ...activity('certificate', certificate.id, course ? `Certificate: ${course.name}` : undefined),
              definition: {
                type: TYPES.certificate,
                ...(course ? { name: { en: `Certificate: ${course.name}` } } : {}),
                moreInfo: `${publicUrl}/certificates/verify/${certificate.code}`,
              },
            },
            context: courseContext(courseId),
            timestamp: certificate.issuedAt.toISOString(),
          });
        }
        break;
      }
    }
  }
  return out;
}

export const outboxDepth = (db: Db) => db.select({ n: sql<number>`count(*)::int` }).from(xapiOutbox);
