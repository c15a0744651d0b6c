import { z } from 'zod';

/** One kind of mail drawn with sample data, for the administrators' preview page. */
export const ZMailPreview = z.object({
  /** The kind's name in the API (e.g. passwordReset). */
  kind: z.string(),
  subject: z.string(),
  /** The whole HTML part, to show in a sandboxed frame. */
  html: z.string(),
  text: z.string(),
});
export type TMailPreview = z.infer<typeof ZMailPreview>;

export const ZMailPreviewQuery = z.object({
  /** A language tag; a language without a catalogue is drawn in English. */
  language: z.string().trim().max(35).optional(),
});

export const ZMailPreviews = z.object({
  /** The catalogue language the previews are drawn in. */
  language: z.string(),
  /** Languages that have a mail catalogue. */
  languages: z.array(z.string()),
  previews: z.array(ZMailPreview),
});
export type TMailPreviews = z.infer<typeof ZMailPreviews>;
