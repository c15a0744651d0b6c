import type { Readable } from 'node:stream';
import { SCORM_LIMITS, SCORM_MESSAGES } from '@academy/contract';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { Storage } from '../../platform/storage/storage';
import { contentTypeOf } from './content-types';
import { ManifestRefused, type ParsedManifest, parseManifest } from './manifest';

/** Why a package was refused: the message is the user's (SCORM_MESSAGES). */
export class PackageRefused extends Error {}

export type UnpackedFile = { path: string; storageKey: string; sizeBytes: number };
export type UnpackedPackage = ParsedManifest & { files: UnpackedFile[]; sizeBytes: number };

const MANIFEST = 'imsmanifest.xml';
const BOMB_FLOOR = 1024 * 1024;
const STORE_CONCURRENCY = 6;

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: true,
        validateEntrySizes: true,
        strictFileNames: false,
      },
      (err, zip) => (err || !zip ? reject(err) : resolve(zip)),
    );
  });
}

/** yauzl's own refusals, as the user's message. */
function refusalOf(err: unknown): PackageRefused {
  if (err instanceof PackageRefused) return err;
  const message = err instanceof Error ? err.message : String(err);
  const unsafe = /^(absolute path|invalid relative path): (.*)$/.exec(message);
  if (unsafe) return new PackageRefused(SCORM_MESSAGES.unsafePath(unsafe[2] ?? ''));
  if (/end of central directory record signature not found/i.test(message)) {
    return new PackageRefused(SCORM_MESSAGES.notZip);
  }
  return new PackageRefused(SCORM_MESSAGES.damaged);
}

const isSymlink = (entry: Entry) => ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;

/** Every entry of the central directory, each checked before a byte is unpacked. */
function listEntries(zip: ZipFile): Promise<Entry[]> {
  if (zip.entryCount > SCORM_LIMITS.maxFiles)
    return Promise.reject(new PackageRefused(SCORM_MESSAGES.tooManyFiles));
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    const seen = new Set<string>();
    let total = 0;
    const fail = (err: unknown) => {
      zip.removeAllListeners('entry');
      reject(refusalOf(err));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      if (isSymlink(entry)) return fail(new PackageRefused(SCORM_MESSAGES.link(name)));
      if (entry.isEncrypted()) return fail(new PackageRefused(SCORM_MESSAGES.damaged));
      if (!name.endsWith('/')) {
        if (seen.has(name)) return fail(new PackageRefused(SCORM_MESSAGES.damaged));
        seen.add(name);
        total += entry.uncompressedSize;
        if (total > SCORM_LIMITS.maxUnpackedBytes) return fail(new PackageRefused(SCORM_MESSAGES.tooBig));
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (entry.uncompressedSize > BOMB_FLOOR && ratio > SCORM_LIMITS.maxCompressionRatio) {
          return fail(new PackageRefused(SCORM_MESSAGES.bomb(name)));
        }
        entries.push(entry);
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err || !stream ? reject(err) : resolve(stream)));
  });
}

async function readManifest(zip: ZipFile, entry: Entry): Promise<ParsedManifest> {
  if (entry.uncompressedSize > SCORM_LIMITS.maxManifestBytes)
    throw new PackageRefused(SCORM_MESSAGES.badManifest);
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  try {
    return parseManifest(
      Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
  } catch (err) {
    if (err instanceof ManifestRefused) throw new PackageRefused(err.message);
    throw new PackageRefused(SCORM_MESSAGES.badManifest);
  }
}

/** Runs `work` over `items`, `limit` at a time; the first failure stops taking new items. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  let failed = false;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await work(items[index] as T, index);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  });
  const results = await Promise.allSettled(lanes);
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}

/**
 * Checks a SCORM zip and unpacks it into file storage, streamed: the central directory first
 * (count, links, paths outside the package, declared sizes and compression ratios: decision 63's
 * bounds, with SCORM's limits), then imsmanifest.xml (version, organization, resources, launch
 * files present), then every file to `scorm/<packageId>/<n>.bin`, each inflated with its declared
 * size enforced (yauzl's validateEntrySizes). On any refusal or failure, the files written so far
 * are deleted: nothing is kept.
 */
export async function unpackPackage(
  zipPath: string,
  packageId: string,
  storage: Storage,
): Promise<UnpackedPackage> {
  let zip: ZipFile;
  try {
    zip = await openZip(zipPath);
  } catch (err) {
    throw refusalOf(err);
  }
  const written: string[] = [];
  try {
    const entries = await listEntries(zip);
    const manifestEntry = entries.find((e) => e.fileName === MANIFEST);
    if (!manifestEntry) throw new PackageRefused(SCORM_MESSAGES.noManifest);
    const manifest = await readManifest(zip, manifestEntry);
    const names = new Set(entries.map((e) => e.fileName));
    for (const file of manifest.launchFiles) {
      if (!names.has(file)) throw new PackageRefused(SCORM_MESSAGES.missingLaunch(file));
    }
    const files: UnpackedFile[] = [];
    let sizeBytes = 0;
    await eachLimited(entries, STORE_CONCURRENCY, async (entry, index) => {
      const storageKey = `scorm/${packageId}/f${index}.bin`;
      const stream = await openEntry(zip, entry);
      // A size that lies fails the copy below; a late second error must not go unheard.
      stream.on('error', () => {});
      written.push(storageKey);
      const info = await storage.put(storageKey, stream, { contentType: contentTypeOf(entry.fileName) });
      sizeBytes += info.size;
      files.push({ path: entry.fileName, storageKey, sizeBytes: info.size });
    });
    return { ...manifest, files, sizeBytes };
  } catch (err) {
    await eachLimited(written, STORE_CONCURRENCY, (key) => storage.delete(key).catch(() => {}));
    throw refusalOf(err);
  } finally {
    zip.close();
  }
}
