import path from 'node:path';
import {
  forbiddenMessage,
  MESSAGES,
  NEWS_DENIED,
  NEWS_LIMITS,
  NEWS_MESSAGES,
  type TContentImage,
  type TNewsCategory,
  type TNewsDetail,
  type TNewsSummary,
  type TOutstandingNews,
} from '@academy/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from '../../../test/client';
import { formData, listFiles, noisyPng, pdfDocument, pngImage, tempDataDir } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/harness';
import { clientAs } from '../../../test/tokens';
import { DEMO_ACCOUNTS } from '../../demo/seed';
import { DEMO_NEWS_CATEGORIES } from '../../demo/site';
import { news } from './tables';

let t: TestApp;
let admin: ApiClient;
let staff: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let filesDir: string;

beforeAll(async () => {
  const dataDir = await tempDataDir();
  filesDir = path.join(dataDir, 'files');
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await clientAs(t.app, DEMO_ACCOUNTS.admin.employeeCode);
  staff = await clientAs(t.app, DEMO_ACCOUNTS.staff.employeeCode);
  student = await clientAs(t.app, DEMO_ACCOUNTS.student.employeeCode);
  anonymous = apiClient(t.app, undefined);
});
afterAll(() => t.close());

const allNews = () => t.database.db.select().from(news);

async function newsForm(
  fields: Record<string, string> = {},
  image: [Buffer, string, string?] | null = null,
): Promise<FormData> {
  const files: Record<string, [Buffer, string, string?]> = {};
  const picture = image === null ? [await pngImage(1200, 700), 'launch.png', 'image/png'] : image;
  if (picture.length) files.image = picture as [Buffer, string, string?];
  return formData(
    {
      title: 'Fibre lands on the islands',
      description: 'A new submarine cable brings fibre to three islands.',
      content: '<p>The cable is <strong>live</strong>.</p>',
      categoryId: '1',
      serviceId: '2',
      ...fields,
    },
    files,
  );
}

async function createNews(fields: Record<string, string> = {}): Promise<TNewsSummary> {
  const res = await staff.post('news', await newsForm(fields));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('news categories', () => {
  it('lists every category sorted by id with its news count, publicly, with x-total-count', async () => {
    const res = await anonymous.get('news-categories');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as TNewsCategory[];
    expect(rows.slice(0, 3).map((c) => c.name)).toEqual(DEMO_NEWS_CATEGORIES);
    expect(rows.map((c) => c.id)).toEqual([...rows.map((c) => c.id)].sort((a, b) => a - b));
    expect(res.headers['x-total-count']).toBe(String(rows.length));
    const stored = await allNews();
    for (const c of rows) expect(c.newsCount).toBe(stored.filter((n) => n.categoryId === c.id).length);
  });

  it('with tradeMarkId lists only the categories that have news in that service, counted there', async () => {
    await staff.post('news-categories', { name: 'Empty for now' });
    const res = await anonymous.get('news-categories?tradeMarkId=3');
    const rows = res.json() as TNewsCategory[];
    const stored = (await allNews()).filter((n) => n.serviceId === 3);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((c) => c.name)).not.toContain('Empty for now');
    for (const c of rows) expect(c.newsCount).toBe(stored.filter((n) => n.categoryId === c.id).length);
    expect(rows.reduce((sum, c) => sum + c.newsCount, 0)).toBe(stored.length);
  });

  it('adds a trimmed category and refuses blank and duplicate names (any case)', async () => {
    const res = await staff.post('news-categories', { name: '  Network updates ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Network updates', newsCount: 0 });
    const blank = await staff.post('news-categories', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      message: MESSAGES.required,
      fieldErrors: [{ field: 'name', message: MESSAGES.required }],
    });
    const missing = await staff.post('news-categories', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual([{ field: 'name', message: MESSAGES.required }]);
    const duplicate = await staff.post('news-categories', { name: 'NETWORK UPDATES' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      message: NEWS_MESSAGES.categoryExists,
      fieldErrors: [{ field: 'name' }],
    });
  });

  it('renames a category, refusing a name another one has and an unknown id', async () => {
    const created = (await staff.post('news-categories', { name: 'Temp name' })).json() as TNewsCategory;
    const renamed = await staff.put(`news-categories/${created.id}`, { name: 'Press releases' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: 'Press releases' });
    const clash = await staff.put(`news-categories/${created.id}`, { name: DEMO_NEWS_CATEGORIES[0] });
    expect(clash.statusCode).toBe(409);
    const unknown = await staff.put('news-categories/9999', { name: 'Nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NEWS_MESSAGES.categoryNotFound);
  });

  it('deletes an unused category and refuses one that news belong to', async () => {
    const created = (await staff.post('news-categories', { name: 'Short lived' })).json() as TNewsCategory;
    const removed = await staff.delete(`news-categories/${created.id}`);
    expect(removed.statusCode).toBe(204);
    const names = ((await anonymous.get('news-categories')).json() as TNewsCategory[]).map((c) => c.name);
    expect(names).not.toContain('Short lived');
    const inUse = await staff.delete('news-categories/1');
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(NEWS_MESSAGES.categoryInUse);
  });

  it('answers each category action without NEWS_MANAGEMENT with its own message', async () => {
    const add = await student.post('news-categories', { name: 'Mine' });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(forbiddenMessage(NEWS_DENIED.addCategory));
    expect(add.json().message).toBe('You do not have permission to add news categories');
    const edit = await student.put('news-categories/1', { name: 'Mine' });
    expect(edit.json().message).toBe(forbiddenMessage(NEWS_DENIED.editCategory));
    const del = await student.delete('news-categories/1');
    expect(del.json().message).toBe(forbiddenMessage(NEWS_DENIED.deleteCategory));
    expect((await anonymous.post('news-categories', { name: 'x' })).statusCode).toBe(401);
  });
});

describe('searchnews, outstandingnews and news/{id} (public)', () => {
  it('pages newest first with x-total-count, and the pages do not overlap', async () => {
    const total = (await allNews()).length;
    const first = await anonymous.get('searchnews?page=0&size=5&sort=id,desc');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(total));
    const page0 = first.json() as TNewsSummary[];
    expect(page0).toHaveLength(5);
    const ids0 = page0.map((n) => n.id);
    expect(ids0).toEqual([...ids0].sort((a, b) => b - a));
    const page1 = (await anonymous.get('searchnews?page=1&size=5&sort=id,desc')).json() as TNewsSummary[];
    expect(Math.max(...page1.map((n) => n.id))).toBeLessThan(Math.min(...ids0));
    expect(page0[0]).not.toHaveProperty('content');
    expect(page0[0]?.imageSet?.srcset).toMatch(/ 480w, .* 960w, .* 1200w$/);
  });

  it('filters by service (tradeMarkId) and category (categoryNewsId), hidden ones included', async () => {
    const stored = await allNews();
    const res = await anonymous.get('searchnews?tradeMarkId=1&categoryNewsId=2&page=0&size=100');
    const rows = res.json() as TNewsSummary[];
    const expected = stored.filter((n) => n.serviceId === 1 && n.categoryId === 2);
    expect(rows.map((n) => n.id).sort()).toEqual(expected.map((n) => n.id).sort());
    expect(res.headers['x-total-count']).toBe(String(expected.length));
    expect(
      rows.every((n) => n.serviceName === 'Skyline Mobile' && n.categoryName === 'Products and offers'),
    ).toBe(true);
    const fibre = (await anonymous.get('searchnews?tradeMarkId=2&size=100')).json() as TNewsSummary[];
    expect(fibre.length).toBe(stored.filter((n) => n.serviceId === 2).length);
    expect(fibre.some((n) => n.hiddenFromHome)).toBe(true);
    const blankFilter = await anonymous.get('searchnews?tradeMarkId=&categoryNewsId=&size=1');
    expect(blankFilter.headers['x-total-count']).toBe(String(stored.length));
  });

  it('sorts by an allowed column and refuses any other', async () => {
    const res = await anonymous.get('searchnews?sort=title,asc&size=100');
    const titles = (res.json() as TNewsSummary[]).map((n) => n.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const bad = await anonymous.get('searchnews?sort=content,asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Cannot sort by content');
  });

  it('searches titles case-insensitively, treating % and _ literally', async () => {
    const res = await anonymous.get(`searchnews?q=${encodeURIComponent('FIBRE')}&size=100`);
    const rows = res.json() as TNewsSummary[];
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((n) => n.title.toLowerCase().includes('fibre'))).toBe(true);
    const percent = await anonymous.get(`searchnews?q=${encodeURIComponent('%')}`);
    expect(percent.headers['x-total-count']).toBe('0');
  });

  it('runs the same number of queries for a page of 2 as for a page of 100', async () => {
    t.database.queries.reset();
    await anonymous.get('searchnews?size=2');
    const small = t.database.queries.count;
    t.database.queries.reset();
    await anonymous.get('searchnews?size=100');
    expect(t.database.queries.count).toBe(small);
    expect(small).toBeLessThanOrEqual(2);
    t.database.queries.reset();
    await anonymous.get('news-categories');
    expect(t.database.queries.count).toBe(1);
    t.database.queries.reset();
    await anonymous.get('outstandingnews?outstanding=true&size=50');
    expect(t.database.queries.count).toBe(1);
  });

  it('lists outstanding news shown on the home page in data.content, newest first', async () => {
    const res = await anonymous.get('outstandingnews?outstanding=true');
    expect(res.statusCode).toBe(200);
    const list = (res.json() as TOutstandingNews).data.content;
    const expected = (await allNews())
      .filter((n) => n.outstanding && !n.hiddenFromHome)
      .map((n) => n.id)
      .sort((a, b) => b - a)
      .slice(0, NEWS_LIMITS.outstanding);
    expect(list.map((n) => n.id)).toEqual(expected);
    expect(list.every((n) => n.outstanding && !n.hiddenFromHome)).toBe(true);
    const two = (await anonymous.get('outstandingnews?outstanding=true&size=2')).json() as TOutstandingNews;
    expect(two.data.content.map((n) => n.id)).toEqual(expected.slice(0, 2));
  });

  it('shows one article with its content and related news of the same category and service first', async () => {
    const [target] = await t.database.db
      .select()
      .from(news)
      .where(and(eq(news.serviceId, 1), eq(news.categoryId, 2)));
    if (!target) throw new Error('demo news missing');
    const res = await anonymous.get(`news/${target.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as TNewsDetail;
    expect(detail).toMatchObject({ id: target.id, title: target.title, serviceName: 'Skyline Mobile' });
    expect(detail.content).toContain('<h2>');
    expect(detail.related.length).toBe(NEWS_LIMITS.related);
    expect(detail.related.map((n) => n.id)).not.toContain(target.id);
    expect(detail.related[0]).toMatchObject({ serviceId: 1, categoryId: 2 });
    for (const r of detail.related) expect(r.serviceId === 1 || r.categoryId === 2).toBe(true);
    const missing = await anonymous.get('news/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(NEWS_MESSAGES.newsNotFound);
  });

  it('sends ETags on public lists and answers 304 when nothing changed', async () => {
    const first = await anonymous.get('searchnews?size=3');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await anonymous.get('searchnews?size=3', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await anonymous.get('searchnews?size=4', { headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    const detail = await anonymous.get('news/1');
    const cached = await anonymous.get('news/1', {
      headers: { 'if-none-match': detail.headers.etag as string },
    });
    expect(cached.statusCode).toBe(304);
  });
});

describe('news management', () => {
  it('lets a news editor add an article with a picture stored in three widths', async () => {
    const before = await listFiles(filesDir);
    const res = await staff.post(
      'news',
      await newsForm({
        title: '  Island fibre  ',
        outstanding: 'true',
        content: '<p onclick="steal()">Live <script>alert(1)</script>now</p>',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as TNewsSummary;
    expect(created).toMatchObject({
      title: 'Island fibre',
      categoryId: 1,
      serviceId: 2,
      serviceName: 'Skyline Fibre',
      outstanding: true,
      hiddenFromHome: false,
    });
    expect(created.imageSet).toMatchObject({ width: 1200, height: 700 });
    expect(created.imageSet?.srcset).toMatch(
      /^\/files\/news\/\d{4}\/[\w-]+-w480\.png 480w, .*-w960\.png 960w, .*\.png 1200w$/,
    );
    const added = (await listFiles(filesDir)).filter((f) => !before.includes(f));
    expect(added.filter((f) => f.endsWith('.png'))).toHaveLength(3);
    const small = await t.app.inject({ method: 'GET', url: created.imageSet?.srcset.split(' ')[0] ?? '' });
    expect(small.statusCode).toBe(200);
    const detail = (await anonymous.get(`news/${created.id}`)).json() as TNewsDetail;
    expect(detail.content).toBe('<p>Live now</p>');
    const outstanding = (await anonymous.get('outstandingnews?outstanding=true')).json() as TOutstandingNews;
    expect(outstanding.data.content[0]?.id).toBe(created.id);
    const underService = (
      await anonymous.get('searchnews?tradeMarkId=2&categoryNewsId=1')
    ).json() as TNewsSummary[];
    expect(underService[0]?.id).toBe(created.id);
  });

  it('refuses missing required fields with "This field is required" for each', async () => {
    const res = await staff.post(
      'news',
      formData(
        { title: ' ', description: '', content: '', categoryId: '', serviceId: '' },
        {
          image: [await pngImage(), 'a.png', 'image/png'],
        },
      ),
    );
    expect(res.statusCode).toBe(400);
    const fields = (res.json().fieldErrors as { field: string; message: string }[]).map((f) => [
      f.field,
      f.message,
    ]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['title', MESSAGES.required],
        ['description', MESSAGES.required],
        ['content', MESSAGES.required],
        ['categoryId', MESSAGES.required],
        ['serviceId', MESSAGES.required],
      ]),
    );
  });

  it('refuses a description over 2000 characters, a missing image and content that shows nothing', async () => {
    const before = await listFiles(filesDir);
    const long = await staff.post('news', await newsForm({ description: 'x'.repeat(2001) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual([
      { field: 'description', message: 'Must be at most 2000 characters' },
    ]);
    const ok2000 = await staff.post('news', await newsForm({ description: 'y'.repeat(2000) }));
    expect(ok2000.statusCode).toBe(201);
    const noImage = await staff.post('news', await newsForm({}, [] as unknown as [Buffer, string]));
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toMatchObject({
      message: MESSAGES.fileRequired,
      fieldErrors: [{ field: 'image' }],
    });
    const onlyScript = await staff.post(
      'news',
      await newsForm({ content: '<script>alert(1)</script><p> </p>' }),
    );
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().fieldErrors).toEqual([{ field: 'content', message: MESSAGES.required }]);
    const added = (await listFiles(filesDir)).filter((f) => !before.includes(f));
    // Only the accepted 2000-character article stored its picture (three widths).
    expect(added.filter((f) => f.endsWith('.png'))).toHaveLength(3);
  });

  it('refuses an unknown category or service as field errors, storing no picture', async () => {
    const before = await listFiles(filesDir);
    const badCategory = await staff.post('news', await newsForm({ categoryId: '999' }));
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toMatchObject({
      message: NEWS_MESSAGES.categoryNotFound,
      fieldErrors: [{ field: 'categoryId', message: NEWS_MESSAGES.categoryNotFound }],
    });
    const badService = await staff.post('news', await newsForm({ serviceId: '999' }));
    expect(badService.statusCode).toBe(400);
    expect(badService.json().fieldErrors).toEqual([
      { field: 'serviceId', message: MESSAGES.serviceNotFound },
    ]);
    expect((await listFiles(filesDir)).filter((f) => !f.endsWith('.meta.json'))).toEqual(
      before.filter((f) => !f.endsWith('.meta.json')),
    );
  });

  it('refuses a picture that is not jpg/png or is over 5 MB', async () => {
    const pdf = await staff.post('news', await newsForm({}, [pdfDocument(), 'cover.png', 'image/png']));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toBe(MESSAGES.imageType);
    const big = await staff.post('news', await newsForm({}, [await noisyPng(5.2 * 1024 * 1024), 'big.png']));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MESSAGES.imageTooLarge);
  });

  it('edits an article: a new picture replaces the old files, no picture keeps it', async () => {
    const created = await createNews({ title: 'Before edit' });
    const oldFiles = (created.imageSet?.srcset ?? '')
      .split(', ')
      .map((s) => s.split(' ')[0]?.replace('/files/', ''));
    const kept = await staff.put(
      `news/${created.id}`,
      formData({
        title: 'After edit',
        description: 'Changed',
        content: '<p>New text</p>',
        categoryId: '2',
        serviceId: '3',
        hiddenFromHome: 'true',
      }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      title: 'After edit',
      categoryId: 2,
      serviceId: 3,
      hiddenFromHome: true,
      imageSet: created.imageSet,
    });
    const replaced = await staff.put(`news/${created.id}`, await newsForm({ title: 'With new picture' }));
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().image).not.toBe(created.image);
    const files = await listFiles(filesDir);
    for (const f of oldFiles) expect(files).not.toContain(f);
    const unknown = await staff.put('news/99999', await newsForm());
    expect(unknown.statusCode).toBe(404);
  });

  it('shows and hides an article on the home page', async () => {
    const created = await createNews({ outstanding: 'true' });
    const onHome = () =>
      anonymous
        .get('outstandingnews?outstanding=true&size=50')
        .then((r) => (r.json() as TOutstandingNews).data.content.map((n) => n.id));
    expect(await onHome()).toContain(created.id);
    const hidden = await staff.put(`news/${created.id}/visibility`, { hiddenFromHome: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().hiddenFromHome).toBe(true);
    expect(await onHome()).not.toContain(created.id);
    const underService = (await anonymous.get('searchnews?tradeMarkId=2&size=100')).json() as TNewsSummary[];
    expect(underService.map((n) => n.id)).toContain(created.id);
    await staff.put(`news/${created.id}/visibility`, { hiddenFromHome: false });
    expect(await onHome()).toContain(created.id);
    const invalid = await staff.put(`news/${created.id}/visibility`, {});
    expect(invalid.statusCode).toBe(400);
  });

  it('deletes an article with its picture files', async () => {
    const created = await createNews();
    const keys = (created.imageSet?.srcset ?? '')
      .split(', ')
      .map((s) => s.split(' ')[0]?.replace('/files/', ''));
    const res = await staff.delete(`news/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await anonymous.get(`news/${created.id}`)).statusCode).toBe(404);
    const files = await listFiles(filesDir);
    for (const k of keys) expect(files).not.toContain(k);
    expect((await staff.delete(`news/${created.id}`)).statusCode).toBe(404);
  });

  it('filters the management list by the home page flags', async () => {
    const hidden = await staff.get('news?hiddenFromHome=true&size=100');
    expect(hidden.statusCode).toBe(200);
    const rows = hidden.json() as TNewsSummary[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((n) => n.hiddenFromHome)).toBe(true);
    const both = (
      await staff.get('news?outstanding=true&hiddenFromHome=false&size=100')
    ).json() as TNewsSummary[];
    expect(both.every((n) => n.outstanding && !n.hiddenFromHome)).toBe(true);
    expect(both.length).toBe((await allNews()).filter((n) => n.outstanding && !n.hiddenFromHome).length);
  });

  it('uploads a picture for the editor and answers its URL', async () => {
    const res = await staff.post(
      'news/images',
      formData({}, { image: [await pngImage(300, 200), 'inline.png'] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json() as TContentImage;
    expect(image).toMatchObject({
      width: 300,
      height: 200,
      url: expect.stringMatching(/^\/files\/news-content\//),
    });
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
    const created = await createNews({ content: `<p>See <img src="${image.url}" alt="map"></p>` });
    const detail = (await anonymous.get(`news/${created.id}`)).json() as TNewsDetail;
    expect(detail.content).toContain(`<img src="${image.url}" alt="map" loading="lazy" />`);
  });

  it('answers each news action without NEWS_MANAGEMENT with its own message', async () => {
    const cases: [Promise<{ statusCode: number; json: () => { message: string } }>, string][] = [
      [student.get('news'), NEWS_DENIED.view],
      [student.post('news', await newsForm()), NEWS_DENIED.add],
      [student.put('news/1', await newsForm()), NEWS_DENIED.edit],
      [student.delete('news/1'), NEWS_DENIED.delete],
      [student.put('news/1/visibility', { hiddenFromHome: true }), NEWS_DENIED.showHide],
      [student.post('news/images', formData({}, { image: [await pngImage(), 'a.png'] })), NEWS_DENIED.edit],
    ];
    for (const [call, denied] of cases) {
      const res = await call;
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(forbiddenMessage(denied));
    }
    expect((await student.put('news/1/visibility', { hiddenFromHome: true })).json().message).toBe(
      'You do not have permission to show or hide news on the home page',
    );
    expect((await anonymous.delete('news/1')).statusCode).toBe(401);
    // The admin passes every check.
    expect((await admin.get('news?size=1')).statusCode).toBe(200);
  });
});
