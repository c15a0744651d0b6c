import { FileStore } from '@tus/file-store';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createUploadStaging } from './staging';

describe('tus upload staging (decision 77)', () => {
  it('stages uploads on local disk when no S3 bucket is configured', async () => {
    const staging = await createUploadStaging(loadConfig({ DATA_DIR: '/tmp/academy-staging-test' }));
    expect(staging.kind).toBe('local');
    expect(staging.datastore).toBeInstanceOf(FileStore);
    expect(await staging.input('abc')).toBe('/tmp/academy-staging-test/uploads/abc');
  });

  it('stages uploads on local disk with S3 storage too: only finished, checked videos go to the bucket', async () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/academy-staging-test',
      S3_BUCKET: 'academy-files',
      S3_ENDPOINT: 'https://s3.example.test',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const staging = await createUploadStaging(config);
    expect(staging.kind).toBe('local');
    expect(staging.datastore).toBeInstanceOf(FileStore);
    expect(await staging.input('abc')).toBe('/tmp/academy-staging-test/uploads/abc');
  });
});
