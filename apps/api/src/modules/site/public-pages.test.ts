import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tempDataDir } from '../../../test/files';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../test/harness';
import { buildApp } from '../../app';
import { HOME_PREVIEW_TTL_MS } from '../home/preview-cache';
import { homePage, reorderBanners, updateIntroduction } from '../home/service';
import { homeBanners, siteSettings } from '../home/tables';
import { news } from '../news/tables';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Academy</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let app: FastifyInstance;
let database: TestDatabase;

beforeAll(async () => {
  const webDist = await tempDataDir();
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
  database = await createTestDatabase({ seed: true });
  app = await buildApp({
    config: testConfig({ DATA_DIR: await tempDataDir(), PUBLIC_URL: 'https://academy.example.com' }),
    database,
    webDist,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

function meta(html: string, property: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

describe('pages served with their own title, description and preview picture', () => {
  it('fills the home page from the introduction and the first banner', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain('<title>Skyline Telecom — Training Academy and news</title>');
    expect(meta(res.body, 'description')).toMatch(/^Who we are Skyline Telecom connects/);
    expect(meta(res.body, 'og:image')).toBe('https://academy.example.com/files/demo/banner-1-w960.jpg');
    expect(meta(res.body, 'og:url')).toBe('https://academy.example.com/');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('fills a news page from the article, escaping its text', async () => {
    const [first] = await database.db.select().from(news).limit(1);
    if (!first) throw new Error('no demo news');
    const { eq } = await import('drizzle-orm');
    await database.db
      .update(news)
      .set({ title: 'Fibre & TV: "double" <offer>' })
      .where(eq(news.id, first.id));
    const res = await app.inject({ method: 'GET', url: `/news/${first.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<title>Fibre &#38; TV: &#34;double&#34; &#60;offer&#62; · Skyline Academy</title>',
    );
    expect(res.body).not.toContain('<offer>');
    expect(meta(res.body, 'og:type')).toBe('article');
    expect(meta(res.body, 'description')).toBe(first.description.replace(/'/g, '&#39;'));
    expect(meta(res.body, 'og:image')).toMatch(
      /^https:\/\/academy\.example\.com\/files\/demo\/news-\d\.jpg$/,
    );
  });

  it("writes a title with replacement patterns ($& $' $`) verbatim into the head and og:title", async () => {
    const [first] = await database.db.select().from(news).limit(1);
    if (!first) throw new Error('no demo news');
    const { eq } = await import('drizzle-orm');
    await database.db.update(news).set({ title: "A $& B $' C $` D $$" }).where(eq(news.id, first.id));
    const res = await app.inject({ method: 'GET', url: `/news/${first.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>A $&#38; B $&#39; C $` D $$ · Skyline Academy</title>');
    expect(meta(res.body, 'og:title')).toBe('A $&#38; B $&#39; C $` D $$ · Skyline Academy');
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it('still opens the app for an unknown article, without its meta, with status 404', async () => {
    for (const url of ['/news/99999', '/news/abc']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Academy</title>');
      expect(meta(res.body, 'og:title')).toBeUndefined();
    }
  });

  it('revalidates the home page and an article with an ETag', async () => {
    const [first] = await database.db.select().from(news).limit(1);
    if (!first) throw new Error('no demo news');
    for (const url of ['/', `/news/${first.id}`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const etag = res.headers.etag as string;
      expect(etag, url).toBeTruthy();
      const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });

  it('reads the home page preview once for many views; an edit here shows at once, elsewhere within the TTL', async () => {
    const home = async () => (await app.inject({ method: 'GET', url: '/' })).body;
    await home();
    database.queries.reset();
    await Promise.all([home(), home(), home()]);
    expect(database.queries.count).toBe(0);

    await updateIntroduction(database.db, '<p>Fresh words for the preview.</p>');
    expect(meta(await home(), 'description')).toBe('Fresh words for the preview.');
    const banners = await database.db.select({ id: homeBanners.id }).from(homeBanners);
    const reversed = banners.map((b) => b.id).reverse();
    await reorderBanners(database.db, reversed);
    const first = (await homePage(database.db)).banners[0];
    const firstPicture = first?.image.src.replace(/\.jpg$/, '') ?? '?';
    expect(firstPicture).not.toContain('banner-1');
    expect(meta(await home(), 'og:image')).toContain(`${firstPicture}-w`);

    // Another process changed it: this one shows it once the cached preview is older than the TTL.
    await database.db.update(siteSettings).set({ introduction: '<p>Written elsewhere.</p>' });
    expect(meta(await home(), 'description')).toBe('Fresh words for the preview.');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + HOME_PREVIEW_TTL_MS + 1);
      expect(meta(await home(), 'description')).toBe('Written elsewhere.');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('sitemap and robots', () => {
  it('lists the public pages, every service news list and every article with its last change', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://academy.example.com/',
        'https://academy.example.com/introduction',
        'https://academy.example.com/news?service=1',
      ]),
    );
    const articles = await database.db.select({ id: news.id }).from(news);
    for (const a of articles) expect(locs).toContain(`https://academy.example.com/news/${a.id}`);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://academy.example.com/sitemap.xml');
  });
});
