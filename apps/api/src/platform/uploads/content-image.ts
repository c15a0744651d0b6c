import { LIMITS, type TContentImage } from '@academy/contract';
import sharp from 'sharp';
import { fileUrl, newFileKey, type Storage } from '../storage/storage';
import type { CheckedFile, FileRule } from './checks';

/** A picture of published content (news, banners, the introduction): JPG or PNG, resized to fit. */
export const CONTENT_IMAGE_RULE: FileRule = { kind: 'image', maxBytes: LIMITS.imageBytes, fit: 1600 };

/** Stores a picture placed inside rich text under `folder`, with its size for the editor. */
export async function storeContentImage(
  storage: Storage,
  folder: string,
  file: CheckedFile,
): Promise<TContentImage> {
  const meta = await sharp(file.data).metadata();
  const key = newFileKey(folder, file.extension);
  await storage.put(key, file.data, { contentType: file.contentType, fileName: file.fileName });
  return { url: fileUrl(key), width: meta.width ?? 0, height: meta.height ?? 0 };
}
