import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from '../../../test/harness';
import { onTransaction, preparedPerDatabase, sharedStatement } from './prepared';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const sharedCurrentTransaction = sharedStatement((db) =>
  db
    .select({ id: sql<string>`txid_current()::text` })
    .from(sql`(select 1) as one`)
    .prepare('test_shared_current_transaction'),
);

const currentTransaction = preparedPerDatabase((db) =>
  db
    .select({ id: sql<string>`txid_current()::text` })
    .from(sql`(select 1) as one`)
    .prepare('test_current_transaction'),
);

describe(`statements prepared once per database (${TEST_ENGINE})`, () => {
  it('runs one inside a transaction, on its connection', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      const [mine] = await tx.select({ id: sql<string>`txid_current()::text` }).from(sql`(select 1) as one`);
      const [inside] = await onTransaction(currentTransaction(db), tx).execute();
      expect(inside?.id).toBe(mine?.id);
    });
    const [outside] = await currentTransaction(db).execute();
    expect(outside?.id).toBeDefined();
  });

  it('runs a shared statement on whichever handle calls it: a transaction, then the database', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      const [mine] = await tx.select({ id: sql<string>`txid_current()::text` }).from(sql`(select 1) as one`);
      const [first] = await sharedCurrentTransaction(tx).execute();
      expect(first?.id).toBe(mine?.id);
    });
    const [outside] = await sharedCurrentTransaction(db).execute();
    expect(outside?.id).toBeDefined();
    await db.transaction(async (tx) => {
      const [mine] = await tx.select({ id: sql<string>`txid_current()::text` }).from(sql`(select 1) as one`);
      const [again] = await sharedCurrentTransaction(tx).execute();
      expect(again?.id).toBe(mine?.id);
    });
  });
});
