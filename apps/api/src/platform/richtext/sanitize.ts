import {
  RICH_TEXT_ALIGNMENTS,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_IMAGE_SOURCE,
  RICH_TEXT_TAGS,
} from '@academy/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for rich content written by staff (the contract's `rich-text.ts`, which the
 * browser applies too). Anything not listed is dropped: scripts, styles, event handlers, frames,
 * forms, SVG and MathML, and every URL that is not http(s), mailto or tel (images: our own
 * /files/ only). Content is sanitised before it is stored and again whenever it is sent out.
 */
const TEXT_ALIGN = { 'text-align': [new RegExp(`^(${RICH_TEXT_ALIGNMENTS.join('|')})$`)] };

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedStyles: { '*': TEXT_ALIGN },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Pictures come from our own storage only (the Content-Security-Policy allows no other).
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text inside these is dropped with the tag, never shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'svg', 'math'],
  enforceHtmlBoundary: false,
  parseStyleAttributes: true,
  transformTags: {
    a: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      delete next.rel;
      if (next.href !== undefined && !isAllowedLink(next.href)) delete next.href;
      const external = /^https?:/i.test(next.href ?? '');
      if (next.target) next.target = '_blank';
      const rel = [next.target ? 'noopener noreferrer' : '', external ? 'nofollow' : ''].filter(Boolean);
      if (rel.length) next.rel = rel.join(' ');
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next: Record<string, string> = { ...attribs };
      for (const size of ['width', 'height'] as const) {
        const value = next[size];
        if (value !== undefined && !/^\d{1,5}$/.test(value)) delete next[size];
      }
      return { tagName, attribs: { ...next, loading: 'lazy' } };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src),
};

/**
 * A link is absolute with an allowed scheme, or plainly relative: anything with a colon before
 * its first / ? or # that is not http(s), mailto or tel is dropped, however it is escaped.
 */
function isAllowedLink(href: string): boolean {
  const beforePath = href.split(/[/?#]/, 1)[0] ?? '';
  if (!beforePath.includes(':') && !/%3a|&/i.test(beforePath)) return true;
  return /^(https?|mailto|tel):/i.test(href.trim());
}

/** Our stored files only. */
function isAllowedImageSource(src: string | undefined): boolean {
  return Boolean(src && RICH_TEXT_IMAGE_SOURCE.test(src));
}

/** Keeps only allow-listed markup. Idempotent: sanitising twice gives the same text. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when the sanitised HTML shows something: visible text or a picture. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text.length > 0;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', '#39': "'" };

/** Plain text of rich content (entities decoded, blanks collapsed), e.g. for a page description. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
