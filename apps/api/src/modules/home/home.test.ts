import path from 'node:path';
import {
  forbiddenMessage,
  HOME_DENIED,
  HOME_MESSAGES,
  MESSAGES,
  type THomeBanner,
  type THomePage,
  type TIntroduction,
} from '@academy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import {
  formData,
  jpegImage,
  listFiles,
  noisyPng,
  pdfDocument,
  pngImage,
  tempDataDir,
} from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { DEMO_CONTACT } from '../../demo/site';
import { authorizations } from '../authorizations/tables';
import { users } from '../users/tables';

let t: TestApp;
let admin: ApiClient;
let staff: ApiClient;
/** A student given a role with HOMEPAGE_MANAGEMENT and INTRODUCTION_MANAGEMENT only. */
let webEditor: ApiClient;
let anonymous: ApiClient;
let filesDir: string;

beforeAll(async () => {
  const dataDir = await tempDataDir();
  filesDir = path.join(dataDir, 'files');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const [role] = await t.database.db
    .insert(authorizations)
    .values({
      name: 'Web editor',
      serviceId: 1,
      permissions: ['HOMEPAGE_MANAGEMENT', 'INTRODUCTION_MANAGEMENT'],
    })
    .returning();
  await t.database.db
    .update(users)
    .set({ authorizationId: role?.id })
    .where(eq(users.employeeCode, DEMO_ACCOUNTS.student.employeeCode));
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  webEditor = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  anonymous = apiClient(t.app, undefined);
});
afterAll(() => t.close());

const home = async () => (await anonymous.get('homepage')).json() as THomePage;
const bannerForm = async (image?: [Buffer, string, string?]) =>
  formData({}, { image: image ?? [await pngImage(1600, 600), 'banner.png', 'image/png'] });

describe('home page (public)', () => {
  it('shows the demo banners in order with every width, the popup (off) and the footer contact', async () => {
    const res = await anonymous.get('homepage');
    expect(res.statusCode).toBe(200);
    const page = res.json() as THomePage;
    expect(page.banners).toHaveLength(3);
    expect(page.banners.map((b) => b.position)).toEqual([0, 1, 2]);
    expect(page.banners[0]?.image).toMatchObject({
      src: '/files/demo/banner-1.jpg',
      srcset:
        '/files/demo/banner-1-w480.jpg 480w, /files/demo/banner-1-w960.jpg 960w, /files/demo/banner-1.jpg 1920w',
      width: 1920,
      height: 720,
    });
    expect(page.popup).toMatchObject({ enabled: false, image: { src: '/files/demo/popup.jpg' } });
    expect(page.contact).toEqual(DEMO_CONTACT);
  });

  it('draws the demo pictures into storage on start-up', async () => {
    const files = await listFiles(filesDir);
    expect(files).toEqual(
      expect.arrayContaining(['demo/banner-1.jpg', 'demo/banner-1-w480.jpg', 'demo/news-8.jpg']),
    );
    const picture = await t.app.inject({ method: 'GET', url: '/files/demo/banner-2-w960.jpg' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 304 to a browser that already holds the current home page', async () => {
    const first = await anonymous.get('homepage');
    const again = await anonymous.get('homepage', {
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('banners', () => {
  it('adds photos up to five, refusing a sixth without keeping its files', async () => {
    const added = await webEditor.post('homepage/banners', await bannerForm());
    expect(added.statusCode, added.body).toBe(201);
    const banner = added.json() as THomeBanner;
    expect(banner.position).toBe(3);
    expect(banner.image.srcset).toMatch(/ 480w, .* 960w, .* 1600w$/);
    expect((await webEditor.post('homepage/banners', await bannerForm())).statusCode).toBe(201);
    expect((await home()).banners).toHaveLength(5);
    const before = await listFiles(filesDir);
    const sixth = await webEditor.post('homepage/banners', await bannerForm());
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().message).toBe(HOME_MESSAGES.tooManyBanners);
    expect(await listFiles(filesDir)).toEqual(before);
  });

  it('reorders the photos, refusing a list that misses or repeats one', async () => {
    const ids = (await home()).banners.map((b) => b.id);
    const reversed = [...ids].reverse();
    const res = await webEditor.put('homepage/banners/order', { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as THomeBanner[]).map((b) => b.id)).toEqual(reversed);
    expect((await home()).banners.map((b) => b.id)).toEqual(reversed);
    const missing = await webEditor.put('homepage/banners/order', { ids: reversed.slice(1) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.reorderMismatch);
    const repeated = await webEditor.put('homepage/banners/order', {
      ids: [...reversed.slice(1), reversed[1]],
    });
    expect(repeated.statusCode).toBe(400);
  });

  it('replaces the photo of a banner in place, removing the old files', async () => {
    const [first] = (await home()).banners;
    if (!first) throw new Error('no banner');
    const res = await webEditor.put(
      `homepage/banners/${first.id}`,
      await bannerForm([await jpegImage(1000, 400), 'x.jpg']),
    );
    expect(res.statusCode, res.body).toBe(200);
    const replaced = res.json() as THomeBanner;
    expect(replaced).toMatchObject({ id: first.id, position: first.position });
    expect(replaced.image.src).toMatch(/^\/files\/home\/.*\.jpg$/);
    expect((await home()).banners[0]?.id).toBe(first.id);
    const again = await webEditor.put(`homepage/banners/${first.id}`, await bannerForm());
    const files = await listFiles(filesDir);
    expect(files).not.toContain(replaced.image.src.replace('/files/', ''));
    expect(files).toContain((again.json() as THomeBanner).image.src.replace('/files/', ''));
  });

  it('refuses pictures that are not jpg/png or are over 5 MB, and a request without one', async () => {
    const pdf = await webEditor.post(
      'homepage/banners',
      await bannerForm([pdfDocument(), 'a.png', 'image/png']),
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(MESSAGES.imageType);
    const big = await webEditor.post(
      'homepage/banners',
      await bannerForm([await noisyPng(5.2 * 1024 * 1024), 'b.png']),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MESSAGES.imageTooLarge);
    const none = await webEditor.post('homepage/banners', formData({}));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: MESSAGES.fileRequired, fieldErrors: [{ field: 'image' }] });
  });

  it('never removes the shared demo pictures when a demo banner goes', async () => {
    const demo = (await home()).banners.find((b) => b.image.src.startsWith('/files/demo/'));
    if (!demo) throw new Error('no demo banner left');
    expect((await webEditor.delete(`homepage/banners/${demo.id}`)).statusCode).toBe(204);
    expect(await listFiles(filesDir)).toContain(demo.image.src.replace('/files/', ''));
  });

  it('removes photos but always keeps at least one', async () => {
    const ids = (await home()).banners.map((b) => b.id);
    for (const id of ids.slice(1))
      expect((await webEditor.delete(`homepage/banners/${id}`)).statusCode).toBe(204);
    const last = await webEditor.delete(`homepage/banners/${ids[0]}`);
    expect(last.statusCode).toBe(422);
    expect(last.json().message).toBe(HOME_MESSAGES.bannerRequired);
    expect((await home()).banners.map((b) => b.id)).toEqual([ids[0]]);
    expect((await webEditor.delete('homepage/banners/9999')).statusCode).toBe(404);
  });
});

describe('popup and footer contact', () => {
  it('turns the popup on with the stored picture, and refuses "on" without any picture', async () => {
    const on = await webEditor.put('homepage/popup', formData({ enabled: 'true' }));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, image: { src: '/files/demo/popup.jpg' } });
    expect((await home()).popup.enabled).toBe(true);
    const removeButOn = await webEditor.put(
      'homepage/popup',
      formData({ enabled: 'true', removeImage: 'true' }),
    );
    expect(removeButOn.statusCode).toBe(400);
    expect(removeButOn.json()).toMatchObject({
      message: HOME_MESSAGES.popupImageRequired,
      fieldErrors: [{ field: 'image' }],
    });
    const removed = await webEditor.put(
      'homepage/popup',
      formData({ enabled: 'false', removeImage: 'true' }),
    );
    expect(removed.json()).toEqual({ enabled: false, image: null });
    const fresh = await webEditor.put(
      'homepage/popup',
      formData({ enabled: 'true' }, { image: [await pngImage(800, 800), 'welcome.png'] }),
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      enabled: true,
      image: { width: 800, src: expect.stringMatching(/^\/files\/home\//) },
    });
    const replaced = await webEditor.put(
      'homepage/popup',
      formData({ enabled: 'true' }, { image: [await pngImage(700, 700), 'welcome2.png'] }),
    );
    const files = await listFiles(filesDir);
    expect(files).not.toContain(fresh.json().image.src.replace('/files/', ''));
    expect(files).toContain(replaced.json().image.src.replace('/files/', ''));
  });

  it('saves the footer contact, checking the mailbox and the links', async () => {
    const contact = {
      companyLine: '  Skyline Telecom JSC ',
      customerCare: 'Hotline 1800 1090',
      address: '1 Tran Duy Hung, Hanoi',
      addressMapUrl: 'https://maps.example.com/?q=skyline',
      mailbox: 'hello@skyline.example.com',
      social: { facebook: 'https://facebook.com/skyline', youtube: '' },
    };
    const res = await webEditor.put('homepage/contact', contact);
    expect(res.statusCode, res.body).toBe(200);
    expect((await home()).contact).toEqual({
      ...contact,
      companyLine: 'Skyline Telecom JSC',
      social: {
        facebook: 'https://facebook.com/skyline',
        youtube: null,
        linkedin: null,
        instagram: null,
        tiktok: null,
      },
    });
    const badMail = await webEditor.put('homepage/contact', { ...contact, mailbox: 'not-an-email' });
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json().fieldErrors).toEqual([{ field: 'mailbox', message: MESSAGES.emailInvalid }]);
    const badLink = await webEditor.put('homepage/contact', {
      ...contact,
      addressMapUrl: 'javascript:alert(1)',
      social: { linkedin: 'ftp://x' },
    });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().fieldErrors).toEqual([
      { field: 'addressMapUrl', message: MESSAGES.websiteUrlInvalid },
      { field: 'social.linkedin', message: MESSAGES.websiteUrlInvalid },
    ]);
  });
});

describe('introduction', () => {
  it('is public, and saved sanitised by an introduction manager', async () => {
    const before = (await anonymous.get('introduction')).json() as TIntroduction;
    expect(before.content).toContain('<h2>Who we are</h2>');
    const res = await webEditor.put('introduction', {
      content: '<h2>About</h2><p onclick="x()">We <script>alert(1)</script>connect people.</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await anonymous.get('introduction')).json() as TIntroduction;
    expect(after.content).toBe('<h2>About</h2><p>We connect people.</p>');
    expect(after.updatedAt).not.toBe(before.updatedAt);
  });

  it('refuses content that shows nothing', async () => {
    for (const content of ['', '   ', '<p> </p><script>alert(1)</script>']) {
      const res = await webEditor.put('introduction', { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual([{ field: 'content', message: MESSAGES.required }]);
    }
  });

  it('takes pictures for the editor', async () => {
    const res = await webEditor.post(
      'introduction/images',
      formData({}, { image: [await pngImage(400, 300), 'team.png'] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ url: expect.stringMatching(/^\/files\/introduction\//), width: 400 });
  });
});

describe('permissions', () => {
  it('answers each home page action without HOMEPAGE_MANAGEMENT with its own message', async () => {
    const cases = [
      [await staff.post('homepage/banners', await bannerForm()), HOME_DENIED.add],
      [await staff.put('homepage/banners/order', { ids: [1] }), HOME_DENIED.edit],
      [await staff.put('homepage/banners/1', await bannerForm()), HOME_DENIED.edit],
      [await staff.delete('homepage/banners/1'), HOME_DENIED.delete],
      [await staff.put('homepage/popup', formData({ enabled: 'false' })), HOME_DENIED.edit],
      [await staff.put('homepage/contact', {}), HOME_DENIED.edit],
      [await staff.put('introduction', { content: '<p>x</p>' }), HOME_DENIED.introduction],
      [
        await staff.post('introduction/images', formData({}, { image: [await pngImage(), 'a.png'] })),
        HOME_DENIED.introduction,
      ],
    ] as const;
    for (const [res, denied] of cases) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(forbiddenMessage(denied));
    }
    expect(forbiddenMessage(HOME_DENIED.introduction)).toBe(
      'You do not have permission to edit introduction information',
    );
    expect((await anonymous.put('introduction', { content: '<p>x</p>' })).statusCode).toBe(401);
    expect((await admin.put('homepage/contact', {})).statusCode).toBe(200);
  });
});
