import { NEWS_LIMITS } from '@academy/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness';
import type { Db } from '../../platform/db/client';
import { services } from '../org/tables';
import { getNews, listNews } from './service';
import { news, newsCategories } from './tables';

/**
 * The public news reads cost the same whatever the number of news: the related news and the
 * title search go through indexes (migration 0009) and read a handful of rows, not every article.
 */
let database: TestDatabase;
let serviceA: number;
let serviceB: number;
let categoryC: number;
let categoryD: number;
type Row = { id: number; serviceId: number; categoryId: number };
let rows: Row[];

async function addNews(count: number, serviceId: number, categoryId: number, title = 'Network update') {
  const values = Array.from({ length: count }, (_, i) => ({
    title: `${title} ${i}`,
    description: 'd',
    content: '<p>c</p>',
    serviceId,
    categoryId,
  }));
  return database.db.insert(news).values(values).returning({ id: news.id });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const made = await database.db
    .insert(services)
    .values([{ name: 'Reads A' }, { name: 'Reads B' }])
    .returning({ id: services.id });
  const cats = await database.db
    .insert(newsCategories)
    .values([{ name: 'Reads C' }, { name: 'Reads D' }])
    .returning({ id: newsCategories.id });
  [serviceA, serviceB] = made.map((r) => r.id) as [number, number];
  [categoryC, categoryD] = cats.map((r) => r.id) as [number, number];
  // Oldest first: few articles share both service A and category C; many newer ones, of every
  // other pair, come in turn.
  await addNews(3, serviceA, categoryC);
  for (let round = 0; round < 100; round++) {
    await addNews(1, serviceB, categoryC);
    await addNews(1, serviceA, categoryD);
    await addNews(1, serviceB, categoryD);
  }
  await addNews(1, serviceB, categoryD, 'Khai trương trung tâm đào tạo');
  await addNews(2, serviceA, categoryD, 'Searchable Fibre');
  // As autovacuum would have by now: statistics, and the visibility map that lets the related
  // news read ids from the (…, id) indexes alone.
  await database.db.execute(sql`vacuum analyze news`);
  rows = await database.db
    .select({ id: news.id, serviceId: news.serviceId, categoryId: news.categoryId })
    .from(news);
}, 60_000);
afterAll(() => database.dispose());

/** SPEC's related news: same category and service first, then same category, then same service. */
function expectedRelated(target: Row): number[] {
  const tier = (r: Row) =>
    r.categoryId === target.categoryId && r.serviceId === target.serviceId
      ? 0
      : r.categoryId === target.categoryId
        ? 1
        : r.serviceId === target.serviceId
          ? 2
          : 3;
  return rows
    .filter((r) => r.id !== target.id && tier(r) < 3)
    .sort((a, b) => tier(a) - tier(b) || b.id - a.id)
    .slice(0, NEWS_LIMITS.related)
    .map((r) => r.id);
}

/** Rows of `news` the work reads (sequential and index fetches), with some plans discouraged. */
async function newsRowsRead(
  work: (tx: Db) => Promise<unknown>,
  discouraged: ('enable_seqscan' | 'enable_indexscan')[] = ['enable_seqscan'],
): Promise<number> {
  return database.db.transaction(async (tx) => {
    // With a few hundred rows the planner may prefer a scan anyway; the rule is about big tables.
    for (const setting of discouraged) await tx.execute(sql.raw(`set local ${setting} = off`));
    const read = async () => {
      const result = await tx.execute(
        sql`select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n
            from pg_stat_xact_user_tables where relname = 'news'`,
      );
      const [row] = (result as unknown as { rows: { n: number | string }[] }).rows;
      return Number(row?.n ?? 0);
    };
    const before = await read();
    await work(tx);
    return (await read()) - before;
  });
}

describe('related news', () => {
  it('are the same articles, in the same order, as the rule says, whichever tier fills them', async () => {
    const byTier = (serviceId: number, categoryId: number) =>
      rows.filter((r) => r.serviceId === serviceId && r.categoryId === categoryId);
    const targets = [
      byTier(serviceA, categoryC)[0], // two of its own pair, then two of the same category
      byTier(serviceB, categoryC).at(-1), // its own tier fills all four
      byTier(serviceA, categoryD)[0],
    ];
    for (const target of targets) {
      if (!target) throw new Error('test data missing');
      const detail = await getNews(database.db, target.id);
      expect(detail.related.map((r) => r.id)).toEqual(expectedRelated(target));
    }
    const first = targets[0] as Row;
    const related = (await getNews(database.db, first.id)).related;
    expect(related.map((r) => [r.serviceId, r.categoryId])).toEqual([
      [serviceA, categoryC],
      [serviceA, categoryC],
      [serviceB, categoryC],
      [serviceB, categoryC],
    ]);
  });

  it('read a bounded number of rows, not every article of the service or category', async () => {
    const target = rows.find((r) => r.serviceId === serviceA && r.categoryId === categoryC) as Row;
    const read = await newsRowsRead((tx) => getNews(tx, target.id));
    // Three index reads of at most 4, 7 and 7 ids (each a few rows when the planner walks the
    // newest ids), then those articles and the article itself; all of service A or category C is 200.
    expect(read).toBeLessThanOrEqual(80);
  });

  it('take two queries', async () => {
    const target = rows[0] as Row;
    database.queries.reset();
    await getNews(database.db, target.id);
    expect(database.queries.count).toBe(2);
  });
});

describe('title search', () => {
  const page = { page: 0, size: 12 } as const;

  it('finds titles containing the words, whatever their case, accents kept', async () => {
    const found = await listNews(database.db, { ...page, q: 'SEARCHABLE fibre' });
    expect(found.total).toBe(2);
    expect(found.rows.every((r) => r.title.startsWith('Searchable Fibre'))).toBe(true);
    const accented = await listNews(database.db, { ...page, q: 'ĐÀO TẠO' });
    expect(accented.rows.map((r) => r.title)).toEqual(['Khai trương trung tâm đào tạo 0']);
    expect((await listNews(database.db, { ...page, q: 'dao tao' })).total).toBe(0);
    expect((await listNews(database.db, { ...page, q: 'ab' })).total).toBe(2);
    expect((await listNews(database.db, { ...page, q: '_' })).total).toBe(0);
  });

  it('reads the matching titles through the trigram index, not every title', async () => {
    // Index scans off too: a few hundred rows would otherwise be read backwards by id for the page.
    const read = await newsRowsRead(
      (tx) => listNews(tx, { ...page, q: 'searchable' }),
      ['enable_seqscan', 'enable_indexscan'],
    );
    expect(read).toBeLessThanOrEqual(20);
  });
});
