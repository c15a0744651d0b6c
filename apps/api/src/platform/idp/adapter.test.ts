import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness';
import { DrizzleAdapter } from './adapter';
import { cleanupIdpStorage } from './cleanup';
import { oidcPayloads, signInFailures } from './tables';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

const adapter = (model: string) => new DrizzleAdapter(database.db, model);

async function expireNow(model: string, id: string) {
  await database.db
    .update(oidcPayloads)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oidcPayloads.id, id));
  return adapter(model).find(id);
}

describe('DrizzleAdapter', () => {
  test('stores, replaces and finds a payload by id, uid and user code', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: '7' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: '8' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: '8' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: '8' });
    expect(await sessions.find('missing')).toBeUndefined();
    // Models are separate namespaces.
    expect(await adapter('Grant').find('s1')).toBeUndefined();

    await adapter('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await adapter('DeviceCode').findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
  });

  test('treats expired records as missing', async () => {
    await adapter('AccessToken').upsert('a1', { accountId: '1' }, 60);
    expect(await adapter('AccessToken').find('a1')).toBeDefined();
    expect(await expireNow('AccessToken', 'a1')).toBeUndefined();
  });

  test('marks a code consumed and reports when', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    const found = await codes.find('c1');
    expect(found?.consumed).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  test('revokes by grant only within its own model, and destroys by id', async () => {
    await adapter('RefreshToken').upsert('r1', { grantId: 'g2' }, 60);
    await adapter('RefreshToken').upsert('r2', { grantId: 'other' }, 60);
    await adapter('AccessToken').upsert('a2', { grantId: 'g2' }, 60);
    await adapter('RefreshToken').revokeByGrantId('g2');
    expect(await adapter('RefreshToken').find('r1')).toBeUndefined();
    expect(await adapter('RefreshToken').find('r2')).toBeDefined();
    expect(await adapter('AccessToken').find('a2')).toBeDefined();
    await adapter('RefreshToken').destroy('r2');
    expect(await adapter('RefreshToken').find('r2')).toBeUndefined();
  });

  test('cleanup deletes expired records and failures that no longer count', async () => {
    await adapter('Interaction').upsert('i1', {}, 60);
    await adapter('Interaction').upsert('i2', {}, 60);
    await expireNow('Interaction', 'i1');
    await database.db.insert(signInFailures).values([
      { username: 'old', ip: '192.0.2.1', at: new Date(Date.now() - 60 * 60 * 1000) },
      { username: 'recent', ip: '192.0.2.1' },
    ]);
    await cleanupIdpStorage(database.db);
    const ids = (await database.db.select({ id: oidcPayloads.id }).from(oidcPayloads)).map((r) => r.id);
    expect(ids).toContain('i2');
    expect(ids).not.toContain('i1');
    const failures = await database.db.select({ username: signInFailures.username }).from(signInFailures);
    expect(failures).toEqual([{ username: 'recent' }]);
  });
});
