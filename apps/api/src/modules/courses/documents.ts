import '@fastify/multipart';
import type { Readable } from 'node:stream';
import { COURSE_LIMITS, lessonDocumentUrl, MESSAGES, type TLessonDocument } from '@academy/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/client';
import { preparedPerDatabase } from '../../platform/db/prepared';
import { ApiError, notFound } from '../../platform/http/errors';
import { newFileKey, type Storage, type StoredFileInfo } from '../../platform/storage/storage';
import { safeFileName } from '../../platform/uploads/checks';
import { readUploadedFile } from '../../platform/uploads/small-file';
import { sniff } from '../../platform/uploads/sniff';
import { sampleDocument } from './samples';
import { lessonDocuments, lessons } from './tables';

export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

const ascii = (s: string) => Buffer.from(s, 'latin1');
const utf16 = (s: string) => Buffer.from(s, 'utf16le');

/**
 * What a lesson document is, judged by its content: PDF; Word, Excel or PowerPoint either as
 * legacy compound files (told apart by their main stream's name) or as Office Open XML zips
 * (told apart by their part folders). Anything else is null.
 */
export function sniffDocument(data: Buffer): DocumentType | null {
  const type = sniff(data);
  if (type === 'pdf' || type === 'docx') return type;
  if (type === 'doc') {
    if (data.includes(utf16('WordDocument'))) return 'doc';
    if (data.includes(utf16('Workbook')) || data.includes(utf16('Book\0'))) return 'xls';
    if (data.includes(utf16('PowerPoint Document'))) return 'ppt';
    return null;
  }
  if (type === 'zip' && data.includes(ascii('[Content_Types].xml'))) {
    if (data.includes(ascii('xl/'))) return 'xlsx';
    if (data.includes(ascii('ppt/'))) return 'pptx';
  }
  return null;
}

export type DocumentUpload = { data: Buffer; type: DocumentType; fileName: string };

function refuse(status: number, message: string): ApiError {
  return new ApiError(status, message, [{ field: 'file', message }]);
}

/** Reads the multipart field `file`, at most COURSE_LIMITS.documentBytes, checked by content. */
export async function readDocumentUpload(request: FastifyRequest): Promise<DocumentUpload> {
  const { data, fileName } = await readUploadedFile(request, COURSE_LIMITS.documentBytes);
  const type = sniffDocument(data);
  if (!type) throw refuse(415, MESSAGES.lessonDocumentType);
  return { data, type, fileName: safeFileName(fileName, type) };
}

type DocumentRow = typeof lessonDocuments.$inferSelect;

export function toDocument(row: Pick<DocumentRow, 'id' | 'originalName' | 'contentType' | 'sizeBytes'>) {
  return {
    id: row.id,
    name: row.originalName,
    contentType: row.contentType,
    size: row.sizeBytes,
    url: lessonDocumentUrl(row.id),
  } satisfies TLessonDocument;
}

const documentsOfOneLesson = preparedPerDatabase((db) =>
  db
    .select()
    .from(lessonDocuments)
    .where(eq(lessonDocuments.lessonId, sql.placeholder('lessonId')))
    .orderBy(asc(lessonDocuments.id))
    .prepare('courses_lesson_documents'),
);

/** One lesson's documents, oldest first (the lesson page's read: one prepared statement). */
export async function documentsOfLesson(db: Db, lessonId: number): Promise<TLessonDocument[]> {
  const rows = await documentsOfOneLesson(db).execute({ lessonId });
  return rows.map(toDocument);
}

/** The documents of some lessons, by lesson id (one query). */
export async function documentsOf(db: Db, lessonIds: number[]): Promise<Map<number, TLessonDocument[]>> {
  const byLesson = new Map<number, TLessonDocument[]>();
  if (lessonIds.length === 0) return byLesson;
  const rows = await db
    .select()
    .from(lessonDocuments)
    .where(inArray(lessonDocuments.lessonId, lessonIds))
    .orderBy(asc(lessonDocuments.id));
  for (const row of rows) {
    const list = byLesson.get(row.lessonId) ?? [];
    list.push(toDocument(row));
    byLesson.set(row.lessonId, list);
  }
  return byLesson;
}

/** Stores a checked document and attaches it to a lesson; the file is removed again on failure. */
export async function addLessonDocument(
  db: Db,
  storage: Storage,
  lessonId: number,
  upload: DocumentUpload,
): Promise<TLessonDocument> {
  const [lesson] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId));
  if (!lesson) throw notFound(MESSAGES.lessonNotFound);
  const key = newFileKey('lesson-documents', upload.type);
  const contentType = DOCUMENT_TYPES[upload.type];
  await storage.put(key, upload.data, { contentType, fileName: upload.fileName });
  try {
    const [row] = await db
      .insert(lessonDocuments)
      .values({
        lessonId,
        fileKey: key,
        originalName: upload.fileName,
        contentType,
        sizeBytes: upload.data.length,
      })
      .returning();
    if (!row) throw new Error('document insert returned nothing');
    return toDocument(row);
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
}

/** Removes stored document files (best effort: a failure is only logged); samples are shared, kept. */
export async function removeDocumentFiles(storage: Storage, log: FastifyBaseLogger, keys: string[]) {
  for (const key of keys) {
    if (sampleDocument(key)) continue;
    try {
      await storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'could not remove a lesson document');
    }
  }
}

export async function deleteLessonDocument(db: Db, storage: Storage, log: FastifyBaseLogger, id: number) {
  const [row] = await db.delete(lessonDocuments).where(eq(lessonDocuments.id, id)).returning();
  if (!row) throw notFound(MESSAGES.documentNotFound);
  await removeDocumentFiles(storage, log, [row.fileKey]);
}

/** The document row (for the access check), or 404. */
export async function findDocument(db: Db, id: number): Promise<DocumentRow> {
  const [row] = await db.select().from(lessonDocuments).where(eq(lessonDocuments.id, id));
  if (!row) throw notFound(MESSAGES.documentNotFound);
  return row;
}

/** The stored bytes of a document; built-in samples are written on first use. */
export async function openDocumentFile(
  storage: Storage,
  row: DocumentRow,
): Promise<{ info: StoredFileInfo; stream: Readable }> {
  let file = await storage.get(row.fileKey);
  const sample = sampleDocument(row.fileKey);
  if (!file && sample) {
    await storage.put(row.fileKey, sample.build(), {
      contentType: sample.contentType,
      fileName: sample.name,
    });
    file = await storage.get(row.fileKey);
  }
  if (!file) throw notFound(MESSAGES.documentNotFound);
  return file;
}
