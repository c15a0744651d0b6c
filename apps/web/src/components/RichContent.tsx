import {
  RICH_TEXT_ALIGNMENTS,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_IMAGE_SOURCE,
  RICH_TEXT_TAGS,
} from '@academy/contract';
import { Box } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './RichContent.module.css';

/**
 * The contract's allow-list, which the server applies too (apps/api/src/platform/richtext/sanitize.ts):
 * the API already sanitises rich content before storing and before sending it; the browser does it
 * once more before it touches the DOM, so a fault in one layer is not enough.
 */
const ALLOWED_TAGS = [...RICH_TEXT_TAGS];
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
const TEXT_ALIGN_STYLE = new RegExp(`^\\s*text-align:\\s*(${RICH_TEXT_ALIGNMENTS.join('|')});?\\s*$`);

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'IMG' && !RICH_TEXT_IMAGE_SOURCE.test(node.getAttribute('src') ?? '')) {
        node.remove();
      }
      if (node.tagName === 'A' && node.getAttribute('target')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      const style = node.getAttribute('style');
      if (style !== null && !TEXT_ALIGN_STYLE.test(style)) {
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
