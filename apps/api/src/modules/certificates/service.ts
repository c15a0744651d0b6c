import {
  CERTIFICATE_MESSAGES,
  CERTIFICATE_SAMPLE,
  DEFAULT_CERTIFICATE_LAYOUT,
  type TCertificate,
  type TCertificateLayout,
  type TCertificateListQuery,
  type TCertificateOption,
  type ZCertificateSample,
} from '@academy/contract';
import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { orderBy, pageWindow } from '../../platform/http/pagination';
import { newFileKey, type Storage } from '../../platform/storage/storage';
import type { CheckedFile } from '../../platform/uploads/checks';
import { coursesGrantingCount } from '../courses';
import { inspectTemplate, renderCertificate } from './render';
import { SAMPLE_TEMPLATE_KEY, SAMPLE_TEMPLATE_NAME, sampleTemplatePdf } from './samples';
import { certificates, issuedCertificates } from './tables';

/**
 * Certificate templates (CERTIFICATE_MANAGEMENT). The template PDF lives in storage under a key
 * that is never sent to clients; staff read it through `templateFile`. A template is "in use"
 * while a course grants it or a certificate was issued from it, and cannot be deleted then.
 * (Courses keep the certificate's id in a plain column owned by the courses module; this module
 * reads it, read-only, to count and to refuse deletion.)
 */

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const courseCountSql = coursesGrantingCount(certificates.id);
const issuedCountSql = sql<number>`(select count(*)::int from ${issuedCertificates} where ${col(issuedCertificates.certificateId)} = ${col(certificates.id)})`;

const certificateColumns = {
  id: certificates.id,
  name: certificates.name,
  fileName: certificates.fileName,
  pageWidth: certificates.pageWidth,
  pageHeight: certificates.pageHeight,
  layout: certificates.layout,
  courseCount: courseCountSql,
  issuedCount: issuedCountSql,
  createdAt: certificates.createdAt,
  updatedAt: certificates.updatedAt,
};

type CertificateRow = {
  [K in keyof typeof certificateColumns]: K extends 'courseCount' | 'issuedCount'
    ? number
    : (typeof certificates.$inferSelect)[K & keyof typeof certificates.$inferSelect];
};

function toCertificate(row: CertificateRow): TCertificate {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** One page of templates with their use counts, and the total: two queries. */
export async function listCertificates(
  db: Db,
  query: TCertificateListQuery,
): Promise<{ rows: TCertificate[]; total: number }> {
  const where: SQL | undefined = query.q
    ? sql`lower(${certificates.name}) like ${`%${escapeLike(query.q.toLowerCase())}%`}`
    : undefined;
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(certificateColumns)
      .from(certificates)
      .where(where)
      .orderBy(
        orderBy(
          query.sort,
          { id: certificates.id, name: certificates.name, createdAt: certificates.createdAt },
          desc(certificates.id),
        ),
        desc(certificates.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(certificates).where(where),
  ]);
  return { rows: rows.map(toCertificate), total: total?.n ?? 0 };
}

/** Every template's id and name, for the course form's picker. One query. */
export async function certificateOptions(db: Db): Promise<TCertificateOption[]> {
  return db
    .select({ id: certificates.id, name: certificates.name })
    .from(certificates)
    .orderBy(asc(sql`lower(${certificates.name})`), asc(certificates.id));
}

export async function getCertificate(db: Db, id: number): Promise<TCertificate> {
  const [row] = await db.select(certificateColumns).from(certificates).where(eq(certificates.id, id));
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  return toCertificate(row);
}

/**
 * For the courses module: refuses a certificate id that does not exist (400, "This certificate
 * does not exist" on the `certificateId` field). One query.
 */
export async function assertCertificateExists(db: Db, id: number): Promise<void> {
  const [row] = await db.select({ id: certificates.id }).from(certificates).where(eq(certificates.id, id));
  if (!row) {
    const message = CERTIFICATE_MESSAGES.notFound;
    throw badRequest(message, [{ field: 'certificateId', message }]);
  }
}

async function storeTemplate(storage: Storage, file: CheckedFile): Promise<string> {
  const key = newFileKey('certificate-templates', 'pdf');
  await storage.put(key, file.data, { contentType: 'application/pdf', fileName: file.fileName });
  return key;
}

async function removeQuietly(storage: Storage, log: FastifyBaseLogger, key: string | undefined) {
  if (!key || key === SAMPLE_TEMPLATE_KEY) return;
  try {
    await storage.delete(key);
  } catch (err) {
    log.warn({ err, key }, 'could not remove a stored certificate file');
  }
}

/** Adds a template: the PDF must have exactly one page (422 otherwise). */
export async function createCertificate(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  name: string,
  file: CheckedFile,
): Promise<TCertificate> {
  const size = await inspectTemplate(file.data);
  const key = await storeTemplate(storage, file);
  try {
    const [row] = await db
      .insert(certificates)
      .values({
        name,
        templateKey: key,
        fileName: file.fileName,
        ...size,
        layout: DEFAULT_CERTIFICATE_LAYOUT,
      })
      .returning({ id: certificates.id });
    if (!row) throw new Error('certificate insert returned nothing');
    return getCertificate(db, row.id);
  } catch (err) {
    await removeQuietly(storage, log, key);
    throw err;
  }
}

/** Renames a template and, with a new file, replaces its PDF (the layout is kept). */
export async function updateCertificate(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  id: number,
  name: string,
  file: CheckedFile | undefined,
): Promise<TCertificate> {
  const size = file ? await inspectTemplate(file.data) : undefined;
  const key = file ? await storeTemplate(storage, file) : undefined;
  let oldKey: string | undefined;
  try {
    oldKey = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ templateKey: certificates.templateKey })
        .from(certificates)
        .where(eq(certificates.id, id))
        .for('update');
      if (!existing) throw notFound(CERTIFICATE_MESSAGES.notFound);
      await tx
        .update(certificates)
        .set({
          name,
          ...(file && key && size ? { templateKey: key, fileName: file.fileName, ...size } : {}),
          updatedAt: new Date(),
        })
        .where(eq(certificates.id, id));
      return key ? existing.templateKey : undefined;
    });
  } catch (err) {
    await removeQuietly(storage, log, key);
    throw err;
  }
  await removeQuietly(storage, log, oldKey);
  return getCertificate(db, id);
}

export async function updateLayout(db: Db, id: number, layout: TCertificateLayout): Promise<TCertificate> {
  const [row] = await db
    .update(certificates)
    .set({ layout, updatedAt: new Date() })
    .where(eq(certificates.id, id))
    .returning({ id: certificates.id });
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  return getCertificate(db, id);
}

/**
 * Deletes a template that no course grants and no issued certificate comes from ("This
 * certificate is currently in use", 409). The row is locked while checking; issued certificates
 * also point at it with a foreign key, so an issue racing with the delete cannot slip through.
 */
export async function deleteCertificate(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  id: number,
): Promise<void> {
  const key = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        templateKey: certificates.templateKey,
        courseCount: courseCountSql,
        issuedCount: issuedCountSql,
      })
      .from(certificates)
      .where(eq(certificates.id, id))
      .for('update');
    if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
    if (row.courseCount > 0 || row.issuedCount > 0) throw conflict(CERTIFICATE_MESSAGES.inUse);
    await tx.delete(certificates).where(eq(certificates.id, id));
    return row.templateKey;
  });
  await removeQuietly(storage, log, key);
}

/**
 * A stored file's bytes. The demo's built-in template is written to storage the first time it is
 * read (demo data is loaded without storage at hand).
 */
export async function readStored(storage: Storage, key: string): Promise<Uint8Array> {
  const file = await storage.get(key);
  if (!file) {
    if (key !== SAMPLE_TEMPLATE_KEY) throw new Error(`stored file ${key} is missing`);
    const bytes = await sampleTemplatePdf();
    await storage.put(key, Buffer.from(bytes), {
      contentType: 'application/pdf',
      fileName: SAMPLE_TEMPLATE_NAME,
    });
    return bytes;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

/** The template PDF, for the placement screen. */
export async function templateFile(
  db: Db,
  storage: Storage,
  id: number,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const [row] = await db
    .select({ key: certificates.templateKey, fileName: certificates.fileName })
    .from(certificates)
    .where(eq(certificates.id, id));
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  return { bytes: await readStored(storage, row.key), fileName: row.fileName };
}

/** A layout (saved or being edited) drawn on the template with sample texts. Nothing is stored. */
export async function previewCertificate(
  db: Db,
  storage: Storage,
  id: number,
  layout: TCertificateLayout,
  sample: z.output<typeof ZCertificateSample> = {},
): Promise<Uint8Array> {
  const [row] = await db
    .select({ key: certificates.templateKey, name: certificates.name })
    .from(certificates)
    .where(eq(certificates.id, id));
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  const template = await readStored(storage, row.key);
  return renderCertificate(
    template,
    layout,
    {
      fullName: sample.fullName || CERTIFICATE_SAMPLE.fullName,
      courseName: sample.courseName || CERTIFICATE_SAMPLE.courseName,
      date: sample.date || CERTIFICATE_SAMPLE.date,
      code: sample.code || CERTIFICATE_SAMPLE.code,
    },
    { title: `${row.name} (preview)` },
  );
}
