import {
  MESSAGES,
  type TBranch,
  type TService,
  type TServiceDetail,
  type ZServiceForm,
} from '@academy/contract';
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

type ServiceRow = typeof services.$inferSelect;
export type ServiceFormInput = z.output<typeof ZServiceForm>;
export type ServiceFiles = Partial<Record<'image', CheckedFile>>;

function toService(s: ServiceRow): TService {
  return { id: s.id, name: s.name, image: s.imageUrl, websiteUrl: s.websiteUrl, showOnHome: s.showOnHome };
}

/** Every service (trademark), sorted by id as the header and footer show them. */
export async function listServices(db: Db): Promise<TService[]> {
  const rows = await db.select().from(services).orderBy(asc(services.id));
  return rows.map(toService);
}

async function findService(db: Db, id: number): Promise<ServiceRow> {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  if (!row) throw notFound(MESSAGES.serviceNotFound);
  return row;
}

/** Whether the service exists (one query by primary key). */
export async function serviceExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.id, id));
  return row !== undefined;
}

/** One service with its branches (two queries). */
export async function getService(db: Db, id: number): Promise<TServiceDetail> {
  const service = await findService(db, id);
  const rows = await db.select().from(branches).where(eq(branches.serviceId, id)).orderBy(asc(branches.id));
  const list: TBranch[] = rows.map((b) => ({
    id: b.id,
    name: b.name,
    logo: b.logoUrl,
    serviceId: b.serviceId,
    serviceName: service.name,
  }));
  return { ...toService(service), branches: list };
}

export async function createService(
  db: Db,
  storage: Storage,
  input: ServiceFormInput,
  files: ServiceFiles,
): Promise<TService> {
  return withStoredFiles(storage, 'services', files, async (urls) => {
    const [row] = await db
      .insert(services)
      .values({
        name: input.name,
        websiteUrl: input.websiteUrl ?? null,
        showOnHome: input.showOnHome,
        imageUrl: urls.image ?? null,
      })
      .returning();
    if (!row) throw new Error('service insert returned nothing');
    return toService(row);
  });
}

export async function updateService(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  id: number,
  input: ServiceFormInput,
  files: ServiceFiles,
): Promise<TService> {
  const existing = await findService(db, id);
  const updated = await withStoredFiles(storage, 'services', files, async (urls) => {
    const imageUrl = urls.image ?? (input.removeImage ? null : existing.imageUrl);
    const [row] = await db
      .update(services)
      .set({ name: input.name, websiteUrl: input.websiteUrl ?? null, showOnHome: input.showOnHome, imageUrl })
      .where(eq(services.id, id))
      .returning();
    if (!row) throw notFound(MESSAGES.serviceNotFound);
    return row;
  });
  if (existing.imageUrl !== updated.imageUrl) await removeStoredFiles(storage, log, [existing.imageUrl]);
  return toService(updated);
}

/** Refused with "This service is currently in use" while branches, users or roles point at it. */
export async function deleteService(db: Db, storage: Storage, log: FastifyBaseLogger, id: number) {
  let deleted: ServiceRow | undefined;
  try {
    [deleted] = await db.delete(services).where(eq(services.id, id)).returning();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(MESSAGES.serviceInUse);
    throw err;
  }
  if (!deleted) throw notFound(MESSAGES.serviceNotFound);
  await removeStoredFiles(storage, log, [deleted.imageUrl]);
}
