import path from 'node:path';
import { LIMITS, MESSAGES, zRequiredText } from '@academy/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  docDocument,
  docxDocument,
  formData,
  hugePng,
  jpegImage,
  listFiles,
  noisyPng,
  pdfDocument,
  pngImage,
  tempDataDir,
  zipArchive,
} from '../../../test/files';
import { registerErrorHandling } from '../http/errors';
import { LocalStorage } from '../storage/local';
import { registerFileRoutes } from '../storage/serve';
import { readForm } from './multipart';
import { registerUploads } from './plugin';
import { withStoredFiles } from './store';

const spec = {
  fields: z.object({ title: zRequiredText(50) }),
  files: {
    image: { kind: 'image', maxBytes: LIMITS.imageBytes },
    cv: { kind: 'pdf', maxBytes: 2 * 1024 * 1024 },
    form: { kind: 'document', maxBytes: 2 * 1024 * 1024 },
  },
} as const;

describe('uploads are checked by content and only stored when accepted', () => {
  let app: FastifyInstance;
  let root: string;

  beforeAll(async () => {
    root = path.join(await tempDataDir(), 'files');
    const storage = new LocalStorage(root);
    app = Fastify();
    registerErrorHandling(app);
    await registerUploads(app);
    registerFileRoutes(app, storage);
    app.post('/probe', async (request) => {
      const { fields, files } = await readForm(request, spec);
      return withStoredFiles(storage, 'probe', files, async (urls) => ({ title: fields.title, urls }));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  let before: string[] = [];
  beforeEach(async () => {
    before = await listFiles(root);
  });

  async function post(files: Record<string, [Buffer, string, string?]>, fields = { title: 'Probe' }) {
    return app.inject({ method: 'POST', url: '/probe', payload: formData(fields, files) });
  }

  async function expectRefused(
    files: Record<string, [Buffer, string, string?]>,
    status: number,
    field: string,
    message: string,
  ) {
    const res = await post(files);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status, message, fieldErrors: [{ field, message }] });
    expect(await listFiles(root)).toEqual(before);
  }

  it('accepts a PNG, a PDF and a DOCX and serves them back', async () => {
    const res = await post({
      image: [await pngImage(), 'logo.png', 'image/png'],
      cv: [pdfDocument(), 'My CV.pdf', 'application/pdf'],
      form: [docxDocument(), 'application form.docx'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { urls } = res.json() as { urls: Record<string, string> };
    expect(urls.image).toMatch(/^\/files\/probe\/\d{4}\/[0-9a-f-]{36}\.png$/);
    expect(urls.cv).toMatch(/\.pdf$/);
    expect(urls.form).toMatch(/\.docx$/);
    const cv = await app.inject({ method: 'GET', url: urls.cv ?? '' });
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.headers['content-disposition']).toBe(
      `attachment; filename="My CV.pdf"; filename*=UTF-8''My%20CV.pdf`,
    );
    expect(cv.rawPayload.equals(pdfDocument())).toBe(true);
    const image = await app.inject({ method: 'GET', url: urls.image ?? '' });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('accepts a legacy .doc by its compound-file signature', async () => {
    const res = await post({ form: [docDocument(), 'form.doc'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().urls.form).toMatch(/\.doc$/);
  });

  it('re-encodes images: EXIF removed, orientation applied, resized to fit', async () => {
    const res = await post({ image: [await jpegImage(80, 40), 'photo.jpeg', 'image/jpeg'] });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await app.inject({ method: 'GET', url: res.json().urls.image });
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    // Orientation 6 turns the 80×40 picture upright: 40 wide, 80 high.
    expect([meta.width, meta.height]).toEqual([40, 80]);
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);

    const big = await post({ image: [await pngImage(3200, 800), 'wide.png'] });
    const bigMeta = await sharp(
      (await app.inject({ method: 'GET', url: big.json().urls.image })).rawPayload,
    ).metadata();
    expect([bigMeta.width, bigMeta.height]).toEqual([1600, 400]);
  });

  it('refuses a PNG renamed .pdf', async () => {
    await expectRefused({ cv: [await pngImage(), 'cv.pdf', 'application/pdf'] }, 415, 'cv', MESSAGES.pdfOnly);
  });

  it('refuses a PDF renamed .png', async () => {
    await expectRefused(
      { image: [pdfDocument(), 'logo.png', 'image/png'] },
      415,
      'image',
      MESSAGES.imageType,
    );
  });

  it('refuses a zip that is not a Word document, and a PDF offered as a Word form', async () => {
    const zip = zipArchive({ 'readme.txt': 'hello' });
    await expectRefused({ form: [zip, 'form.docx'] }, 415, 'form', MESSAGES.documentOnly);
    await expectRefused({ form: [pdfDocument(), 'form.doc'] }, 415, 'form', MESSAGES.documentOnly);
  });

  it('refuses a 6 MB image', async () => {
    const big = await noisyPng(6 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
    await expectRefused({ image: [big, 'big.png', 'image/png'] }, 413, 'image', MESSAGES.imageTooLarge);
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await sharp(await noisyPng(200_000))
      .jpeg()
      .toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    await expectRefused({ image: [truncated, 'cut.jpg', 'image/jpeg'] }, 422, 'image', MESSAGES.imageCorrupt);
  });

  it('refuses a 10000 × 10000 image without decoding it', async () => {
    const huge = await hugePng();
    const started = performance.now();
    await expectRefused({ image: [huge, 'huge.png'] }, 422, 'image', MESSAGES.imageTooManyPixels);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('validates the fields before storing anything', async () => {
    const res = await post({ image: [await pngImage(), 'logo.png'] }, { title: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MESSAGES.required, fieldErrors: [{ field: 'title' }] });
    expect(await listFiles(root)).toEqual(before);
  });

  it('refuses a file in a field the form does not have', async () => {
    const res = await post({ other: [await pngImage(), 'x.png'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unexpected file field other');
    expect(await listFiles(root)).toEqual(before);
  });
});
