import {
  MESSAGES,
  NEWS_LIMITS,
  NEWS_MESSAGES,
  type TNewsDetail,
  type TNewsListQuery,
  type TNewsSummary,
  type ZNewsForm,
} from '@academy/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { pgErrorInfo } from '../../platform/db/errors';
import { badRequest, type FieldError, notFound } from '../../platform/http/errors';
import { orderBy, pageWindow } from '../../platform/http/pagination';
import { removeStoredImages, toResponsiveImage, withStoredImage } from '../../platform/images/responsive';
import { hasVisibleContent, sanitizeRichText } from '../../platform/richtext/sanitize';
import type { Storage } from '../../platform/storage/storage';
import type { CheckedFile } from '../../platform/uploads/checks';
import { serviceNameOf } from '../org';
import { news, newsCategories } from './tables';

export type NewsFormInput = z.output<typeof ZNewsForm>;
type NewsFilter = Partial<Omit<TNewsListQuery, 'page' | 'size' | 'sort'>>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const summaryColumns = {
  id: news.id,
  title: news.title,
  description: news.description,
  image: news.image,
  categoryId: news.categoryId,
  categoryName: newsCategories.name,
  serviceId: news.serviceId,
  serviceName: serviceNameOf(news.serviceId),
  hiddenFromHome: news.hiddenFromHome,
  outstanding: news.outstanding,
  createdAt: news.createdAt,
  updatedAt: news.updatedAt,
};

function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(news)
    .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId));
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary(row: SummaryRow): TNewsSummary {
  const imageSet = toResponsiveImage(row.image);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: imageSet?.src ?? null,
    imageSet,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    hiddenFromHome: row.hiddenFromHome,
    outstanding: row.outstanding,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function filterConditions(filter: NewsFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.tradeMarkId) conditions.push(eq(news.serviceId, filter.tradeMarkId));
  if (filter.categoryNewsId) conditions.push(eq(news.categoryId, filter.categoryNewsId));
  if (filter.q) conditions.push(sql`lower(${news.title}) like ${`%${escapeLike(filter.q.toLowerCase())}%`}`);
  if (filter.outstanding) conditions.push(eq(news.outstanding, filter.outstanding === 'true'));
  if (filter.hiddenFromHome) conditions.push(eq(news.hiddenFromHome, filter.hiddenFromHome === 'true'));
  return conditions.length ? and(...conditions) : undefined;
}

const SORTABLE = {
  id: news.id,
  title: news.title,
  createdAt: news.createdAt,
  updatedAt: news.updatedAt,
};

/** One page of news (newest first unless sorted) and the total: two queries whatever the size. */
export async function listNews(
  db: Db,
  query: NewsFilter & Pick<TNewsListQuery, 'page' | 'size' | 'sort'>,
): Promise<{ rows: TNewsSummary[]; total: number }> {
  const where = filterConditions(query);
  const { limit, offset } = pageWindow(query);
  const rows = await selectSummaries(db)
    .where(where)
    .orderBy(orderBy(query.sort, SORTABLE, desc(news.id)), desc(news.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(news).where(where);
  return { rows: rows.map(toSummary), total: total?.n ?? 0 };
}

/** Outstanding news shown on the home page, newest first (one query). */
export async function outstandingNews(db: Db, size: number): Promise<TNewsSummary[]> {
  const rows = await selectSummaries(db)
    .where(and(eq(news.outstanding, true), eq(news.hiddenFromHome, false)))
    .orderBy(desc(news.id))
    .limit(size);
  return rows.map(toSummary);
}

/** Every news id with its last change, for the sitemap. */
export async function newsForSitemap(db: Db): Promise<{ id: number; updatedAt: Date }[]> {
  return db.select({ id: news.id, updatedAt: news.updatedAt }).from(news).orderBy(desc(news.id));
}

/**
 * The ids the related news are chosen from, each part read newest first from an index and cut
 * short, so an article costs the same whatever the number of news. Same category and service:
 * the first `related`. Same category (or same service): when fewer than `related` share both, the
 * newest `2 × related − 1` hold at least `related` of the other service (category), or all of them
 * (decision 58).
 */
function relatedCandidateIds(id: number, categoryId: number, serviceId: number): SQL {
  const n = NEWS_LIMITS.related;
  const wider = 2 * n - 1;
  return sql`
    (select ${news.id} from ${news} where ${news.categoryId} = ${categoryId} and ${news.serviceId} = ${serviceId}
      and ${news.id} <> ${id} order by ${news.id} desc limit ${n})
    union
    (select ${news.id} from ${news} where ${news.categoryId} = ${categoryId}
      and ${news.id} <> ${id} order by ${news.id} desc limit ${wider})
    union
    (select ${news.id} from ${news} where ${news.serviceId} = ${serviceId}
      and ${news.id} <> ${id} order by ${news.id} desc limit ${wider})`;
}

/** One article (sanitised again on the way out) with related news: two queries. */
export async function getNews(db: Db, id: number): Promise<TNewsDetail> {
  const [row] = await db
    .select({ ...summaryColumns, content: news.content })
    .from(news)
    .innerJoin(newsCategories, eq(newsCategories.id, news.categoryId))
    .where(eq(news.id, id));
  if (!row) throw notFound(NEWS_MESSAGES.newsNotFound);
  // Same category and service first, then same category, then same service; newest first.
  const related = await selectSummaries(db)
    // An array, not `in (…)`: the few ids are then looked up by primary key, never joined by a scan.
    .where(sql`${news.id} = any(array(${relatedCandidateIds(id, row.categoryId, row.serviceId)}))`)
    .orderBy(
      desc(sql`(${news.categoryId} = ${row.categoryId} and ${news.serviceId} = ${row.serviceId})`),
      desc(sql`(${news.categoryId} = ${row.categoryId})`),
      desc(news.id),
    )
    .limit(NEWS_LIMITS.related);
  return { ...toSummary(row), content: sanitizeRichText(row.content), related: related.map(toSummary) };
}

/** Sanitises the editor's HTML; content that shows nothing is "required". */
function cleanContent(html: string): string {
  const clean = sanitizeRichText(html);
  if (!hasVisibleContent(clean)) {
    throw badRequest(MESSAGES.required, [{ field: 'content', message: MESSAGES.required }]);
  }
  return clean;
}

/** A category or service that does not exist is a field error, found through the foreign key. */
function translateReferenceError(err: unknown): unknown {
  const info = pgErrorInfo(err);
  if (info?.code !== '23503') return err;
  const fieldErrors: FieldError[] = [];
  if (info.constraint?.includes('category')) {
    fieldErrors.push({ field: 'categoryId', message: NEWS_MESSAGES.categoryNotFound });
  } else if (info.constraint?.includes('service')) {
    fieldErrors.push({ field: 'serviceId', message: MESSAGES.serviceNotFound });
  } else {
    return err;
  }
  return badRequest(fieldErrors[0]?.message ?? MESSAGES.invalidRequest, fieldErrors);
}

async function findNews(db: Db, id: number) {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  if (!row) throw notFound(NEWS_MESSAGES.newsNotFound);
  return row;
}

async function summaryOf(db: Db, id: number): Promise<TNewsSummary> {
  const [row] = await selectSummaries(db).where(eq(news.id, id));
  if (!row) throw notFound(NEWS_MESSAGES.newsNotFound);
  return toSummary(row);
}

export async function createNews(
  db: Db,
  storage: Storage,
  input: NewsFormInput,
  image: CheckedFile | undefined,
  authorId: number | undefined,
): Promise<TNewsSummary> {
  const content = cleanContent(input.content);
  const id = await withStoredImage(storage, 'news', image, async (stored) => {
    try {
      const [row] = await db
        .insert(news)
        .values({
          title: input.title,
          description: input.description,
          content,
          image: stored ?? null,
          categoryId: input.categoryId,
          serviceId: input.serviceId,
          hiddenFromHome: input.hiddenFromHome,
          outstanding: input.outstanding,
          createdBy: authorId ?? null,
        })
        .returning({ id: news.id });
      if (!row) throw new Error('news insert returned nothing');
      return row.id;
    } catch (err) {
      throw translateReferenceError(err);
    }
  });
  return summaryOf(db, id);
}

export async function updateNews(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  id: number,
  input: NewsFormInput,
  image: CheckedFile | undefined,
): Promise<TNewsSummary> {
  const content = cleanContent(input.content);
  const existing = await findNews(db, id);
  await withStoredImage(storage, 'news', image, async (stored) => {
    try {
      const [row] = await db
        .update(news)
        .set({
          title: input.title,
          description: input.description,
          content,
          image: stored ?? existing.image,
          categoryId: input.categoryId,
          serviceId: input.serviceId,
          hiddenFromHome: input.hiddenFromHome,
          outstanding: input.outstanding,
          updatedAt: new Date(),
        })
        .where(eq(news.id, id))
        .returning({ id: news.id });
      if (!row) throw notFound(NEWS_MESSAGES.newsNotFound);
    } catch (err) {
      throw translateReferenceError(err);
    }
  });
  if (image) await removeStoredImages(storage, log, [existing.image]);
  return summaryOf(db, id);
}

/** Shows the article on the home page again, or hides it from there. */
export async function setNewsVisibility(db: Db, id: number, hiddenFromHome: boolean): Promise<TNewsSummary> {
  const [row] = await db
    .update(news)
    .set({ hiddenFromHome, updatedAt: new Date() })
    .where(eq(news.id, id))
    .returning({ id: news.id });
  if (!row) throw notFound(NEWS_MESSAGES.newsNotFound);
  return summaryOf(db, id);
}

export async function deleteNews(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  id: number,
): Promise<void> {
  const [deleted] = await db.delete(news).where(eq(news.id, id)).returning({ image: news.image });
  if (!deleted) throw notFound(NEWS_MESSAGES.newsNotFound);
  await removeStoredImages(storage, log, [deleted.image]);
}
