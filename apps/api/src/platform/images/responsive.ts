import type { TResponsiveImage } from '@academy/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { fileKeyFromUrl, fileUrl, newFileKey, type Storage } from '../storage/storage';
import type { CheckedFile } from '../uploads/checks';

/** Smaller copies made of every public picture, for `srcset` (the original is the largest). */
export const RESPONSIVE_WIDTHS = [480, 960] as const;

/** A picture in every stored width, smallest first; the last one is the full picture. */
export type StoredImage = {
  width: number;
  height: number;
  variants: { url: string; width: number }[];
};

/** The widths to store for a picture `width` pixels wide: the smaller copies and itself. */
export function variantWidths(width: number): number[] {
  return [...RESPONSIVE_WIDTHS.filter((w) => w < width), width];
}

/** `folder/2026/uuid.jpg` → `folder/2026/uuid-w480.jpg`. */
export function variantKey(key: string, width: number): string {
  return key.replace(/\.([a-z0-9]+)$/, `-w${width}.$1`);
}

/** The stored image for a picture whose full size is at `key`, without touching storage. */
export function describeStoredImage(key: string, width: number, height: number): StoredImage {
  const variants = variantWidths(width).map((w) => ({
    url: fileUrl(w === width ? key : variantKey(key, w)),
    width: w,
  }));
  return { width, height, variants };
}

/** Re-encodes `data` (a checked jpeg or png) at `width` pixels wide. */
export async function resizeTo(data: Buffer, extension: string, width: number): Promise<Buffer> {
  const pipeline = sharp(data).resize({ width, withoutEnlargement: true });
  return extension === 'png'
    ? pipeline.png({ compressionLevel: 8 }).toBuffer()
    : pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

/** Writes the picture at `key` and its smaller copies; removes what it wrote when one fails. */
export async function putResponsiveImage(
  storage: Storage,
  key: string,
  data: Buffer,
  extension: string,
  contentType: string,
  fileName?: string,
): Promise<StoredImage> {
  const meta = await sharp(data).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const image = describeStoredImage(key, width, height);
  const written: string[] = [];
  try {
    for (const variant of image.variants) {
      const variantKeyName = fileKeyFromUrl(variant.url) as string;
      const bytes = variant.width === width ? data : await resizeTo(data, extension, variant.width);
      await storage.put(variantKeyName, bytes, { contentType, fileName });
      written.push(variantKeyName);
    }
  } catch (err) {
    await Promise.allSettled(written.map((k) => storage.delete(k)));
    throw err;
  }
  return image;
}

/**
 * Stores a checked picture in every width, runs `work` with it, and removes the files again when
 * `work` fails, so a refused write leaves no orphan behind. Without a file, `work` gets undefined.
 */
export async function withStoredImage<T>(
  storage: Storage,
  folder: string,
  file: CheckedFile | undefined,
  work: (image: StoredImage | undefined) => Promise<T>,
): Promise<T> {
  if (!file) return work(undefined);
  const key = newFileKey(folder, file.extension);
  const image = await putResponsiveImage(
    storage,
    key,
    file.data,
    file.extension,
    file.contentType,
    file.fileName,
  );
  try {
    return await work(image);
  } catch (err) {
    await Promise.allSettled(imageKeys(image).map((k) => storage.delete(k)));
    throw err;
  }
}

/** Every storage key behind a stored image. */
export function imageKeys(image: StoredImage | null | undefined): string[] {
  if (!image) return [];
  return image.variants.map((v) => fileKeyFromUrl(v.url)).filter((k): k is string => Boolean(k));
}

/** Pictures under this folder are shared by several demo rows and are never removed. */
export const SHARED_IMAGE_FOLDER = 'demo/';

/** Removes the files of pictures no longer used (best effort: a failure is only logged). */
export async function removeStoredImages(
  storage: Storage,
  log: FastifyBaseLogger,
  images: (StoredImage | null | undefined)[],
): Promise<void> {
  for (const key of images.flatMap(imageKeys)) {
    if (key.startsWith(SHARED_IMAGE_FOLDER)) continue;
    try {
      await storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'could not remove a stored image');
    }
  }
}

/** What clients get: the full picture and a `srcset` of every width. */
export function toResponsiveImage(image: StoredImage | null | undefined): TResponsiveImage | null {
  const largest = image?.variants.at(-1);
  if (!image || !largest) return null;
  return {
    src: largest.url,
    srcset: image.variants.map((v) => `${v.url} ${v.width}w`).join(', '),
    width: image.width,
    height: image.height,
  };
}
