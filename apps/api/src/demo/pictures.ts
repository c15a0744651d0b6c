import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { describeStoredImage, resizeTo, type StoredImage } from '../platform/images/responsive';
import { fileKeyFromUrl, type Storage } from '../platform/storage/storage';

/**
 * Pictures of the demo home page and news, drawn in code (nothing binary is committed). The demo
 * rows point at their keys; the files are written on start-up when missing, so demo data can be
 * loaded without file storage at hand (like the sample lesson documents).
 */
type DemoPicture = {
  key: string;
  width: number;
  height: number;
  title: string;
  subtitle: string;
  from: string;
  to: string;
};

const BRAND = '#251A5B';
const ACTIVE = '#FF5000';

function banner(n: number, title: string, subtitle: string, from: string, to: string): DemoPicture {
  return { key: `demo/banner-${n}.jpg`, width: 1920, height: 720, title, subtitle, from, to };
}

function newsPicture(n: number, title: string, from: string, to: string): DemoPicture {
  return {
    key: `demo/news-${n}.jpg`,
    width: 1200,
    height: 675,
    title,
    subtitle: 'Skyline Telecom',
    from,
    to,
  };
}

export const DEMO_PICTURES = {
  banners: [
    banner(
      1,
      'Learn. Grow. Connect.',
      'The Skyline Training Academy is open to every employee',
      BRAND,
      '#4B3A9E',
    ),
    banner(2, 'Fibre for every home', 'Faster plans in 20 new cities this year', '#0E5A8A', '#251A5B'),
    banner(3, 'Customer care, first', 'New courses for our care agents', ACTIVE, '#B8326B'),
  ],
  popup: {
    key: 'demo/popup.jpg',
    width: 900,
    height: 900,
    title: 'Welcome!',
    subtitle: 'New courses are waiting in the Training Academy',
    from: BRAND,
    to: ACTIVE,
  } satisfies DemoPicture,
  news: [
    newsPicture(1, 'Company news', BRAND, '#5C4BC4'),
    newsPicture(2, '5G in the city', '#0E5A8A', '#25A0C5'),
    newsPicture(3, 'Fibre at home', '#1C6B48', '#3FB27F'),
    newsPicture(4, 'Skyline TV', '#7A1F5C', '#D9487E'),
    newsPicture(5, 'Training days', ACTIVE, '#FFA34D'),
    newsPicture(6, 'Customer care', '#2F3B52', '#5E7391'),
    newsPicture(7, 'Community', '#5B2A86', '#9B59D0'),
    newsPicture(8, 'New offers', '#8A4B0E', '#E0A030'),
  ],
};

const ALL_PICTURES: DemoPicture[] = [DEMO_PICTURES.popup, ...DEMO_PICTURES.banners, ...DEMO_PICTURES.news];

/** The stored-image record the demo rows keep for one demo picture. */
export function demoImage(picture: DemoPicture): StoredImage {
  return describeStoredImage(picture.key, picture.width, picture.height);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An SVG poster: a diagonal gradient, a few soft circles, a title and a subtitle. */
function posterSvg(p: DemoPicture): string {
  const { width: w, height: h } = p;
  const titleSize = Math.round(Math.min(w / 14, h / 6));
  const subtitleSize = Math.round(titleSize * 0.42);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/>
  </linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <circle cx="${w * 0.82}" cy="${h * 0.25}" r="${h * 0.42}" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="${w * 0.95}" cy="${h * 0.9}" r="${h * 0.3}" fill="#ffffff" fill-opacity="0.06"/>
  <circle cx="${w * 0.1}" cy="${h * 1.05}" r="${h * 0.35}" fill="#000000" fill-opacity="0.08"/>
  <rect x="${w * 0.07}" y="${h * 0.38}" width="${titleSize * 1.6}" height="${Math.max(4, titleSize / 8)}" fill="${ACTIVE}"/>
  <text x="${w * 0.07}" y="${h * 0.38 + titleSize * 1.35}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${titleSize}" fill="#ffffff">${escapeXml(p.title)}</text>
  <text x="${w * 0.07}" y="${h * 0.38 + titleSize * 1.35 + subtitleSize * 1.9}" font-family="DejaVu Sans, sans-serif" font-size="${subtitleSize}" fill="#ffffff" fill-opacity="0.9">${escapeXml(p.subtitle)}</text>
</svg>`;
}

async function writePicture(storage: Storage, picture: DemoPicture): Promise<void> {
  const image = demoImage(picture);
  let full: Buffer | undefined;
  for (const variant of [...image.variants].reverse()) {
    const key = fileKeyFromUrl(variant.url);
    if (!key || (await storage.exists(key))) continue;
    full ??= await sharp(Buffer.from(posterSvg(picture)))
      .jpeg({ quality: 82 })
      .toBuffer();
    const bytes = variant.width === picture.width ? full : await resizeTo(full, 'jpg', variant.width);
    await storage.put(key, bytes, { contentType: 'image/jpeg', fileName: `${picture.title}.jpg` });
  }
}

/** Writes every demo picture that is missing from storage (quick when they are all there). */
export async function ensureDemoPictures(storage: Storage, log: FastifyBaseLogger): Promise<void> {
  try {
    for (const picture of ALL_PICTURES) await writePicture(storage, picture);
  } catch (err) {
    log.warn({ err }, 'could not write the demo pictures');
  }
}
