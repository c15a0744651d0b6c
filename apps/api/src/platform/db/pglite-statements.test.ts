import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statementCacheOf, withStatementCache } from './pglite-statements';

let raw: PGlite;
let pg: PGlite;

// One database for the file (starting PGlite costs seconds); each test starts from no prepared
// statements, a fresh table and a fresh cache.
beforeAll(async () => {
  raw = await PGlite.create('memory://');
});
afterAll(() => raw.close());

beforeEach(async () => {
  pg = withStatementCache(raw, 3);
  await raw.exec(`
    deallocate all;
    drop table if exists items;
    create table items (id int primary key, name text not null, tags text[], meta jsonb, at timestamptz, big bigint);
    insert into items values (1, 'one', '{a,b}', '{"k": 1}', '2026-11-27T10:00:00Z', 9007199254740993);`);
});

async function preparedStatements(): Promise<string[]> {
  const rows = await raw.query<{ statement: string }>(
    'select statement from pg_prepared_statements order by name',
  );
  return rows.rows.map((r) => r.statement);
}

describe('PGlite statement cache', () => {
  it('prepares a statement on its second run and reuses it after', async () => {
    const text = 'select name from items where id = $1';
    for (let i = 0; i < 4; i++) expect((await pg.query(text, [1])).rows).toEqual([{ name: 'one' }]);
    expect(await preparedStatements()).toEqual([text]);
    expect(statementCacheOf(pg)?.preparedTexts()).toEqual([text]);
  });

  it('answers exactly as PGlite does: types, array rows, affected rows', async () => {
    const text = 'select id, tags, meta, at, big, $2::int as extra from items where id = $1';
    const expected = await raw.query(text, [1, null], { rowMode: 'array' });
    for (let i = 0; i < 3; i++)
      expect(await pg.query(text, [1, null], { rowMode: 'array' })).toEqual(expected);
    const update = 'update items set tags = $1 where id = $2';
    await pg.query(update, [['x', 'y'], 1]);
    const updated = await pg.query(update, [['x', 'y', 'z'], 1]);
    expect(updated.affectedRows).toBe(1);
    expect((await pg.query('select tags from items where id = 1')).rows).toEqual([{ tags: ['x', 'y', 'z'] }]);
    expect(await preparedStatements()).toContain(update);
  });

  it('throws the database error of a prepared statement and stays usable', async () => {
    const insert = 'insert into items (id, name) values ($1, $2)';
    await pg.query(insert, [2, 'two']);
    await pg.query(insert, [3, 'three']);
    const error = await pg.query(insert, [3, 'again']).catch((err: unknown) => err);
    expect(error).toMatchObject({ code: '23505', query: insert, params: [3, 'again'] });
    expect((await pg.query('select count(*)::int as n from items')).rows).toEqual([{ n: 3 }]);
  });

  it('runs prepared statements in transactions, which roll back as before', async () => {
    const insert = 'insert into items (id, name) values ($1, $2)';
    await pg.query(insert, [2, 'two']);
    await expect(
      pg.transaction(async (tx) => {
        await tx.query(insert, [3, 'three']);
        await tx.query(insert, [4, 'four']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await pg.transaction(async (tx) => {
      await tx.query(insert, [5, 'five']);
    });
    expect((await pg.query('select id from items order by id')).rows).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 5 },
    ]);
    expect(await preparedStatements()).toContain(insert);
  });

  it('closes the least recently used statement beyond its size', async () => {
    for (const id of [1, 2, 3, 4]) {
      const text = `select ${id} as n, name from items where id = $1`;
      await pg.query(text, [1]);
      await pg.query(text, [1]);
    }
    expect(await preparedStatements()).toHaveLength(3);
    expect(await preparedStatements()).not.toContain('select 1 as n, name from items where id = $1');
  });

  it('prepares again a statement whose table changed shape', async () => {
    const text = 'select * from items where id = $1';
    await pg.query(text, [1]);
    await pg.query(text, [1]);
    await raw.exec('alter table items add column extra int default 7');
    expect((await pg.query(text, [1])).rows).toMatchObject([{ id: 1, extra: 7 }]);
  });

  it('leaves statements that are not reads or writes to PGlite', async () => {
    for (let i = 0; i < 3; i++) {
      await pg.query("set work_mem = '8MB'");
      await pg.query('show work_mem');
    }
    expect(await preparedStatements()).toEqual([]);
  });
});
