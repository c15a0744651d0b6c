import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
});
afterAll(() => database.close());

describe('the embedded database', () => {
  it('starts with 16 MB of shared buffers, the resident pool it keeps for good (decision 183)', async () => {
    const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(result.rows).toEqual([{ shared_buffers: '16MB' }]);
  });
});
