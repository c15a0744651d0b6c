import type { Readable } from 'node:stream';
import {
  APPLICATION_HONEYPOT,
  type ApplicationStatus,
  applicationCvUrl,
  applicationFormUrl,
  postStatus,
  RECRUITMENT_MESSAGES,
  type TApplication,
  type TApplicationInput,
  type TApplicationListQuery,
  type TApplicationReceipt,
} from '@academy/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { uniqueViolation } from '../../platform/db/errors';
import { ApiError, conflict, notFound } from '../../platform/http/errors';
import { orderBy, pageWindow } from '../../platform/http/pagination';
import type { Mailer } from '../../platform/mail';
import { newFileKey, type Storage, type StoredFileInfo } from '../../platform/storage/storage';
import type { CheckedFile } from '../../platform/uploads/checks';
import { fullNameOf } from '../users';
import { postForApplying } from './posts';
import { isSampleKey, sampleCvFor } from './samples';
import { recruitmentApplications, recruitmentPosts } from './tables';

export type ApplicationFiles = { cv: CheckedFile; applicationForm?: CheckedFile };

/** Refuses applications to posts whose deadline has passed (SPEC §4, §8). */
export function assertOpen(post: { endAt: Date | null }, now: Date): void {
  if (postStatus(post.endAt, now) === 'CLOSED') throw new ApiError(422, RECRUITMENT_MESSAGES.deadlinePassed);
}

/** Checks the post before the body is read: unknown → 404, closed → 422. */
export async function openPostForApplying(db: Db, postId: number, now: Date) {
  const post = await postForApplying(db, postId);
  assertOpen(post, now);
  return post;
}

/**
 * Records an application: the post must exist and be open, the email must not have applied to
 * it yet. Files are stored only once everything else is known to be fine, and removed again if
 * the insert fails. A form that filled the honeypot gets the same answer, but nothing is kept
 * or sent. The confirmation mail is best effort: a failure is logged, the application stays.
 */
export async function apply(
  db: Db,
  storage: Storage,
  mailer: Mailer,
  log: FastifyBaseLogger,
  postId: number,
  input: TApplicationInput,
  files: ApplicationFiles,
  now: Date,
  /** The candidate's language (their Accept-Language): they read the confirmation. */
  language?: string,
): Promise<TApplicationReceipt> {
  const post = await openPostForApplying(db, postId, now);
  const receipt = { postId, vacancy: post.vacancy, fullName: input.fullName, email: input.email };
  if (input[APPLICATION_HONEYPOT]) {
    log.info({ postId }, 'application refused silently: honeypot filled');
    return receipt;
  }
  const [existing] = await db
    .select({ id: recruitmentApplications.id })
    .from(recruitmentApplications)
    .where(
      and(
        eq(recruitmentApplications.postId, postId),
        sql`lower(${recruitmentApplications.email}) = ${input.email.toLowerCase()}`,
      ),
    );
  if (existing) throw alreadyApplied();
  const cvKey = newFileKey('recruitment-cvs', files.cv.extension);
  const form = files.applicationForm;
  const formKey = form ? newFileKey('recruitment-applications', form.extension) : null;
  const stored: string[] = [];
  try {
    await storage.put(cvKey, files.cv.data, {
      contentType: files.cv.contentType,
      fileName: files.cv.fileName,
    });
    stored.push(cvKey);
    if (form && formKey) {
      await storage.put(formKey, form.data, { contentType: form.contentType, fileName: form.fileName });
      stored.push(formKey);
    }
    await db.insert(recruitmentApplications).values({
      postId,
      fullName: input.fullName,
      email: input.email,
      phone: input.phone,
      message: input.message ?? null,
      cvKey,
      cvName: files.cv.fileName,
      cvSize: files.cv.data.length,
      formKey,
      formName: form?.fileName ?? null,
      formSize: form?.data.length ?? null,
      formContentType: form?.contentType ?? null,
    });
  } catch (err) {
    await Promise.allSettled(stored.map((key) => storage.delete(key)));
    if (uniqueViolation(err) !== undefined) throw alreadyApplied();
    throw err;
  }
  try {
    await mailer.send({
      to: input.email,
      kind: 'applicationReceived',
      data: { fullName: input.fullName, postId, vacancy: post.vacancy, branch: post.branchName },
      language,
    });
  } catch (err) {
    log.error({ err, postId }, 'could not send the application confirmation mail');
  }
  return receipt;
}

function alreadyApplied(): ApiError {
  return conflict(RECRUITMENT_MESSAGES.alreadyApplied, [
    { field: 'email', message: RECRUITMENT_MESSAGES.alreadyApplied },
  ]);
}

const applicationColumns = {
  id: recruitmentApplications.id,
  postId: recruitmentApplications.postId,
  vacancy: recruitmentPosts.vacancy,
  fullName: recruitmentApplications.fullName,
  email: recruitmentApplications.email,
  phone: recruitmentApplications.phone,
  message: recruitmentApplications.message,
  status: recruitmentApplications.status,
  cvName: recruitmentApplications.cvName,
  cvSize: recruitmentApplications.cvSize,
  formName: recruitmentApplications.formName,
  formSize: recruitmentApplications.formSize,
  createdAt: recruitmentApplications.createdAt,
  reviewedAt: recruitmentApplications.reviewedAt,
  reviewedBy: fullNameOf(recruitmentApplications.reviewedById),
};

type ApplicationRow = {
  id: number;
  postId: number;
  vacancy: string;
  fullName: string;
  email: string;
  phone: string;
  message: string | null;
  status: string;
  cvName: string;
  cvSize: number;
  formName: string | null;
  formSize: number | null;
  createdAt: Date;
  reviewedAt: Date | null;
  reviewedBy: string | null;
};

function toApplication(row: ApplicationRow): TApplication {
  return {
    id: row.id,
    postId: row.postId,
    vacancy: row.vacancy,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status as ApplicationStatus,
    cv: { name: row.cvName, size: row.cvSize, url: applicationCvUrl(row.id) },
    applicationForm: row.formName
      ? { name: row.formName, size: row.formSize ?? 0, url: applicationFormUrl(row.id) }
      : null,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.reviewedBy,
  };
}

function selectApplications(db: Db) {
  return db
    .select(applicationColumns)
    .from(recruitmentApplications)
    .innerJoin(recruitmentPosts, eq(recruitmentPosts.id, recruitmentApplications.postId));
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Conditions shared by the list and the export. */
export function applicationConditions(postId: number, filter: Pick<TApplicationListQuery, 'q' | 'status'>) {
  const conditions: SQL[] = [eq(recruitmentApplications.postId, postId)];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
    conditions.push(
      sql`(lower(${recruitmentApplications.fullName}) like ${pattern} or lower(${recruitmentApplications.email}) like ${pattern} or ${recruitmentApplications.phone} like ${pattern})`,
    );
  }
  if (filter.status) conditions.push(eq(recruitmentApplications.status, filter.status));
  return and(...conditions);
}

/**
 * The applications of one post, newest first: three queries whatever their number (the post,
 * for its 404; the page; the total).
 */
export async function listApplications(db: Db, postId: number, query: TApplicationListQuery) {
  await postForApplying(db, postId);
  const where = applicationConditions(postId, query);
  const { limit, offset } = pageWindow(query);
  const sortable = {
    id: recruitmentApplications.id,
    fullName: recruitmentApplications.fullName,
    status: recruitmentApplications.status,
    createdAt: recruitmentApplications.createdAt,
  };
  const rows = await selectApplications(db)
    .where(where)
    .orderBy(
      orderBy(query.sort, sortable, desc(recruitmentApplications.id)),
      desc(recruitmentApplications.id),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(recruitmentApplications).where(where);
  return { rows: rows.map(toApplication), total: total?.n ?? 0 };
}

export async function getApplication(db: Db, id: number): Promise<TApplication> {
  const [row] = await selectApplications(db).where(eq(recruitmentApplications.id, id));
  if (!row) throw notFound(RECRUITMENT_MESSAGES.applicationNotFound);
  return toApplication(row);
}

/**
 * Approves or disapproves an application, remembering who did it and when. When the decision
 * changes, the candidate is told by mail (best effort: a failure is logged, the decision stays).
 */
export async function reviewApplication(
  db: Db,
  mail: { mailer: Mailer; log: FastifyBaseLogger },
  id: number,
  status: Exclude<ApplicationStatus, 'PENDING'>,
  reviewerId: number,
): Promise<TApplication> {
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: recruitmentApplications.status })
      .from(recruitmentApplications)
      .where(eq(recruitmentApplications.id, id))
      .for('update');
    if (!row) throw notFound(RECRUITMENT_MESSAGES.applicationNotFound);
    await tx
      .update(recruitmentApplications)
      .set({ status, reviewedAt: new Date(), reviewedById: reviewerId })
      .where(eq(recruitmentApplications.id, id));
    return row.status;
  });
  const application = await getApplication(db, id);
  if (previous !== status) await mailDecision(db, mail, application, status);
  return application;
}

async function mailDecision(
  db: Db,
  { mailer, log }: { mailer: Mailer; log: FastifyBaseLogger },
  application: TApplication,
  status: Exclude<ApplicationStatus, 'PENDING'>,
): Promise<void> {
  try {
    const post = await postForApplying(db, application.postId);
    const data = {
      fullName: application.fullName,
      postId: application.postId,
      vacancy: application.vacancy,
      branch: post.branchName,
    };
    const kind = status === 'APPROVED' ? 'applicationApproved' : 'applicationDeclined';
    await mailer.send({ to: application.email, kind, data });
  } catch (err) {
    log.error({ err, applicationId: application.id }, 'could not send the application decision mail');
  }
}

/** Deletes an application and then its stored files. */
export async function deleteApplication(db: Db, storage: Storage, log: FastifyBaseLogger, id: number) {
  const [row] = await db
    .delete(recruitmentApplications)
    .where(eq(recruitmentApplications.id, id))
    .returning({ cv: recruitmentApplications.cvKey, form: recruitmentApplications.formKey });
  if (!row) throw notFound(RECRUITMENT_MESSAGES.applicationNotFound);
  for (const key of [row.cv, row.form]) {
    if (!key || isSampleKey(key)) continue;
    await storage.delete(key).catch((err) => log.warn({ err, key }, 'could not remove an application file'));
  }
}

export type PrivateFile = {
  info: StoredFileInfo;
  stream: Readable;
  name: string;
  contentType: string;
};

/** Opens a stored file; demo samples are written on first use. */
export async function openStoredFile(storage: Storage, key: string, name: string): Promise<PrivateFile> {
  let file = await storage.get(key);
  const sample = file ? undefined : sampleCvFor(key);
  if (!file && sample) {
    await storage.put(key, sample.build(), { contentType: 'application/pdf', fileName: sample.name });
    file = await storage.get(key);
  }
  if (!file) throw notFound(RECRUITMENT_MESSAGES.fileNotFound);
  return { ...file, name, contentType: file.info.contentType };
}

/** The CV or the filled application form of an application. */
export async function openApplicationFile(
  db: Db,
  storage: Storage,
  id: number,
  which: 'cv' | 'applicationForm',
): Promise<PrivateFile> {
  const [row] = await db
    .select({
      cvKey: recruitmentApplications.cvKey,
      cvName: recruitmentApplications.cvName,
      formKey: recruitmentApplications.formKey,
      formName: recruitmentApplications.formName,
    })
    .from(recruitmentApplications)
    .where(eq(recruitmentApplications.id, id));
  if (!row) throw notFound(RECRUITMENT_MESSAGES.applicationNotFound);
  if (which === 'cv') return openStoredFile(storage, row.cvKey, row.cvName);
  if (!row.formKey) throw notFound(RECRUITMENT_MESSAGES.fileNotFound);
  return openStoredFile(storage, row.formKey, row.formName ?? 'application-form');
}
