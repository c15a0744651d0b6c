import {
  type PostGender,
  type PostStatusFilter,
  postApplicationFormUrl,
  postStatus,
  RECRUITMENT_MESSAGES,
  type TRecruitmentBranch,
  type TRecruitmentListQuery,
  type TRecruitmentPost,
  type TRecruitmentPostDetail,
  type TRecruitmentPostInput,
  type TRecruitmentPostRow,
  type TRecruitmentPostSummary,
  type WorkForm,
} from '@academy/contract';
import type { Column } from 'drizzle-orm';
import { and, asc, count, desc, eq, getTableName, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/http/errors';
import { orderBy, pageWindow } from '../../platform/http/pagination';
import { newFileKey, type Storage } from '../../platform/storage/storage';
import type { CheckedFile } from '../../platform/uploads/checks';
import { removeStoredFiles, withStoredFiles } from '../../platform/uploads/store';
import { branchNameOf, resolvePlacement, serviceNameOfBranch } from '../org';
import { isSampleKey } from './samples';
import { recruitmentApplications, recruitmentPosts } from './tables';

export type PostFiles = Partial<Record<'banner' | 'applicationForm', CheckedFile>>;

/** `"table"."column"`, always qualified, for correlated subqueries. */
function col(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

const postId = col(recruitmentPosts.id);
const applications = sql.identifier(getTableName(recruitmentApplications));

const summaryColumns = {
  id: recruitmentPosts.id,
  vacancy: recruitmentPosts.vacancy,
  branchId: recruitmentPosts.branchId,
  branchName: branchNameOf(recruitmentPosts.branchId),
  serviceName: serviceNameOfBranch(recruitmentPosts.branchId),
  endAt: recruitmentPosts.endAt,
  salaryMin: recruitmentPosts.salaryMin,
  salaryMax: recruitmentPosts.salaryMax,
  workForm: recruitmentPosts.workForm,
  quantity: recruitmentPosts.quantity,
  workplace: recruitmentPosts.workplace,
  bannerUrl: recruitmentPosts.bannerUrl,
  createdAt: recruitmentPosts.createdAt,
};

const detailColumns = {
  ...summaryColumns,
  gender: recruitmentPosts.gender,
  degree: recruitmentPosts.degree,
  experience: recruitmentPosts.experience,
  rank: recruitmentPosts.rank,
  address: recruitmentPosts.address,
  jobDescription: recruitmentPosts.jobDescription,
  requirements: recruitmentPosts.requirements,
  benefits: recruitmentPosts.benefits,
  hrPolicy: recruitmentPosts.hrPolicy,
  applicationFormKey: recruitmentPosts.applicationFormKey,
  applicationFormName: recruitmentPosts.applicationFormName,
  applicationFormSize: recruitmentPosts.applicationFormSize,
  updatedAt: recruitmentPosts.updatedAt,
};

/** Application counts of the post in the current row: index lookups, no grouping over all rows. */
const countColumns = {
  applicationCount: sql<number>`(select count(*) from ${applications} where post_id = ${postId})`.mapWith(
    Number,
  ),
  pendingCount:
    sql<number>`(select count(*) from ${applications} where post_id = ${postId} and status = 'PENDING')`.mapWith(
      Number,
    ),
  approvedCount:
    sql<number>`(select count(*) from ${applications} where post_id = ${postId} and status = 'APPROVED')`.mapWith(
      Number,
    ),
};

type SummaryRow = {
  id: number;
  vacancy: string;
  branchId: number;
  branchName: string;
  serviceName: string;
  endAt: Date | null;
  salaryMin: number | null;
  salaryMax: number | null;
  workForm: string;
  quantity: number;
  workplace: string | null;
  bannerUrl: string | null;
  createdAt: Date;
};
type DetailRow = SummaryRow & {
  gender: string;
  degree: string | null;
  experience: string | null;
  rank: string | null;
  address: string | null;
  jobDescription: string;
  requirements: string | null;
  benefits: string | null;
  hrPolicy: string | null;
  applicationFormKey: string | null;
  applicationFormName: string | null;
  applicationFormSize: number | null;
  updatedAt: Date;
};
type Counts = { applicationCount: number; pendingCount: number; approvedCount: number };

function toSummary(row: SummaryRow, now: Date): TRecruitmentPostSummary {
  return {
    id: row.id,
    vacancy: row.vacancy,
    branchId: row.branchId,
    branchName: row.branchName,
    serviceName: row.serviceName,
    endDate: row.endAt?.toISOString() ?? null,
    status: postStatus(row.endAt, now),
    salaryMin: row.salaryMin,
    salaryMax: row.salaryMax,
    workForm: row.workForm as WorkForm,
    quantity: row.quantity,
    workplace: row.workplace,
    banner: row.bannerUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDetail(row: DetailRow, now: Date): TRecruitmentPostDetail {
  return {
    ...toSummary(row, now),
    gender: row.gender as PostGender,
    degree: row.degree,
    experience: row.experience,
    rank: row.rank,
    address: row.address,
    jobDescription: row.jobDescription,
    requirements: row.requirements,
    benefits: row.benefits,
    hrPolicy: row.hrPolicy,
    applicationForm:
      row.applicationFormKey && row.applicationFormName
        ? {
            name: row.applicationFormName,
            size: row.applicationFormSize ?? 0,
            url: postApplicationFormUrl(row.id),
          }
        : null,
  };
}

function isOpen(now: Date): SQL {
  return or(isNull(recruitmentPosts.endAt), gt(recruitmentPosts.endAt, now)) as SQL;
}

function statusCondition(status: PostStatusFilter, now: Date): SQL | undefined {
  if (status === 'open') return isOpen(now);
  if (status === 'closed') return lte(recruitmentPosts.endAt, now);
  return undefined;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function listConditions(query: TRecruitmentListQuery, status: PostStatusFilter, now: Date) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
    conditions.push(
      or(
        sql`lower(${recruitmentPosts.vacancy}) like ${pattern}`,
        sql`lower(coalesce(${recruitmentPosts.workplace}, '')) like ${pattern}`,
      ) as SQL,
    );
  }
  if (query.branchId) conditions.push(eq(recruitmentPosts.branchId, query.branchId));
  const byStatus = statusCondition(status, now);
  if (byStatus) conditions.push(byStatus);
  return conditions.length ? and(...conditions) : undefined;
}

const sortable = {
  id: recruitmentPosts.id,
  vacancy: recruitmentPosts.vacancy,
  endDate: recruitmentPosts.endAt,
  createdAt: recruitmentPosts.createdAt,
};

/** Open posts first (when both kinds are listed), newest first. */
function defaultOrder(now: Date): SQL[] {
  return [sql`case when ${isOpen(now)} then 0 else 1 end`, desc(recruitmentPosts.id)];
}

const summaries = (db: Db) => db.select(summaryColumns).from(recruitmentPosts);

const summariesWithCounts = (db: Db) =>
  db.select({ ...summaryColumns, ...countColumns }).from(recruitmentPosts);

const details = (db: Db) => db.select(detailColumns).from(recruitmentPosts);

const detailsWithCounts = (db: Db) => db.select({ ...detailColumns, ...countColumns }).from(recruitmentPosts);

async function totalOf(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recruitmentPosts).where(where);
  return row?.n ?? 0;
}

/** The public list: open posts unless asked otherwise. Two queries (page, total). */
export async function listPublicPosts(db: Db, query: TRecruitmentListQuery, now: Date) {
  const where = listConditions(query, query.status ?? 'open', now);
  const { limit, offset } = pageWindow(query);
  const order = query.sort ? [orderBy(query.sort, sortable, desc(recruitmentPosts.id))] : defaultOrder(now);
  const rows = await summaries(db)
    .where(where)
    .orderBy(...order, desc(recruitmentPosts.id))
    .limit(limit)
    .offset(offset);
  return { rows: rows.map((r) => toSummary(r, now)), total: await totalOf(db, where) };
}

/** The management list: every post unless filtered, with application counts. Two queries. */
export async function listPosts(db: Db, query: TRecruitmentListQuery, now: Date) {
  const where = listConditions(query, query.status ?? 'all', now);
  const { limit, offset } = pageWindow(query);
  const order = query.sort ? [orderBy(query.sort, sortable, desc(recruitmentPosts.id))] : defaultOrder(now);
  const rows = await summariesWithCounts(db)
    .where(where)
    .orderBy(...order, desc(recruitmentPosts.id))
    .limit(limit)
    .offset(offset);
  const page: TRecruitmentPostRow[] = rows.map((r) => ({
    ...toSummary(r, now),
    applicationCount: r.applicationCount,
    pendingCount: r.pendingCount,
    approvedCount: r.approvedCount,
  }));
  return { rows: page, total: await totalOf(db, where) };
}

/** A post as visitors see it, or 404 "Cannot find recruitment post". One query. */
export async function getPublicPost(db: Db, id: number, now: Date): Promise<TRecruitmentPostDetail> {
  const [row] = await details(db).where(eq(recruitmentPosts.id, id));
  if (!row) throw notFound(RECRUITMENT_MESSAGES.postNotFound);
  return toDetail(row, now);
}

/** A post with its application counts, for HR. One query. */
export async function getPost(db: Db, id: number, now: Date): Promise<TRecruitmentPost> {
  const [row] = await detailsWithCounts(db).where(eq(recruitmentPosts.id, id));
  if (!row) throw notFound(RECRUITMENT_MESSAGES.postNotFound);
  return withCounts(toDetail(row, now), row, row.updatedAt);
}

function withCounts(detail: TRecruitmentPostDetail, counts: Counts, updatedAt: Date): TRecruitmentPost {
  return {
    ...detail,
    applicationCount: counts.applicationCount,
    pendingCount: counts.pendingCount,
    approvedCount: counts.approvedCount,
    updatedAt: updatedAt.toISOString(),
  };
}

/** What an application needs to know about its post: one query. */
export async function postForApplying(db: Db, id: number) {
  const [row] = await db
    .select({
      id: recruitmentPosts.id,
      vacancy: recruitmentPosts.vacancy,
      endAt: recruitmentPosts.endAt,
      branchName: branchNameOf(recruitmentPosts.branchId),
    })
    .from(recruitmentPosts)
    .where(eq(recruitmentPosts.id, id));
  if (!row) throw notFound(RECRUITMENT_MESSAGES.postNotFound);
  return row;
}

/** Branches that have posts, with how many are open: the public branch filter. One query. */
export async function recruitmentBranches(db: Db, now: Date): Promise<TRecruitmentBranch[]> {
  const name = branchNameOf(recruitmentPosts.branchId);
  return db
    .select({
      id: recruitmentPosts.branchId,
      name,
      openCount: sql<number>`count(*) filter (where ${isOpen(now)})`.mapWith(Number),
    })
    .from(recruitmentPosts)
    .groupBy(recruitmentPosts.branchId)
    .orderBy(asc(name));
}

function postValues(input: TRecruitmentPostInput) {
  return {
    vacancy: input.vacancy,
    branchId: input.branchId,
    endAt: input.indefinite || !input.endDate ? null : new Date(input.endDate),
    salaryMin: input.salaryMin ?? null,
    salaryMax: input.salaryMax ?? null,
    workForm: input.workForm,
    gender: input.gender,
    quantity: input.quantity,
    degree: input.degree ?? null,
    experience: input.experience ?? null,
    rank: input.rank ?? null,
    workplace: input.workplace ?? null,
    address: input.address ?? null,
    jobDescription: input.jobDescription,
    requirements: input.requirements ?? null,
    benefits: input.benefits ?? null,
    hrPolicy: input.hrPolicy ?? null,
  };
}

/** A new or changed end date must lie ahead of `now` (SPEC §5). */
function assertEndDate(endAt: Date | null, previous: Date | null | undefined, now: Date): void {
  if (!endAt) return;
  const unchanged = previous !== undefined && previous?.getTime() === endAt.getTime();
  if (unchanged || endAt.getTime() > now.getTime()) return;
  throw badRequest(RECRUITMENT_MESSAGES.endDateInFuture, [
    { field: 'endDate', message: RECRUITMENT_MESSAGES.endDateInFuture },
  ]);
}

/** Stores the blank application form under a key served by the public download route. */
async function storeApplicationForm(storage: Storage, file: CheckedFile): Promise<string> {
  const key = newFileKey('recruitment-forms', file.extension);
  await storage.put(key, file.data, { contentType: file.contentType, fileName: file.fileName });
  return key;
}

async function deleteKeys(storage: Storage, log: FastifyBaseLogger, keys: (string | null | undefined)[]) {
  for (const key of keys) {
    if (!key || isSampleKey(key)) continue;
    try {
      await storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'could not remove a recruitment file');
    }
  }
}

export async function createPost(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  input: TRecruitmentPostInput,
  files: PostFiles,
  now: Date,
): Promise<TRecruitmentPost> {
  const values = postValues(input);
  assertEndDate(values.endAt, undefined, now);
  await resolvePlacement(db, { branchId: input.branchId });
  const formKey = files.applicationForm ? await storeApplicationForm(storage, files.applicationForm) : null;
  const form = files.applicationForm;
  try {
    const id = await withStoredFiles(storage, 'recruitment', { banner: files.banner }, async (urls) => {
      const [row] = await db
        .insert(recruitmentPosts)
        .values({
          ...values,
          bannerUrl: urls.banner ?? null,
          applicationFormKey: formKey,
          applicationFormName: form?.fileName ?? null,
          applicationFormSize: form?.data.length ?? null,
        })
        .returning({ id: recruitmentPosts.id });
      if (!row) throw new Error('recruitment post insert returned nothing');
      return row.id;
    });
    return await getPost(db, id, now);
  } catch (err) {
    await deleteKeys(storage, log, [formKey]);
    throw err;
  }
}

export async function updatePost(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  id: number,
  input: TRecruitmentPostInput,
  files: PostFiles,
  now: Date,
): Promise<TRecruitmentPost> {
  const [existing] = await db
    .select({
      endAt: recruitmentPosts.endAt,
      bannerUrl: recruitmentPosts.bannerUrl,
      formKey: recruitmentPosts.applicationFormKey,
      formName: recruitmentPosts.applicationFormName,
      formSize: recruitmentPosts.applicationFormSize,
    })
    .from(recruitmentPosts)
    .where(eq(recruitmentPosts.id, id));
  if (!existing) throw notFound(RECRUITMENT_MESSAGES.postNotFound);
  const values = postValues(input);
  assertEndDate(values.endAt, existing.endAt, now);
  await resolvePlacement(db, { branchId: input.branchId });
  const form = files.applicationForm;
  const newFormKey = form ? await storeApplicationForm(storage, form) : null;
  const keepForm = !form && !input.removeApplicationForm;
  let bannerUrl: string | null;
  try {
    bannerUrl = await withStoredFiles(storage, 'recruitment', { banner: files.banner }, async (urls) => {
      const banner = urls.banner ?? (input.removeBanner ? null : existing.bannerUrl);
      const [row] = await db
        .update(recruitmentPosts)
        .set({
          ...values,
          bannerUrl: banner,
          applicationFormKey: keepForm ? existing.formKey : newFormKey,
          applicationFormName: keepForm ? existing.formName : (form?.fileName ?? null),
          applicationFormSize: keepForm ? existing.formSize : (form?.data.length ?? null),
          updatedAt: new Date(),
        })
        .where(eq(recruitmentPosts.id, id))
        .returning({ id: recruitmentPosts.id });
      if (!row) throw notFound(RECRUITMENT_MESSAGES.postNotFound);
      return banner;
    });
  } catch (err) {
    await deleteKeys(storage, log, [newFormKey]);
    throw err;
  }
  if (bannerUrl !== existing.bannerUrl) await removeStoredFiles(storage, log, [existing.bannerUrl]);
  if (!keepForm) await deleteKeys(storage, log, [existing.formKey]);
  return getPost(db, id, now);
}

/** Deletes a post with its applications (one transaction), then their stored files. */
export async function deletePost(db: Db, storage: Storage, log: FastifyBaseLogger, id: number) {
  const removed = await db.transaction(async (tx) => {
    const files = await tx
      .select({ cv: recruitmentApplications.cvKey, form: recruitmentApplications.formKey })
      .from(recruitmentApplications)
      .where(eq(recruitmentApplications.postId, id));
    const [post] = await tx
      .delete(recruitmentPosts)
      .where(eq(recruitmentPosts.id, id))
      .returning({ bannerUrl: recruitmentPosts.bannerUrl, formKey: recruitmentPosts.applicationFormKey });
    if (!post) throw notFound(RECRUITMENT_MESSAGES.postNotFound);
    // Applications go with the post (ON DELETE CASCADE).
    return { post, keys: files.flatMap((f) => [f.cv, f.form]) };
  });
  await removeStoredFiles(storage, log, [removed.post.bannerUrl]);
  await deleteKeys(storage, log, [removed.post.formKey, ...removed.keys]);
}

/** The stored blank application form of a post (public), or 404. */
export async function postApplicationForm(db: Db, id: number) {
  const [row] = await db
    .select({ key: recruitmentPosts.applicationFormKey, name: recruitmentPosts.applicationFormName })
    .from(recruitmentPosts)
    .where(eq(recruitmentPosts.id, id));
  if (!row) throw notFound(RECRUITMENT_MESSAGES.postNotFound);
  if (!row.key) throw notFound(RECRUITMENT_MESSAGES.fileNotFound);
  return { key: row.key, name: row.name ?? 'application-form' };
}
