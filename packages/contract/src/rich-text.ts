/**
 * The allow-list of rich content written by staff (news articles, the introduction): the API
 * sanitises with it before storing and before sending (sanitize-html), the browser once more
 * before the DOM (DOMPurify), so a fault in one layer is not enough. Anything not listed is dropped.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'mark',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'hr',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

const BLOCK_ALIGN = ['style'] as const;

/** The attributes each tag may keep (`style`: a text alignment only). */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  p: BLOCK_ALIGN,
  h2: BLOCK_ALIGN,
  h3: BLOCK_ALIGN,
  h4: BLOCK_ALIGN,
  li: BLOCK_ALIGN,
  th: ['colspan', 'rowspan', ...BLOCK_ALIGN],
  td: ['colspan', 'rowspan', ...BLOCK_ALIGN],
  ol: ['start'],
};

/** The values of the one style property kept, `text-align`. */
export const RICH_TEXT_ALIGNMENTS = ['left', 'right', 'center', 'justify'] as const;

/** Pictures come from our own stored files only (the Content-Security-Policy allows no other). */
export const RICH_TEXT_IMAGE_SOURCE = /^\/files\/[a-z0-9][a-z0-9/_-]*\.[a-z0-9]{1,8}$/;
