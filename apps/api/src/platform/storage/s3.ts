import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../../config';
import { isValidFileKey } from './keys';
import type { ByteRange, PutOptions, Storage, StoredFileInfo } from './types';

export function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** Client settings of the configured bucket (shared with the tus upload store). */
export function s3ClientConfig(config: S3StorageConfig): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  };
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), same contract as local disk. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client(s3ClientConfig(config));
  }

  private check(key: string): void {
    if (!isValidFileKey(key)) throw new Error(`invalid file key ${key}`);
  }

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
    await upload.done();
    const info = await this.stat(key);
    if (!info) throw new Error(`stored object ${key} is missing`);
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
      throw err;
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
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    if (!isValidFileKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
