import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CERTIFICATE_MESSAGES,
  type CertificateStatus,
  type TCertificateVerification,
  type TIssuedCertificate,
  type TPageQuery,
} from '@academy/contract';
import { and, asc, count, desc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppEvents } from '../../events';
import type { Db } from '../../platform/db/client';
import { uniqueViolation } from '../../platform/db/errors';
import type { Events } from '../../platform/events';
import { notFound } from '../../platform/http/errors';
import { orderBy, pageWindow } from '../../platform/http/pagination';
import type { ManagementScope } from '../../platform/http/scope';
import { newFileKey, type Storage } from '../../platform/storage/storage';
import { courseFacts } from '../courses';
import { displayNameOf, employeeCodeOf, userWithinSql } from '../users';
import { certificateDate, renderCertificate } from './render';
import { readStored } from './service';
import { certificates, issuedCertificates } from './tables';

type CourseCompletion = AppEvents['courseCompleted'];
/** A completion to issue for: its cycle is 1 when not given (demo data, tests). */
type Completion = Omit<CourseCompletion, 'cycle'> & { cycle?: number };

/** How issuing reads the academy's time zone (expiry days) and, in tests, a moved clock. */
export type IssueSettings = { timeZone?: string; clock?: () => Date };

/**
 * Issuing certificates. When a learner finishes a course that grants a certificate, the study
 * module's `courseCompleted` event has `issueForCompletion` called inside the transaction that recorded the
 * last pass: it inserts the issued certificate with `ON CONFLICT (user_id, course_id) DO
 * NOTHING`, so however many requests complete the course at once, one row exists. The PDF is
 * rendered afterwards by a job (`renderIssued`, queued by a sweep of rows without a file), or
 * at once when the learner downloads it first.
 */

/** Unambiguous capitals and digits (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A verification code such as 7K2Q-9XMP-ACDF (12 random symbols: about 59 bits). */
export function newCertificateCode(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/**
 * Issues the course's certificate to the learner for their cycle of the course unless they have it
 * already. Returns the new row's id, or null when nothing was issued (no certificate on the course,
 * or already issued). Runs in a savepoint so that a failure here never undoes the learner's progress.
 */
export async function issueForCompletion(
  db: Db,
  completion: Completion,
  settings: IssueSettings = {},
): Promise<number | null> {
  return (await issueCertificate(db, completion, settings))?.id ?? null;
}

/**
 * The end of the day `months` months after the day `issuedAt` falls on, in `timeZone` (decision
 * 104): a month added to 31 January is the last day of February.
 */
function expirySql(issuedAt: SQL, months: SQL, timeZone: string): SQL {
  return sql`(((((${issuedAt}) at time zone ${timeZone})::date + make_interval(months => ${months}))::date + 1)::timestamp at time zone ${timeZone}) - interval '1 millisecond'`;
}

/** `issueForCompletion`, answering the issued row's code and course name too. */
async function issueCertificate(
  db: Db,
  completion: Completion,
  settings: IssueSettings,
): Promise<{ id: number; code: string; courseName: string } | null> {
  const issuedAt = sql`${(settings.clock?.() ?? completion.at).toISOString()}::timestamptz`;
  const timeZone = settings.timeZone ?? 'UTC';
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const course = courseFacts(tx);
        // The learner's printed name comes from the users module; null (nothing issued) for no such user.
        const result = await tx.execute(sql`
          insert into ${issuedCertificates}
            (code, user_id, course_id, certificate_id, full_name, course_name, issued_at, cycle, expires_at)
          select ${newCertificateCode()}, ${completion.userId}::int, ${course.id}, cert.id,
            learner.name, ${course.name}, ${issuedAt}, ${completion.cycle ?? 1}::int,
            case when ${course.certificateValidityMonths} is not null
              then ${expirySql(issuedAt, sql`${course.certificateValidityMonths}`, timeZone)} end
          from (select ${displayNameOf(completion.userId)} as name) learner
          join ${course} on ${course.id} = ${completion.courseId}
          join ${certificates} cert on cert.id = ${course.certificateId}
          where learner.name is not null
          on conflict (user_id, course_id, cycle) do nothing
          returning id, code, course_name as "courseName"`);
        // Both drivers (pg, PGlite) answer with { rows }.
        const rows = (result as unknown as { rows: { id: number; code: string; courseName: string }[] }).rows;
        return rows[0] ?? null;
      });
    } catch (err) {
      // A verification code collision (about 1 in 10^17 per pair): draw another.
      if (uniqueViolation(err) === 'issued_certificates_code_uq' && attempt < 5) continue;
      throw err;
    }
  }
}

/** The handler of `courseCompleted`: issues, and never lets a failure undo the learner's progress. */
export function completionListener(
  log: FastifyBaseLogger,
  events: Events<Pick<AppEvents, 'certificateIssued'>>,
  settings: IssueSettings = {},
) {
  return async (db: Db, completion: CourseCompletion): Promise<void> => {
    try {
      const issued = await issueCertificate(db, completion, settings);
      if (issued === null) return;
      log.info({ certificate: issued.id, ...completion }, 'certificate issued');
      await events.publish(db, 'certificateIssued', {
        userId: completion.userId,
        issuedId: issued.id,
        courseId: completion.courseId,
        courseName: issued.courseName,
        code: issued.code,
      });
    } catch (err) {
      log.error({ err, ...completion }, 'issuing a certificate failed');
    }
  };
}

const issuedColumns = {
  id: issuedCertificates.id,
  code: issuedCertificates.code,
  userId: issuedCertificates.userId,
  fullName: issuedCertificates.fullName,
  employeeCode: employeeCodeOf(issuedCertificates.userId),
  courseId: issuedCertificates.courseId,
  courseName: issuedCertificates.courseName,
  certificateId: issuedCertificates.certificateId,
  certificateName: certificates.name,
  issuedAt: issuedCertificates.issuedAt,
  expiresAt: issuedCertificates.expiresAt,
  cycle: issuedCertificates.cycle,
  fileKey: issuedCertificates.fileKey,
};

type IssuedRow = {
  id: number;
  code: string;
  userId: number;
  fullName: string;
  employeeCode: string;
  courseId: number | null;
  courseName: string;
  certificateId: number;
  certificateName: string;
  issuedAt: Date;
  expiresAt: Date | null;
  cycle: number;
  fileKey: string | null;
};

/** Valid through its expiry (the last millisecond of its day), expired after it; never without one. */
export function certificateStatus(expiresAt: Date | null, now: Date): CertificateStatus {
  return expiresAt !== null && expiresAt.getTime() < now.getTime() ? 'EXPIRED' : 'VALID';
}

function toIssued({ fileKey, issuedAt, expiresAt, ...row }: IssuedRow, now: Date): TIssuedCertificate {
  return {
    ...row,
    issuedAt: issuedAt.toISOString(),
    expiresAt: expiresAt?.toISOString() ?? null,
    status: certificateStatus(expiresAt, now),
    ready: fileKey !== null,
  };
}

function selectIssued(db: Db) {
  return db
    .select(issuedColumns)
    .from(issuedCertificates)
    .innerJoin(certificates, eq(certificates.id, issuedCertificates.certificateId));
}

/** A learner's certificates, newest first, valid or expired at `now`: one query. */
export async function certificatesOf(db: Db, userId: number, now: Date): Promise<TIssuedCertificate[]> {
  const rows = await selectIssued(db)
    .where(eq(issuedCertificates.userId, userId))
    .orderBy(desc(issuedCertificates.issuedAt), desc(issuedCertificates.id));
  return rows.map((row) => toIssued(row, now));
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type IssuedListQuery = TPageQuery & {
  certificateId?: number;
  courseId?: number;
  userId?: number;
  /** The caller's management scope: certificates of learners outside it are left out. */
  within?: ManagementScope;
};

function learnerWithin(within: ManagementScope | undefined): SQL | undefined {
  return userWithinSql(within, issuedCertificates.userId);
}

/** Issued certificates for staff, searchable by learner, code or course: two queries. */
export async function listIssued(
  db: Db,
  query: IssuedListQuery,
  now: Date,
): Promise<{ rows: TIssuedCertificate[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${issuedCertificates.fullName}) like ${like} or lower(${employeeCodeOf(issuedCertificates.userId)}) like ${like} or lower(${issuedCertificates.code}) like ${like} or lower(${issuedCertificates.courseName}) like ${like})`,
    );
  }
  if (query.certificateId) conditions.push(eq(issuedCertificates.certificateId, query.certificateId));
  if (query.courseId) conditions.push(eq(issuedCertificates.courseId, query.courseId));
  if (query.userId) conditions.push(eq(issuedCertificates.userId, query.userId));
  const within = learnerWithin(query.within);
  if (within) conditions.push(within);
  const where = conditions.length ? and(...conditions) : undefined;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    selectIssued(db)
      .where(where)
      .orderBy(
        orderBy(
          query.sort,
          {
            issuedAt: issuedCertificates.issuedAt,
            fullName: issuedCertificates.fullName,
            courseName: issuedCertificates.courseName,
          },
          desc(issuedCertificates.issuedAt),
        ),
        desc(issuedCertificates.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(issuedCertificates).where(where),
  ]);
  return { rows: rows.map((row) => toIssued(row, now)), total: total?.n ?? 0 };
}

/**
 * The public verification of a code: who earned what and when, and whether it is still valid at
 * `now` (valid until its expiry day ends; decision 104). One query.
 */
export async function verifyCertificate(db: Db, code: string, now: Date): Promise<TCertificateVerification> {
  const [row] = await db
    .select({
      code: issuedCertificates.code,
      fullName: issuedCertificates.fullName,
      courseName: issuedCertificates.courseName,
      certificateName: certificates.name,
      issuedAt: issuedCertificates.issuedAt,
      expiresAt: issuedCertificates.expiresAt,
    })
    .from(issuedCertificates)
    .innerJoin(certificates, eq(certificates.id, issuedCertificates.certificateId))
    .where(eq(issuedCertificates.code, code.trim().toUpperCase()));
  if (!row) throw notFound(CERTIFICATE_MESSAGES.invalidCode);
  return {
    ...row,
    issuedAt: row.issuedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    status: certificateStatus(row.expiresAt, now),
  };
}

/**
 * Renders an issued certificate's PDF and stores it, unless it is rendered already. Safe to run
 * twice at once: only the first file to be recorded is kept, the other one is removed.
 * Returns the stored key.
 */
export async function renderIssued(db: Db, storage: Storage, id: number): Promise<string> {
  const [row] = await db
    .select({
      fileKey: issuedCertificates.fileKey,
      code: issuedCertificates.code,
      fullName: issuedCertificates.fullName,
      courseName: issuedCertificates.courseName,
      issuedAt: issuedCertificates.issuedAt,
      templateKey: certificates.templateKey,
      layout: certificates.layout,
      certificateName: certificates.name,
    })
    .from(issuedCertificates)
    .innerJoin(certificates, eq(certificates.id, issuedCertificates.certificateId))
    .where(eq(issuedCertificates.id, id));
  if (!row) throw notFound(CERTIFICATE_MESSAGES.issuedNotFound);
  if (row.fileKey) return row.fileKey;
  const pdf = await renderCertificate(
    await readStored(storage, row.templateKey),
    row.layout,
    {
      fullName: row.fullName,
      courseName: row.courseName,
      date: certificateDate(row.issuedAt),
      code: row.code,
    },
    { title: `${row.certificateName} — ${row.fullName}`, subject: `${row.courseName} (${row.code})` },
  );
  const key = newFileKey('certificates', 'pdf');
  await storage.put(key, Buffer.from(pdf), { contentType: 'application/pdf', fileName: `${row.code}.pdf` });
  const [saved] = await db
    .update(issuedCertificates)
    .set({ fileKey: key, renderedAt: new Date() })
    .where(and(eq(issuedCertificates.id, id), isNull(issuedCertificates.fileKey)))
    .returning({ fileKey: issuedCertificates.fileKey });
  if (saved?.fileKey) return saved.fileKey;
  await storage.delete(key);
  const [winner] = await db
    .select({ fileKey: issuedCertificates.fileKey })
    .from(issuedCertificates)
    .where(eq(issuedCertificates.id, id));
  if (!winner?.fileKey) throw new Error(`certificate ${id} lost its file while rendering`);
  return winner.fileKey;
}

/** Certificates still without a PDF whose render job was never queued or seems lost. */
export async function claimPending(db: Db, now: Date, lostAfterMs: number, limit = 50): Promise<number[]> {
  const cutoff = new Date(now.getTime() - lostAfterMs);
  const rows = await db
    .update(issuedCertificates)
    .set({ renderQueuedAt: now })
    .where(
      sql`${issuedCertificates.id} in (${db
        .select({ id: issuedCertificates.id })
        .from(issuedCertificates)
        .where(
          and(
            isNull(issuedCertificates.fileKey),
            or(isNull(issuedCertificates.renderQueuedAt), lt(issuedCertificates.renderQueuedAt, cutoff)),
          ),
        )
        .orderBy(asc(issuedCertificates.id))
        .limit(limit)
        .for('update', { skipLocked: true })})`,
    )
    .returning({ id: issuedCertificates.id });
  return rows.map((r) => r.id);
}

export type CertificateFile = { stream: Readable; size: number; fileName: string };

/** One issued certificate's PDF (rendered now if the job has not done it yet). */
export async function issuedFile(
  db: Db,
  storage: Storage,
  id: number,
  whose: { ownerId: number } | { within: ManagementScope },
): Promise<CertificateFile> {
  const [row] = await db
    .select({
      userId: issuedCertificates.userId,
      code: issuedCertificates.code,
      courseName: issuedCertificates.courseName,
    })
    .from(issuedCertificates)
    .where(and(eq(issuedCertificates.id, id), 'within' in whose ? learnerWithin(whose.within) : undefined));
  if (!row || ('ownerId' in whose && row.userId !== whose.ownerId)) {
    throw notFound(CERTIFICATE_MESSAGES.issuedNotFound);
  }
  const key = await renderIssued(db, storage, id);
  const file = await storage.get(key);
  if (!file) throw notFound(CERTIFICATE_MESSAGES.issuedNotFound);
  const safeCourse = row.courseName
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .trim()
    .slice(0, 80);
  return {
    stream: file.stream,
    size: file.info.size,
    fileName: `Certificate - ${safeCourse} - ${row.code}.pdf`,
  };
}
