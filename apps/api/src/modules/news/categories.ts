import { NEWS_MESSAGES, type TNewsCategory, type ZNewsCategoryInput } from '@academy/contract';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { isForeignKeyViolation, uniqueViolation } from '../../platform/db/errors';
import { conflict, notFound } from '../../platform/http/errors';
import { news, newsCategories } from './tables';

export type NewsCategoryInput = z.output<typeof ZNewsCategoryInput>;

const nameTaken = () =>
  conflict(NEWS_MESSAGES.categoryExists, [{ field: 'name', message: NEWS_MESSAGES.categoryExists }]);

/**
 * Every category with its number of news (one query), sorted by id. With a service, only the
 * categories that have news in that service, counted in it.
 */
export async function listCategories(db: Db, serviceId?: number): Promise<TNewsCategory[]> {
  const joinOn: SQL = serviceId
    ? (and(eq(news.categoryId, newsCategories.id), eq(news.serviceId, serviceId)) as SQL)
    : eq(news.categoryId, newsCategories.id);
  const query = db
    .select({ id: newsCategories.id, name: newsCategories.name, newsCount: count(news.id) })
    .from(newsCategories)
    .leftJoin(news, joinOn)
    .groupBy(newsCategories.id)
    .orderBy(asc(newsCategories.id));
  const rows = await query;
  return serviceId ? rows.filter((r) => r.newsCount > 0) : rows;
}

async function categoryWithCount(db: Db, id: number): Promise<TNewsCategory> {
  const [row] = await db
    .select({ id: newsCategories.id, name: newsCategories.name, newsCount: count(news.id) })
    .from(newsCategories)
    .leftJoin(news, eq(news.categoryId, newsCategories.id))
    .where(eq(newsCategories.id, id))
    .groupBy(newsCategories.id);
  if (!row) throw notFound(NEWS_MESSAGES.categoryNotFound);
  return row;
}

export async function createCategory(db: Db, input: NewsCategoryInput): Promise<TNewsCategory> {
  try {
    const [row] = await db.insert(newsCategories).values({ name: input.name }).returning();
    if (!row) throw new Error('category insert returned nothing');
    return { id: row.id, name: row.name, newsCount: 0 };
  } catch (err) {
    if (uniqueViolation(err) !== undefined) throw nameTaken();
    throw err;
  }
}

export async function updateCategory(db: Db, id: number, input: NewsCategoryInput): Promise<TNewsCategory> {
  try {
    const [row] = await db
      .update(newsCategories)
      .set({ name: input.name })
      .where(eq(newsCategories.id, id))
      .returning({ id: newsCategories.id });
    if (!row) throw notFound(NEWS_MESSAGES.categoryNotFound);
  } catch (err) {
    if (uniqueViolation(err) !== undefined) throw nameTaken();
    throw err;
  }
  return categoryWithCount(db, id);
}

/** Refused with "This news category is currently in use" while news belong to it. */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  try {
    const [row] = await db
      .delete(newsCategories)
      .where(eq(newsCategories.id, id))
      .returning({ id: newsCategories.id });
    if (!row) throw notFound(NEWS_MESSAGES.categoryNotFound);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(NEWS_MESSAGES.categoryInUse);
    throw err;
  }
}
