// Prepares a benchmark database: migrations, demo data, and a large user population
// (bulk inserts, so it takes seconds). Usage: tsx bench/seed.ts <dataDir> [users]
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { seedDemoData } from '../apps/api/src/demo/seed';
import { branches, departments } from '../apps/api/src/modules/org/tables';
import { hashPassword } from '../apps/api/src/modules/users/passwords';
import { users } from '../apps/api/src/modules/users/tables';
import { openDatabase } from '../apps/api/src/platform/db/client';

const dataDir = process.argv[2] ?? '.tmp/bench-data';
const extraUsers = Number(process.argv[3] ?? 5000);

const database = await openDatabase({ pgliteDir: path.join(path.resolve(dataDir), 'db') });
await database.migrate();
await seedDemoData(database.db);
const db = database.db;
const deps = await db
  .select({ id: departments.id, branchId: departments.branchId, serviceId: branches.serviceId })
  .from(departments)
  .innerJoin(branches, eq(branches.id, departments.branchId));
const passwordHash = await hashPassword('Bench@2026');
for (let start = 0; start < extraUsers; start += 1000) {
  const batch = [];
  for (let i = start; i < Math.min(start + 1000, extraUsers); i++) {
    const dep = deps[i % deps.length]!;
    batch.push({
      employeeCode: `B${String(i).padStart(6, '0')}`,
      fullName: `Bench User ${i}`,
      email: `bench${i}@academy.example.com`,
      passwordHash,
      serviceId: dep.serviceId,
      branchId: dep.branchId,
      departmentId: dep.id,
      access: i % 17 === 0 ? 'STOPPED' : 'ALLOWED',
    });
  }
  await db.insert(users).values(batch);
}
await database.close();
console.log(`seeded ${extraUsers} extra users into ${dataDir}`);
