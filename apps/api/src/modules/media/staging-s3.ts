import { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { S3Store } from '@tus/s3-store';
import type { S3StorageConfig } from '../../config';
import { isNotFound, s3ClientConfig } from '../../platform/storage/s3';
import { UPLOAD_EXPIRY_MS, type UploadStaging } from './upload-staging';

/** How long ffprobe/ffmpeg may read a finished upload through its signed URL. */
const PROBE_URL_SECONDS = 15 * 60;

/**
 * tus uploads in the S3 bucket (`@tus/s3-store`: multipart upload, parts buffered in temporary
 * files, never in memory). ffprobe/ffmpeg read a finished upload through a presigned HTTPS URL
 * (only the bytes they need, with range requests), and the encoding job streams it into storage.
 * Not tested against a live bucket here (see docs/decisions.md).
 */
export class S3Staging implements UploadStaging {
  readonly kind = 's3' as const;
  readonly datastore: S3Store;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client(s3ClientConfig(config));
    this.datastore = new S3Store({
      s3ClientConfig: { ...s3ClientConfig(config), bucket: config.bucket },
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    });
  }

  input(id: string): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: id });
    return getSignedUrl(this.client, command, { expiresIn: PROBE_URL_SECONDS });
  }

  async open(id: string): Promise<Readable | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: id }));
      if (!(res.Body instanceof Readable)) throw new Error('S3 returned a body that is not a Node stream');
      return res.Body;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async remove(id: string): Promise<void> {
    try {
      await this.datastore.remove(id);
    } catch (err) {
      // tus reports a missing upload as { status_code: 404 }.
      if ((err as { status_code?: number }).status_code === 404 || isNotFound(err)) return;
      throw err;
    }
  }
}
