import { MESSAGES, type TUserImportResult } from '@academy/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { uniqueViolation } from '../../platform/db/errors';
import type { Principal } from '../../platform/http/access';
import { conflict } from '../../platform/http/errors';
import { authorizationDirectory, authorizationPermissionsOf } from '../authorizations';
import { placeDirectory } from '../org';
import { type ExistingUser, type ImportedFields, type PlannedRow, planImport } from './import-plan';
import { readUsersSheet } from './import-sheet';
import { endSessionsOfUsers } from './sessions';
import { users } from './tables';

/** What an applied import changed, user by user, for the audit trail and the welcome mails. */
export type ImportOutcome = TUserImportResult & {
  createdUsers: { id: number; email: string; fullName: string; employeeCode: string }[];
  changes: { id: number; before: Partial<ImportedFields> | null; after: ImportedFields }[];
};

const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The users the file names, by code and by email: a few statements however long the file. */
async function usersNamed(db: Db, codes: string[], emails: string[]) {
  const existingByCode = new Map<string, ExistingUser>();
  const idByEmail = new Map<string, number>();
  for (const part of chunks(codes)) {
    const rows = await db
      .select({
        id: users.id,
        employeeCode: users.employeeCode,
        fullName: users.fullName,
        email: users.email,
        phone: users.phone,
        dateOfBirth: users.dateOfBirth,
        gender: users.gender,
        serviceId: users.serviceId,
        branchId: users.branchId,
        departmentId: users.departmentId,
        authorizationId: users.authorizationId,
        position: users.position,
        workplace: users.workplace,
        access: users.access,
        role: users.role,
        permissions: authorizationPermissionsOf(users.authorizationId),
      })
      .from(users)
      .where(inArray(sql`lower(${users.employeeCode})`, part));
    for (const row of rows) {
      existingByCode.set(row.employeeCode.toLowerCase(), {
        ...row,
        fullName: row.fullName ?? '',
        access: row.access === 'STOPPED' ? 'STOPPED' : 'ALLOWED',
        permissions: row.permissions ?? [],
      });
    }
  }
  for (const part of chunks(emails)) {
    const rows = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, part));
    for (const row of rows) idByEmail.set(row.email.toLowerCase(), row.id);
  }
  return { existingByCode, idByEmail };
}

function storedValues(fields: ImportedFields) {
  const { employeeCode: _code, ...rest } = fields;
  return rest;
}

/** Writes the plan in one transaction: new users in batches, changed ones one by one. */
async function applyPlan(db: Db, plans: PlannedRow[]): Promise<ImportOutcome['changes'] & object> {
  const changes: ImportOutcome['changes'] = [];
  await db.transaction(async (tx) => {
    const creates = plans.flatMap((p) => (p.kind === 'create' ? [p.fields] : []));
    for (const part of chunks(creates)) {
      const inserted = await tx
        .insert(users)
        .values(
          part.map((fields) => ({
            ...fields,
            role: 'ROLE_STUDENT',
            passwordHash: null,
            activePassword: false,
          })),
        )
        .returning({ id: users.id });
      inserted.forEach((row, index) => {
        const fields = part[index];
        if (fields) changes.push({ id: row.id, before: null, after: fields });
      });
    }
    const now = new Date();
    const stopped: number[] = [];
    for (const plan of plans) {
      if (plan.kind !== 'update') continue;
      await tx
        .update(users)
        .set({ ...storedValues(plan.fields), updatedAt: now })
        .where(eq(users.id, plan.existing.id));
      if (plan.fields.access === 'STOPPED' && plan.existing.access !== 'STOPPED')
        stopped.push(plan.existing.id);
      const { id: _id, role: _role, permissions: _keys, ...before } = plan.existing;
      changes.push({ id: plan.existing.id, before, after: plan.fields });
    }
    await endSessionsOfUsers(tx, stopped);
  });
  return changes;
}

/**
 * POST users/import: reads the file, plans every row against the database (a handful of
 * statements whatever its length), and — when asked and without a single error — applies it in
 * one transaction. Importing the same file again finds every row unchanged.
 */
export async function importUsers(
  db: Db,
  principal: Principal,
  data: Buffer,
  options: { apply: boolean },
): Promise<ImportOutcome> {
  const sheet = await readUsersSheet(data);
  const codes = [...new Set(sheet.rows.map((r) => (r.values.employeeCode ?? '').trim().toLowerCase()))];
  const emails = [...new Set(sheet.rows.map((r) => (r.values.email ?? '').trim().toLowerCase()))];
  const [places, authorizations, named] = await Promise.all([
    placeDirectory(db),
    authorizationDirectory(db),
    usersNamed(db, codes.filter(Boolean), emails.filter(Boolean)),
  ]);
  const { plans, errors } = planImport(sheet, { principal, places, authorizations, ...named });
  const count = (kind: PlannedRow['kind']) => plans.filter((p) => p.kind === kind).length;
  const result = {
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    errors: errors.sort((a, b) => a.row - b.row),
  };
  if (!options.apply || errors.length > 0)
    return { ...result, applied: false, createdUsers: [], changes: [] };
  let changes: ImportOutcome['changes'];
  try {
    changes = await applyPlan(db, plans);
  } catch (err) {
    // Someone added the same code or email between the check and the write.
    if (uniqueViolation(err)) throw conflict(MESSAGES.employeeCodeExists);
    throw err;
  }
  const createdUsers = changes
    .filter((change) => change.before === null)
    .map(({ id, after }) => ({
      id,
      email: after.email,
      fullName: after.fullName,
      employeeCode: after.employeeCode,
    }));
  return { ...result, applied: true, createdUsers, changes };
}
