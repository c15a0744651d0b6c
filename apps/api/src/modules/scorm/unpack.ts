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
function refusalOf(err: unknown, notZip: string = SCORM_MESSAGES.notZip): PackageRefused {
  if (err instanceof PackageRefused) return err;
  const message = err instanceof Error ? err.message : String(err);
  const unsafe = /^(absolute path|invalid relative path): (.*)$/.exec(message);
  if (unsafe) return new PackageRefused(SCORM_MESSAGES.unsafePath(unsafe[2] ?? ''));
  if (/end of central directory record signature not found/i.test(message)) {
    return new PackageRefused(notZip);
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

async function readDescriptor<T>(zip: ZipFile, entry: Entry, descriptor: PackageDescriptor<T>): Promise<T> {
  if (entry.uncompressedSize > descriptor.maxBytes) throw new PackageRefused(descriptor.tooLarge);
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  return descriptor.parse(
    Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  );
}

/**
 * The file at the root of a zip that says what the package is (SCORM's imsmanifest.xml, cmi5's
 * cmi5.xml): how big it may be, how it is read (throwing PackageRefused with the user's message),
 * and which files of the zip what it says needs.
 */
export type PackageDescriptor<T> = {
  name: string;
  maxBytes: number;
  /** The refusals: the descriptor is missing or too large, a needed file is missing, not a zip. */
  missing: string;
  tooLarge: string;
  missingFile: (path: string) => string;
  notZip?: string;
  parse: (text: string) => T;
  neededFiles: (parsed: T) => string[];
};

const MANIFEST_DESCRIPTOR: PackageDescriptor<ParsedManifest> = {
  name: MANIFEST,
  maxBytes: SCORM_LIMITS.maxManifestBytes,
  missing: SCORM_MESSAGES.noManifest,
  tooLarge: SCORM_MESSAGES.badManifest,
  missingFile: SCORM_MESSAGES.missingLaunch,
  parse: (text) => {
    try {
      return parseManifest(text);
    } catch (err) {
      if (err instanceof ManifestRefused) throw new PackageRefused(err.message);
      throw new PackageRefused(SCORM_MESSAGES.badManifest);
    }
  },
  neededFiles: (manifest) => manifest.launchFiles,
};

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
  const { described, files, sizeBytes } = await unpackZip(
    zipPath,
    `scorm/${packageId}`,
    storage,
    MANIFEST_DESCRIPTOR,
  );
  return { ...described, files, sizeBytes };
}

/**
 * The same checks and unpacking for any package a descriptor file describes (the cmi5 module's
 * courses): files go to `<keyPrefix>/f<n>.bin`. Nothing is kept on a refusal.
 */
export async function unpackZip<T>(
  zipPath: string,
  keyPrefix: string,
  storage: Storage,
  descriptor: PackageDescriptor<T>,
): Promise<{ described: T; files: UnpackedFile[]; sizeBytes: number }> {
  let zip: ZipFile;
  try {
    zip = await openZip(zipPath);
  } catch (err) {
    throw refusalOf(err, descriptor.notZip);
  }
  const written: string[] = [];
  try {
    const entries = await listEntries(zip);
    const descriptorEntry = entries.find((e) => e.fileName === descriptor.name);
    if (!descriptorEntry) throw new PackageRefused(descriptor.missing);
    const described = await readDescriptor(zip, descriptorEntry, descriptor);
    const names = new Set(entries.map((e) => e.fileName));
    for (const file of descriptor.neededFiles(described)) {
      if (!names.has(file)) throw new PackageRefused(descriptor.missingFile(file));
    }
    const files: UnpackedFile[] = [];
    let sizeBytes = 0;
    await eachLimited(entries, STORE_CONCURRENCY, async (entry, index) => {
      const storageKey = `${keyPrefix}/f${index}.bin`;
      const stream = await openEntry(zip, entry);
      // A size that lies fails the copy below; a late second error must not go unheard.
      stream.on('error', () => {});
      written.push(storageKey);
      const info = await storage.put(storageKey, stream, { contentType: contentTypeOf(entry.fileName) });
      sizeBytes += info.size;
      files.push({ path: entry.fileName, storageKey, sizeBytes: info.size });
    });
    return { described, files, sizeBytes };
  } catch (err) {
    await eachLimited(written, STORE_CONCURRENCY, (key) => storage.delete(key).catch(() => {}));
    throw refusalOf(err, descriptor.notZip);
  } finally {
    zip.close();
  }
}
