import '@fastify/multipart';
import {
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MESSAGES,
  type TCaption,
  type TCaptionFields,
  type TStreamCaption,
  ZCaptionFields,
} from '@academy/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import webvtt from 'webvtt-parser';
import type { Db } from '../../platform/db/client';
import { uniqueViolation } from '../../platform/db/errors';
import { ApiError, badRequest, conflict, notFound } from '../../platform/http/errors';
import type { Storage } from '../../platform/storage/storage';
import { videoKeys } from './keys';
import { videoCaptions, videos } from './tables';

export type CaptionRow = typeof videoCaptions.$inferSelect;
export type CaptionUpload = TCaptionFields & { data: Buffer };

/** Storage key of a caption file, beside the video's HLS files (served with the same token). */
export function captionKey(video: { id: string; year: number }, captionId: number): string {
  return `${videoKeys(video).folder}/captions_${captionId}.vtt`;
}

const TIMING = /^(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}[ \t]+-->[ \t]+(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}(?:[ \t].*)?$/;
/** More tags on one line than any caption needs: the parser's cue tree would nest them all. */
const MAX_TAGS_PER_LINE = 64;

/**
 * A first pass in linear time, so hostile files are refused before the W3C parser (which is slow
 * on thousands of bad timings and recurses once per nested tag) sees them: every line with an
 * arrow is a cue timing, and no line is a pile of tags.
 */
function linesProblem(text: string): string | null {
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, line] of lines.entries()) {
    if (line.includes('-->') && !TIMING.test(line)) {
      return `${MEDIA_MESSAGES.notWebVtt}: line ${index + 1}: a cue timing must read like 00:01.000 --> 00:04.000`;
    }
    let tags = 0;
    for (let i = line.indexOf('<'); i !== -1; i = line.indexOf('<', i + 1)) {
      tags += 1;
      if (tags > MAX_TAGS_PER_LINE) return `${MEDIA_MESSAGES.notWebVtt}: line ${index + 1}: too much markup`;
    }
  }
  return null;
}

/**
 * Null when `data` is a WebVTT file the browser will show: UTF-8, the WEBVTT signature, at least
 * one cue, and no error of the W3C parser (timings, settings, blank lines); else why not.
 */
export function webVttProblem(data: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return `${MEDIA_MESSAGES.notWebVtt}: it is not UTF-8 text`;
  }
  if (!/^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(text)) return MEDIA_MESSAGES.notWebVtt;
  const early = linesProblem(text);
  if (early) return early;
  let parsed: ReturnType<webvtt.WebVTTParser['parse']>;
  try {
    parsed = new webvtt.WebVTTParser().parse(text, 'subtitles');
  } catch {
    return MEDIA_MESSAGES.notWebVtt;
  }
  const [error] = parsed.errors;
  if (error) return `${MEDIA_MESSAGES.notWebVtt}: line ${error.line}: ${error.message}`;
  if (parsed.cues.length === 0) return `${MEDIA_MESSAGES.notWebVtt}: it has no cues`;
  return null;
}

/**
 * Reads POST videos/{id}/captions: the text fields `language` and `label` and the file `file`,
 * at most MEDIA_LIMITS.maxCaptionBytes (413 beyond, without holding more), checked as WebVTT.
 */
export async function readCaptionUpload(request: FastifyRequest): Promise<CaptionUpload> {
  const fileError = (status: number, message: string) =>
    new ApiError(status, message, [{ field: 'file', message }]);
  if (!request.isMultipart()) throw fileError(400, MESSAGES.fileRequired);
  const max = MEDIA_LIMITS.maxCaptionBytes;
  const fields: Record<string, string> = {};
  let data: Buffer | undefined;
  let tooLarge = false;
  try {
    const parts = request.parts({ limits: { fileSize: max + 1, files: 1, fields: 4, fieldSize: 1024 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw badRequest(`Unexpected file field ${part.fieldname}`);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > max) tooLarge = true;
        else chunks.push(chunk);
      }
      data = Buffer.concat(chunks);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badRequest(MESSAGES.invalidRequest);
  }
  if (tooLarge) throw fileError(413, MEDIA_MESSAGES.captionTooLarge);
  const parsed = ZCaptionFields.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = parsed.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? 'language'),
      message: issue.message,
    }));
    throw badRequest(fieldErrors[0]?.message ?? MESSAGES.invalidRequest, fieldErrors);
  }
  if (!data || data.length === 0) throw fileError(400, MESSAGES.fileRequired);
  const problem = webVttProblem(data);
  if (problem) throw fileError(400, problem);
  return { ...parsed.data, data };
}

function toCaption(row: CaptionRow): TCaption {
  return {
    id: row.id,
    videoId: row.videoId,
    language: row.language,
    label: row.label,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

async function videoOf(db: Db, videoId: string) {
  const [video] = await db
    .select({ id: videos.id, year: videos.year })
    .from(videos)
    .where(eq(videos.id, videoId));
  if (!video) throw notFound(MEDIA_MESSAGES.videoNotFound);
  return video;
}

/** The caption tracks of a video, by language. */
export async function listCaptions(db: Db, videoId: string): Promise<TCaption[]> {
  await videoOf(db, videoId);
  const rows = await db
    .select()
    .from(videoCaptions)
    .where(eq(videoCaptions.videoId, videoId))
    .orderBy(asc(videoCaptions.language));
  return rows.map(toCaption);
}

/**
 * Attaches a checked caption file: one per language (409 for a second), at most
 * MEDIA_LIMITS.maxCaptionsPerVideo. The row and the file are written in one transaction, so a
 * failed store leaves no row; a failed commit removes the file again.
 */
export async function addCaption(
  db: Db,
  storage: Storage,
  videoId: string,
  upload: CaptionUpload,
): Promise<TCaption> {
  const video = await videoOf(db, videoId);
  let key: string | undefined;
  try {
    const row = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ n: count() })
        .from(videoCaptions)
        .where(eq(videoCaptions.videoId, videoId));
      if ((existing?.n ?? 0) >= MEDIA_LIMITS.maxCaptionsPerVideo)
        throw conflict(MEDIA_MESSAGES.tooManyCaptions);
      const [inserted] = await tx
        .insert(videoCaptions)
        .values({ videoId, language: upload.language, label: upload.label, sizeBytes: upload.data.length })
        .returning();
      if (!inserted) throw new Error('caption insert returned nothing');
      key = captionKey(video, inserted.id);
      await storage.put(key, upload.data, { contentType: 'text/vtt; charset=utf-8' });
      return inserted;
    });
    return toCaption(row);
  } catch (err) {
    if (key) await storage.delete(key).catch(() => {});
    if (uniqueViolation(err) !== undefined) {
      const message = MEDIA_MESSAGES.captionLanguageTaken;
      throw conflict(message, [{ field: 'language', message }]);
    }
    throw err;
  }
}

/** Removes a caption track and its file (the file best effort: a failure is only logged). */
export async function deleteCaption(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  videoId: string,
  captionId: number,
): Promise<void> {
  const video = await videoOf(db, videoId);
  const [row] = await db
    .delete(videoCaptions)
    .where(and(eq(videoCaptions.id, captionId), eq(videoCaptions.videoId, videoId)))
    .returning({ id: videoCaptions.id });
  if (!row) throw notFound(MEDIA_MESSAGES.captionNotFound);
  await storage
    .delete(captionKey(video, row.id))
    .catch((err) => log.warn({ err, caption: row.id }, 'could not remove a caption file'));
}

/** The learner's tracks of a READY video, signed with the playlist's token. */
export async function streamCaptions(
  db: Db,
  video: { id: string; year: number },
  token: string,
): Promise<TStreamCaption[]> {
  const rows = await db
    .select({ id: videoCaptions.id, language: videoCaptions.language, label: videoCaptions.label })
    .from(videoCaptions)
    .where(eq(videoCaptions.videoId, video.id))
    .orderBy(asc(videoCaptions.language));
  return rows.map((row) => ({
    language: row.language,
    label: row.label,
    url: `/${captionKey(video, row.id)}?token=${token}`,
  }));
}
