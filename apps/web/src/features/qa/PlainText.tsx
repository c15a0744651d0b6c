import { Anchor, Text, type TextProps } from '@mantine/core';
import { useMemo } from 'react';
import { linkify } from './linkify';

/**
 * A learner's plain text: line breaks kept, web links clickable (opened in a new tab without
 * passing on the page), everything else shown as text — never parsed as HTML.
 */
export function PlainText({ text, ...props }: { text: string } & TextProps) {
  const parts = useMemo(() => linkify(text), [text]);
  return (
    <Text {...props} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never move; the index is their identity
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}
