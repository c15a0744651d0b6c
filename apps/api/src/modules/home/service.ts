import {
  HOME_LIMITS,
  HOME_MESSAGES,
  MESSAGES,
  type TFooterContact,
  type THomeBanner,
  type THomePage,
  type TIntroduction,
  type ZFooterContactInput,
  type ZPopupForm,
} from '@academy/contract';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound, unprocessable } from '../../platform/http/errors';
import {
  removeStoredImages,
  type StoredImage,
  toResponsiveImage,
  withStoredImage,
} from '../../platform/images/responsive';
import { hasVisibleContent, sanitizeRichText } from '../../platform/richtext/sanitize';
import type { Storage } from '../../platform/storage/storage';
import type { CheckedFile } from '../../platform/uploads/checks';
import { forgetHomePreview } from './preview-cache';
import { homeBanners, siteSettings } from './tables';

export type FooterContactInput = z.output<typeof ZFooterContactInput>;
export type PopupFormInput = z.output<typeof ZPopupForm>;

const EMPTY_CONTACT: TFooterContact = {
  companyLine: null,
  customerCare: null,
  address: null,
  addressMapUrl: null,
  mailbox: null,
  social: { facebook: null, youtube: null, linkedin: null, instagram: null, tiktok: null },
};

type BannerRow = typeof homeBanners.$inferSelect;

function toBanner(row: BannerRow): THomeBanner {
  return { id: row.id, position: row.position, image: toResponsiveImage(row.image) as THomeBanner['image'] };
}

async function readSettings(db: Db) {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row;
}

/** Makes sure the single settings row exists (safe when two requests race). */
async function ensureSettings(db: Db): Promise<void> {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
}

/** GET homepage: banners in order, the popup and the footer contact (two queries). */
export async function homePage(db: Db): Promise<THomePage> {
  const banners = await db.select().from(homeBanners).orderBy(asc(homeBanners.position), asc(homeBanners.id));
  const settings = await readSettings(db);
  return {
    banners: banners.map(toBanner),
    popup: {
      enabled: Boolean(settings?.popupEnabled && settings.popupImage),
      image: toResponsiveImage(settings?.popupImage),
    },
    contact: { ...EMPTY_CONTACT, ...settings?.contact },
  };
}

/**
 * Adds a photo at the end of the carousel. The count is checked under a lock on the settings
 * row, so two uploads at once cannot make six.
 */
export async function addBanner(db: Db, storage: Storage, file: CheckedFile): Promise<THomeBanner> {
  await ensureSettings(db);
  const banner = await withStoredImage(storage, 'home', file, (image) =>
    db.transaction(async (tx) => {
      await tx.select({ id: siteSettings.id }).from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
      const [existing] = await tx
        .select({ n: count(), last: sql<number>`coalesce(max(${homeBanners.position}), -1)` })
        .from(homeBanners);
      if ((existing?.n ?? 0) >= HOME_LIMITS.maxBanners) {
        throw unprocessable(HOME_MESSAGES.tooManyBanners);
      }
      const [row] = await tx
        .insert(homeBanners)
        .values({ image: image as StoredImage, position: Number(existing?.last ?? -1) + 1 })
        .returning();
      if (!row) throw new Error('banner insert returned nothing');
      return toBanner(row);
    }),
  );
  forgetHomePreview(db);
  return banner;
}

/** Replaces the picture of one banner, keeping its place. */
export async function replaceBanner(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  id: number,
  file: CheckedFile,
): Promise<THomeBanner> {
  const [existing] = await db.select().from(homeBanners).where(eq(homeBanners.id, id));
  if (!existing) throw notFound(HOME_MESSAGES.bannerNotFound);
  const row = await withStoredImage(storage, 'home', file, async (image) => {
    const [updated] = await db
      .update(homeBanners)
      .set({ image: image as StoredImage })
      .where(eq(homeBanners.id, id))
      .returning();
    if (!updated) throw notFound(HOME_MESSAGES.bannerNotFound);
    return updated;
  });
  forgetHomePreview(db);
  await removeStoredImages(storage, log, [existing.image]);
  return toBanner(row);
}

/** Removes a photo; the last one stays (the home page needs at least one). */
export async function deleteBanner(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  id: number,
): Promise<void> {
  await ensureSettings(db);
  const deleted = await db.transaction(async (tx) => {
    await tx.select({ id: siteSettings.id }).from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
    const [target] = await tx.select().from(homeBanners).where(eq(homeBanners.id, id));
    if (!target) throw notFound(HOME_MESSAGES.bannerNotFound);
    const [existing] = await tx.select({ n: count() }).from(homeBanners);
    if ((existing?.n ?? 0) <= HOME_LIMITS.minBanners) throw unprocessable(HOME_MESSAGES.bannerRequired);
    await tx.delete(homeBanners).where(eq(homeBanners.id, id));
    return target;
  });
  forgetHomePreview(db);
  await removeStoredImages(storage, log, [deleted.image]);
}

/** Puts the banners in the given order; every banner must be listed exactly once. */
export async function reorderBanners(db: Db, ids: number[]): Promise<THomeBanner[]> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: homeBanners.id }).from(homeBanners).for('update');
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw badRequest(MESSAGES.reorderMismatch, [{ field: 'ids', message: MESSAGES.reorderMismatch }]);
    }
    if (!ids.length) return;
    const cases = sql.join(
      ids.map((id, position) => sql`when ${id} then ${position}`),
      sql` `,
    );
    await tx
      .update(homeBanners)
      .set({ position: sql`(case ${homeBanners.id} ${cases} end)::int` })
      .where(inArray(homeBanners.id, ids));
  });
  forgetHomePreview(db);
  return (await homePage(db)).banners;
}

/** Turns the welcome popup on or off, optionally with a new picture. */
export async function updatePopup(
  db: Db,
  storage: Storage,
  log: FastifyBaseLogger,
  input: PopupFormInput,
  file: CheckedFile | undefined,
): Promise<THomePage['popup']> {
  await ensureSettings(db);
  const before = await readSettings(db);
  const previous = before?.popupImage ?? null;
  const saved = await withStoredImage(storage, 'home', file, async (image) => {
    const next = image ?? (input.removeImage ? null : previous);
    if (input.enabled && !next) {
      throw badRequest(HOME_MESSAGES.popupImageRequired, [
        { field: 'image', message: HOME_MESSAGES.popupImageRequired },
      ]);
    }
    const [row] = await db
      .update(siteSettings)
      .set({ popupEnabled: input.enabled && Boolean(next), popupImage: next, updatedAt: new Date() })
      .where(eq(siteSettings.id, 1))
      .returning();
    if (!row) throw new Error('settings row missing');
    return row;
  });
  if (previous && saved.popupImage?.variants.at(-1)?.url !== previous.variants.at(-1)?.url) {
    await removeStoredImages(storage, log, [previous]);
  }
  return { enabled: saved.popupEnabled, image: toResponsiveImage(saved.popupImage) };
}

/** Saves the footer's contact details. */
export async function updateContact(db: Db, input: FooterContactInput): Promise<TFooterContact> {
  const contact: TFooterContact = {
    companyLine: input.companyLine ?? null,
    customerCare: input.customerCare ?? null,
    address: input.address ?? null,
    addressMapUrl: input.addressMapUrl ?? null,
    mailbox: input.mailbox ?? null,
    social: {
      facebook: input.social.facebook ?? null,
      youtube: input.social.youtube ?? null,
      linkedin: input.social.linkedin ?? null,
      instagram: input.social.instagram ?? null,
      tiktok: input.social.tiktok ?? null,
    },
  };
  await ensureSettings(db);
  await db.update(siteSettings).set({ contact, updatedAt: new Date() }).where(eq(siteSettings.id, 1));
  return contact;
}

/** GET introduction (sanitised again on the way out). */
export async function introduction(db: Db): Promise<TIntroduction> {
  const settings = await readSettings(db);
  return {
    content: sanitizeRichText(settings?.introduction ?? ''),
    updatedAt: settings?.introductionUpdatedAt?.toISOString() ?? null,
  };
}

export async function updateIntroduction(db: Db, html: string): Promise<TIntroduction> {
  const content = sanitizeRichText(html);
  if (!hasVisibleContent(content)) {
    throw badRequest(MESSAGES.required, [{ field: 'content', message: MESSAGES.required }]);
  }
  await ensureSettings(db);
  const now = new Date();
  await db
    .update(siteSettings)
    .set({ introduction: content, introductionUpdatedAt: now, updatedAt: now })
    .where(eq(siteSettings.id, 1));
  forgetHomePreview(db);
  return { content, updatedAt: now.toISOString() };
}

/** True when the home page shows the demo pictures (so they must exist in storage). */
export async function usesDemoPictures(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: homeBanners.id })
    .from(homeBanners)
    .where(sql`${homeBanners.image}->'variants'->0->>'url' like '/files/demo/%'`)
    .limit(1);
  return Boolean(row);
}
