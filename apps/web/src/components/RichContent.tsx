import { Box } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './RichContent.module.css';

/**
 * The same allow-list the server applies (apps/api/src/platform/richtext/sanitize.ts): the API
 * already sanitises rich content before storing and before sending it; the browser does it once
 * more before it touches the DOM, so a fault in one layer is not enough.
 */
const ALLOWED_TAGS = [
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
];
const ALLOWED_ATTR = [
  'href',
  'title',
  'target',
  'rel',
  'src',
  'alt',
  'width',
  'height',
  'loading',
  'style',
  'colspan',
  'rowspan',
  'start',
];

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (
        node.tagName === 'IMG' &&
        !/^\/files\/[a-z0-9][a-z0-9/_-]*\.[a-z0-9]{1,8}$/.test(node.getAttribute('src') ?? '')
      ) {
        node.remove();
      }
      if (node.tagName === 'A' && node.getAttribute('target')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      const style = node.getAttribute('style');
      if (style !== null && !/^\s*text-align:\s*(left|right|center|justify);?\s*$/.test(style)) {
        node.removeAttribute('style');
      }
    });
  }
  return DOMPurify;
}

/** Sanitises rich HTML in the browser with the allow-list above. */
export function purifyHtml(html: string): string {
  return purifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

/** Shows staff-written rich content (news, introduction) as formatted text. */
export function RichContent({ html, testId }: { html: string; testId?: string }) {
  const clean = useMemo(() => purifyHtml(html), [html]);
  return (
    <Box
      className={classes.content}
      data-testid={testId ?? 'rich-content'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and by purifyHtml above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
