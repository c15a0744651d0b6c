import { catalogueLanguage, wordsOf } from './catalogue';
import { MAIL_KINDS } from './kinds';
import { oneLine, type RenderedMail, renderHtml, renderText } from './layout';
import type { MailTemplate } from './template';

export type MailKind = keyof typeof MAIL_KINDS;
/** The data a kind's template needs. */
export type MailData<K extends MailKind> = (typeof MAIL_KINDS)[K]['sample'];

/** A mail to send: to whom, which kind with its data, in which language (a tag; English if unknown). */
export type MailRequest = {
  [K in MailKind]: { to: string; kind: K; data: MailData<K>; language?: string | null };
}[MailKind];

export type RenderOptions = { publicUrl: string; language?: string | null };

/** Renders one kind of mail into its subject, HTML part and plain-text part. */
export function renderMail<K extends MailKind>(
  kind: K,
  data: MailData<K>,
  options: RenderOptions,
): RenderedMail & { language: string } {
  const language = catalogueLanguage(options.language);
  const t = wordsOf(language);
  const base = options.publicUrl.replace(/\/$/, '');
  const url = (path: string) => `${base}${path.startsWith('/') ? path : `/${path}`}`;
  // Each entry's compose takes its own data; the map's union needs this one widening.
  const template = MAIL_KINDS[kind] as MailTemplate<MailData<K>>;
  const content = template.compose(data, { t, url });
  const subject = oneLine(content.subject);
  const words = { brand: t('layout.brand'), footer: t('layout.footer'), homeUrl: url('/'), language };
  const shaped = { subject, blocks: content.blocks };
  return { subject, html: renderHtml(shaped, words), text: renderText(shaped, words), language };
}
