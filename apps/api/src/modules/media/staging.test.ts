import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createUploadStaging } from './staging';

describe('tus upload staging follows the file storage setting', () => {
  it('stages uploads on local disk when no S3 bucket is configured', async () => {
    const staging = await createUploadStaging(loadConfig({ DATA_DIR: '/tmp/academy-staging-test' }));
    expect(staging.kind).toBe('local');
    expect(staging.datastore).toBeInstanceOf(FileStore);
    expect(await staging.input('abc')).toBe('/tmp/academy-staging-test/uploads/abc');
  });

  it('stages uploads in the bucket and hands ffprobe a presigned URL when S3 is configured', async () => {
    const config = loadConfig({
      S3_BUCKET: 'academy-files',
      S3_ENDPOINT: 'https://s3.example.test',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    const staging = await createUploadStaging(config);
    expect(staging.kind).toBe('s3');
    expect(staging.datastore).toBeInstanceOf(S3Store);
    // Presigning is computed locally: no bucket is contacted.
    const url = new URL(await staging.input('5f0c-upload'));
    expect(url.origin).toBe('https://s3.example.test');
    expect(url.pathname).toBe('/academy-files/5f0c-upload');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
