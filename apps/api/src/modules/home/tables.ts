import type { TFooterContact } from '@academy/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredImage } from '../../platform/images/responsive';

/** The photos of the home page carousel (1 to 5), shown by `position`. */
export const homeBanners = pgTable(
  'home_banners',
  {
    id: serial('id').primaryKey(),
    image: jsonb('image').$type<StoredImage>().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('home_banners_position_idx').on(t.position, t.id)],
);

/**
 * The site's single settings row (id 1): the welcome popup, the introduction page and the
 * footer's contact details. A missing row reads as empty settings.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    popupEnabled: boolean('popup_enabled').notNull().default(false),
    popupImage: jsonb('popup_image').$type<StoredImage>(),
    /** Sanitised HTML. */
    introduction: text('introduction').notNull().default(''),
    introductionUpdatedAt: timestamp('introduction_updated_at', { withTimezone: true }),
    contact: jsonb('contact').$type<TFooterContact>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);
