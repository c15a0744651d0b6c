import { z } from 'zod';
import { ZPageQuery, zRequiredText } from './common';
import { zFormBoolean, zId } from './forms';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

/** Limits of the news forms (SPEC §5: description max 2000; title like other names max 255). */
export const NEWS_LIMITS = {
  categoryName: LIMITS.shortText,
  title: LIMITS.shortText,
  description: LIMITS.description,
  /** Sanitised HTML of the article; a multipart field holds at most 64 KB. */
  content: 60_000,
  /** How many related articles a news page shows. */
  related: 4,
  /** Default number of outstanding news on the home page. */
  outstanding: 6,
} as const;

/** Messages of the news feature (SPEC §8 style). */
export const NEWS_MESSAGES = {
  newsNotFound: 'This news does not exist',
  categoryNotFound: 'This news category does not exist',
  categoryInUse: 'This news category is currently in use',
  categoryExists: 'This news category already exists',
} as const;

/** "You do not have permission to …" completions, one per action (SPEC §6). */
export const NEWS_DENIED = {
  addCategory: 'add news categories',
  editCategory: 'edit news categories',
  deleteCategory: 'delete news categories',
  view: 'manage news',
  add: 'add news',
  edit: 'edit news',
  delete: 'delete news',
  showHide: 'show or hide news on the home page',
} as const;

/** A news category (SPEC §3: id, name). `newsCount` counts its news in the asked scope. */
export const ZNewsCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  newsCount: z.number().int(),
});
export type TNewsCategory = z.infer<typeof ZNewsCategory>;

/** POST news-categories, PUT news-categories/{id}. */
export const ZNewsCategoryInput = z.object({ name: zRequiredText(NEWS_LIMITS.categoryName) });
export type TNewsCategoryInput = z.input<typeof ZNewsCategoryInput>;

/** GET news-categories?tradeMarkId=: every category, or those with news in one service. */
export const ZNewsCategoryQuery = z.object({
  tradeMarkId: z.coerce.number().int().positive().optional(),
});

/** A responsive image: the largest `src` and a `srcset` of every stored width. */
export const ZResponsiveImage = z.object({
  src: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TResponsiveImage = z.infer<typeof ZResponsiveImage>;

/** A news item in lists: everything except its content. */
export const ZNewsSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** URL under /files of the largest stored size. */
  image: z.string().nullable(),
  imageSet: ZResponsiveImage.nullable(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  hiddenFromHome: z.boolean(),
  outstanding: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TNewsSummary = z.infer<typeof ZNewsSummary>;

/** GET news/{id}: the article with its sanitised HTML content and related news. */
export const ZNewsDetail = ZNewsSummary.extend({
  content: z.string(),
  related: z.array(ZNewsSummary),
});
export type TNewsDetail = z.infer<typeof ZNewsDetail>;

const zOptionalFilterId = z.preprocess(
  (v) => (v === '' || v === 'null' ? undefined : v),
  z.coerce.number().int().positive().optional(),
);
const zOptionalFlag = z.enum(['true', 'false']).optional();

/** GET searchnews (SPEC §7): tradeMarkId, categoryNewsId, page, size, sort=id,desc; `q` searches titles. */
export const ZSearchNewsQuery = ZPageQuery.extend({
  tradeMarkId: zOptionalFilterId,
  categoryNewsId: zOptionalFilterId,
});
export type TSearchNewsQuery = z.infer<typeof ZSearchNewsQuery>;

/** GET news (management list): searchnews plus the two flags. */
export const ZNewsListQuery = ZSearchNewsQuery.extend({
  outstanding: zOptionalFlag,
  hiddenFromHome: zOptionalFlag,
});
export type TNewsListQuery = z.infer<typeof ZNewsListQuery>;

/** GET outstandingnews?outstanding=true: outstanding news shown on the home page, newest first. */
export const ZOutstandingNewsQuery = z.object({
  outstanding: zOptionalFlag,
  size: z.coerce.number().int().min(1).max(50).default(NEWS_LIMITS.outstanding),
});
export const ZOutstandingNews = z.object({ data: z.object({ content: z.array(ZNewsSummary) }) });
export type TOutstandingNews = z.infer<typeof ZOutstandingNews>;

/**
 * POST news, PUT news/{id}: multipart form fields (the picture goes in `image`, required when
 * adding). `content` is HTML from the editor; the server keeps only what its allow-list permits.
 */
export const ZNewsForm = z.object({
  title: zRequiredText(NEWS_LIMITS.title),
  description: zRequiredText(NEWS_LIMITS.description),
  content: zRequiredText(NEWS_LIMITS.content),
  categoryId: zId,
  serviceId: zId,
  hiddenFromHome: zFormBoolean.default(false),
  outstanding: zFormBoolean.default(false),
});
export type TNewsForm = z.input<typeof ZNewsForm>;

/** PUT news/{id}/visibility: show on or hide from the home page. */
export const ZNewsVisibilityInput = z.object({ hiddenFromHome: z.boolean({ error: MESSAGES.required }) });
export type TNewsVisibilityInput = z.input<typeof ZNewsVisibilityInput>;

/** POST news/images, POST introduction/images: a picture for the rich text editor. */
export const ZContentImage = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type TContentImage = z.infer<typeof ZContentImage>;
