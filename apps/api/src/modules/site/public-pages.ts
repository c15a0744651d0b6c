import fs from 'node:fs/promises';
import path from 'node:path';
import type { TResponsiveImage } from '@academy/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/errors';
import { etagOnSend } from '../../platform/http/etag';
import { loadPagePreloads } from '../../platform/http/page-routes';
import { plainText } from '../../platform/richtext/sanitize';
import { cachedHomePreview, type HomePreview, homePage, introduction } from '../home';
import { getNews, newsForSitemap } from '../news';
import { listServices } from '../org';

/** The name shown in link previews and page titles. */
export const SITE_NAME = 'Skyline Academy';
const HOME_TITLE = 'Skyline Telecom — Training Academy and news';
const HOME_DESCRIPTION =
  'Courses for every team, news from our services and the careers that keep our network running.';

export type PageMeta = {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  image?: TResponsiveImage | null;
  type: 'website' | 'article';
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max * 0.6))}…`;
}

/** The picture a link preview should use: the stored width closest to 1200 px, not above it. */
function previewImage(image: TResponsiveImage, publicUrl: string): string {
  const candidates = image.srcset.split(', ').map((entry) => {
    const [url = '', width = '0w'] = entry.split(' ');
    return { url, width: Number.parseInt(width, 10) };
  });
  const fitting = candidates.filter((c) => c.width <= 1200).at(-1) ?? candidates[0];
  return `${publicUrl}${fitting?.url ?? image.src}`;
}

/** index.html with the page's <title>, description, canonical link and Open Graph tags. */
export function withPageMeta(indexHtml: string, meta: PageMeta, publicUrl: string): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(shorten(meta.description, 200));
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image
      ? [
          `<meta property="og:image" content="${escapeHtml(previewImage(meta.image, publicUrl))}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : [`<meta name="twitter:card" content="summary" />`]),
  ].join('\n    ');
  const withoutTitle = indexHtml.replace(/<title>[\s\S]*?<\/title>/i, '');
  // A function, not a string: `$&`, `$'` … in a title are text, never replacement patterns.
  return withoutTitle.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
}

type IndexCache = { mtimeMs: number; html: string };

async function readHomePreview(db: Db): Promise<HomePreview> {
  const [home, intro] = await Promise.all([homePage(db), introduction(db)]);
  return { text: plainText(intro.content), image: home.banners[0]?.image ?? null };
}

/**
 * `/` and `/news/{id}` are served with their title, description and preview picture in the HTML
 * itself, so search engines and link previews see them without running the app; `/sitemap.xml`
 * and `/robots.txt` list the public pages.
 */
export const publicPageRoutes: FastifyPluginAsync<AppContext & { webDist: string | undefined }> = async (
  app,
  ctx,
) => {
  const publicUrl = ctx.config.publicUrl;
  let cache: IndexCache | undefined;
  // The pages revalidate: a visit whose copy is current gets a 304 without the HTML.
  app.addHook('onSend', etagOnSend);

  async function indexHtml(): Promise<string | undefined> {
    if (!ctx.webDist) return undefined;
    const file = path.join(ctx.webDist, 'index.html');
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat) return undefined;
    if (cache?.mtimeMs !== stat.mtimeMs)
      cache = { mtimeMs: stat.mtimeMs, html: await fs.readFile(file, 'utf8') };
    return cache.html;
  }

  // The page's chunk, styles and strings, preloaded beside the entry (decision 133), as web.ts does.
  const preloadsOf = ctx.webDist ? loadPagePreloads(ctx.webDist) : () => undefined;

  async function sendPage(reply: FastifyReply, meta: () => Promise<PageMeta | null>) {
    const html = await indexHtml();
    if (!html) return reply.callNotFound();
    const link = preloadsOf(reply.request.url.split('?')[0] ?? '/');
    if (link) reply.header('link', link);
    let page: PageMeta | null = null;
    try {
      page = await meta();
    } catch (err) {
      // An unknown article still opens the app, which shows its own not-found page; the status says so.
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      reply.status(404);
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page ? withPageMeta(html, page, publicUrl) : html);
  }

  if (ctx.webDist) {
    app.get('/', async (_request, reply) =>
      sendPage(reply, async () => {
        const preview = await cachedHomePreview(ctx.db, readHomePreview);
        return {
          title: HOME_TITLE,
          description: preview.text || HOME_DESCRIPTION,
          url: `${publicUrl}/`,
          image: preview.image,
          type: 'website',
        };
      }),
    );

    app.get<{ Params: { id: string } }>('/news/:id', async (request, reply) =>
      sendPage(reply, async () => {
        const id = Number(request.params.id);
        if (!Number.isInteger(id) || id <= 0) throw new ApiError(404, 'No such article');
        const news = await getNews(ctx.db, id);
        return {
          title: `${news.title} · ${SITE_NAME}`,
          description: news.description,
          url: `${publicUrl}/news/${news.id}`,
          image: news.imageSet,
          type: 'article',
        };
      }),
    );
  }

  app.get('/sitemap.xml', async (_request, reply) => {
    const [services, articles] = await Promise.all([listServices(ctx.db), newsForSitemap(ctx.db)]);
    const entry = (loc: string, lastmod?: Date) =>
      `  <url><loc>${escapeHtml(`${publicUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    const urls = [
      entry('/'),
      entry('/introduction'),
      entry('/recruitment'),
      ...services.map((s) => entry(`/news?service=${s.id}`)),
      ...articles.map((a) => entry(`/news/${a.id}`, a.updatedAt)),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(
        `User-agent: *\nDisallow: /management\nDisallow: /training-academy\nDisallow: /account\nSitemap: ${publicUrl}/sitemap.xml\n`,
      ),
  );
};
