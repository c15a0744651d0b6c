import { z } from 'zod';
import { zRequiredText } from './common';
import { zFormBoolean, zOptionalText, zWebsiteUrl } from './forms';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { ZResponsiveImage } from './news';

/** Limits of the home page and introduction forms (SPEC §5, §9). */
export const HOME_LIMITS = {
  minBanners: 1,
  maxBanners: LIMITS.maxImages,
  contactLine: LIMITS.shortText,
  /** Sanitised HTML of the introduction; sent as JSON, so it may be longer than a news article. */
  introduction: 200_000,
} as const;

export const HOME_MESSAGES = {
  bannerRequired: 'The home page needs at least 1 photo',
  tooManyBanners: `The home page can show at most ${LIMITS.maxImages} photos`,
  bannerNotFound: 'This photo does not exist',
  popupImageRequired: 'Please choose a popup image before turning the popup on',
} as const;

/** "You do not have permission to …" completions (SPEC §6: home and introduction information). */
export const HOME_DENIED = {
  add: 'add home page information',
  edit: 'edit home page information',
  delete: 'delete home page information',
  introduction: 'edit introduction information',
} as const;

/** One banner photo of the home page carousel, in display order. */
export const ZHomeBanner = z.object({
  id: z.number().int(),
  position: z.number().int(),
  image: ZResponsiveImage,
});
export type THomeBanner = z.infer<typeof ZHomeBanner>;

/** Social networks the footer links to, in display order. */
export const SOCIAL_NETWORKS = ['facebook', 'youtube', 'linkedin', 'instagram', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The footer's contact details (SPEC §1). Every line is optional; blank lines are not shown. */
export const ZFooterContact = z.object({
  companyLine: z.string().nullable(),
  customerCare: z.string().nullable(),
  address: z.string().nullable(),
  addressMapUrl: z.string().nullable(),
  mailbox: z.string().nullable(),
  social: z.object({
    facebook: z.string().nullable(),
    youtube: z.string().nullable(),
    linkedin: z.string().nullable(),
    instagram: z.string().nullable(),
    tiktok: z.string().nullable(),
  }),
});
export type TFooterContact = z.infer<typeof ZFooterContact>;

const zOptionalMailbox = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().max(LIMITS.shortText, MESSAGES.tooLong).pipe(z.email(MESSAGES.emailInvalid)).nullable(),
);

/** PUT homepage/contact. */
export const ZFooterContactInput = z.object({
  companyLine: zOptionalText(HOME_LIMITS.contactLine),
  customerCare: zOptionalText(HOME_LIMITS.contactLine),
  address: zOptionalText(HOME_LIMITS.contactLine),
  addressMapUrl: zWebsiteUrl,
  mailbox: zOptionalMailbox.optional(),
  social: z
    .object({
      facebook: zWebsiteUrl,
      youtube: zWebsiteUrl,
      linkedin: zWebsiteUrl,
      instagram: zWebsiteUrl,
      tiktok: zWebsiteUrl,
    })
    .default({}),
});
export type TFooterContactInput = z.input<typeof ZFooterContactInput>;

/** GET homepage: what the public home page and footer need from the home settings. */
export const ZHomePage = z.object({
  banners: z.array(ZHomeBanner),
  popup: z.object({ enabled: z.boolean(), image: ZResponsiveImage.nullable() }),
  contact: ZFooterContact,
});
export type THomePage = z.infer<typeof ZHomePage>;

/**
 * PUT homepage/popup: multipart (`image` holds a new picture). Turning the popup on needs a
 * picture, sent now or earlier; `removeImage` drops the current one (and so turns the popup off).
 */
export const ZPopupForm = z.object({
  enabled: zFormBoolean.default(false),
  removeImage: zFormBoolean.default(false),
});
export type TPopupForm = z.input<typeof ZPopupForm>;

/** GET introduction: the rich content of the introduction page (sanitised HTML). */
export const ZIntroduction = z.object({ content: z.string(), updatedAt: z.string().nullable() });
export type TIntroduction = z.infer<typeof ZIntroduction>;

/** PUT introduction. */
export const ZIntroductionInput = z.object({ content: zRequiredText(HOME_LIMITS.introduction) });
export type TIntroductionInput = z.input<typeof ZIntroductionInput>;
