import { MESSAGES, type TBranch, type ZBranchForm } from '@academy/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { isForeignKeyViolation } from '../../platform/db/errors';
import { conflict, notFound } from '../../platform/http/errors';
import type { Storage } from '../../platform/storage/storage';
import type { CheckedFile } from '../../platform/uploads/checks';
import { removeStoredFiles, withStoredFiles } from '../../platform/uploads/store';
import { branches, services } from './tables';

export type BranchFormInput = z.output<typeof ZBranchForm>;
export type BranchFiles = Partial<Record<'logo', CheckedFile>>;

const branchColumns = {
  id: branches.id,
  name: branches.name,
  logo: branches.logoUrl,
  serviceId: branches.serviceId,
  serviceName: services.name,
};

function selectBranches(db: Db) {
  return db.select(branchColumns).from(branches).innerJoin(services, eq(services.id, branches.serviceId));
}

/** Every branch (of one service when `serviceId` is given), sorted by id: one query. */
export async function listBranches(db: Db, filter: { serviceId?: number }): Promise<TBranch[]> {
  const query = selectBranches(db);
  const rows = await (filter.serviceId
    ? query.where(eq(branches.serviceId, filter.serviceId))
    : query
  ).orderBy(asc(branches.id));
  return rows;
}

export async function getBranch(db: Db, id: number): Promise<TBranch> {
  const [row] = await selectBranches(db).where(eq(branches.id, id));
  if (!row) throw notFound(MESSAGES.branchNotFound);
  return row;
}

export async function createBranch(
  db: Db,
  storage: Storage,
  serviceId: number,
  input: BranchFormInput,
  files: BranchFiles,
): Promise<TBranch> {
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
  if (!service) throw notFound(MESSAGES.serviceNotFound);
  const id = await withStoredFiles(storage, 'branches', files, async (urls) => {
    const [row] = await db
      .insert(branches)
      .values({ name: input.name, serviceId, logoUrl: urls.logo ?? null })
      .returning({ id: branches.id });
    if (!row) throw new Error('branch insert returned nothing');
    return row.id;
  });
  return getBranch(db, id);
}

export async function updateBranch(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  id: number,
  input: BranchFormInput,
  files: BranchFiles,
): Promise<TBranch> {
  const existing = await getBranch(db, id);
  const logo = await withStoredFiles(storage, 'branches', files, async (urls) => {
    const logoUrl = urls.logo ?? (input.removeLogo ? null : existing.logo);
    await db.update(branches).set({ name: input.name, logoUrl }).where(eq(branches.id, id));
    return logoUrl;
  });
  if (logo !== existing.logo) await removeStoredFiles(storage, log, [existing.logo]);
  return { ...existing, name: input.name, logo };
}

/** Refused with "This branch is currently in use" while departments, users or roles point at it. */
export async function deleteBranch(db: Db, storage: Storage, log: FastifyBaseLogger, id: number) {
  let deleted: { logoUrl: string | null } | undefined;
  try {
    [deleted] = await db.delete(branches).where(eq(branches.id, id)).returning({ logoUrl: branches.logoUrl });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(MESSAGES.branchInUse);
    throw err;
  }
  if (!deleted) throw notFound(MESSAGES.branchNotFound);
  await removeStoredFiles(storage, log, [deleted.logoUrl]);
}
