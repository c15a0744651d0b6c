import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../../config';
import { StorageUnavailableError } from './errors';
import { isValidFileKey } from './keys';
import type { ByteRange, DeletionJournal, ListedFile, PutOptions, Storage, StoredFileInfo } from './types';

export function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

function isNotImplemented(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  return e?.name === 'NotImplemented' || e?.Code === 'NotImplemented' || status === 501 || status === 405;
}

/** How long one request to the bucket may take before it counts as failed. */
const REQUEST_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;

/** Client settings of the configured bucket. */
export function s3ClientConfig(config: S3StorageConfig): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: S3-compatible servers (GCS in interoperability
    // mode, older MinIO and Ceph) refuse the streaming checksum trailers newer SDKs add.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A down endpoint fails fast instead of retrying for a minute with the user waiting.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  };
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, GCS…), same contract as local disk. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    config: S3StorageConfig,
    private readonly journal?: DeletionJournal,
  ) {
    this.bucket = config.bucket;
    this.client = new S3Client(s3ClientConfig(config));
  }

  private check(key: string): void {
    if (!isValidFileKey(key)) throw new Error(`invalid file key ${key}`);
  }

  /**
   * Streams the body with a multipart upload above 5 MB (CreateMultipartUpload, UploadPart,
   * CompleteMultipartUpload — calls every S3-compatible server has), a single PUT below. A failed
   * multipart upload is aborted, so it leaves no parts behind when the bucket still answers.
   */
  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<StoredFileInfo> {
    this.check(key);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: options.contentType,
        Metadata: options.fileName ? { 'original-name': encodeURIComponent(options.fileName) } : undefined,
      },
    });
    try {
      await upload.done();
    } catch (err) {
      // A stream that is still flowing would keep the request (and its source file) open.
      if (body instanceof Readable) body.destroy();
      throw new StorageUnavailableError('put', key, err);
    }
    const info = await this.stat(key);
    if (!info) throw new StorageUnavailableError('put', key, new Error('the stored object is missing'));
    return info;
  }

  private toInfo(key: string, head: HeadObjectCommandOutput): StoredFileInfo {
    const name = head.Metadata?.['original-name'];
    return {
      key,
      size: head.ContentLength ?? 0,
      contentType: head.ContentType ?? 'application/octet-stream',
      etag: (head.ETag ?? '').replaceAll('"', ''),
      lastModified: head.LastModified ?? new Date(0),
      fileName: name ? decodeURIComponent(name) : undefined,
    };
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    if (!isValidFileKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return this.toInfo(key, head);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw new StorageUnavailableError('stat', key, err);
    }
  }

  async get(key: string, range?: ByteRange) {
    const info = await this.stat(key);
    if (!info) return null;
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(res.Body instanceof Readable)) throw new Error('S3 returned a body that is not a Node stream');
      return { info, stream: res.Body };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw new StorageUnavailableError('get', key, err);
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    if (!isValidFileKey(key)) return;
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isNotFound(err)) return;
      await this.journal?.(key, err);
      throw new StorageUnavailableError('delete', key, err);
    }
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    let token: string | undefined;
    do {
      let page: ListObjectsV2CommandOutput;
      try {
        page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
        );
      } catch (err) {
        throw new StorageUnavailableError('list', prefix, err);
      }
      for (const item of page.Contents ?? []) {
        if (item.Key)
          yield { key: item.Key, size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async removeUnfinishedWrites(before: Date): Promise<number | null> {
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page: ListMultipartUploadsCommandOutput;
      try {
        page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
      } catch (err) {
        // Servers without the call (s3rver): the bucket's lifecycle rule has to do it.
        if (isNotImplemented(err)) return null;
        throw new StorageUnavailableError('list', undefined, err);
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || (upload.Initiated && upload.Initiated >= before)) continue;
        try {
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
          removed += 1;
        } catch (err) {
          if (!isNotFound(err)) throw new StorageUnavailableError('abort', upload.Key, err);
        }
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return removed;
  }
}
