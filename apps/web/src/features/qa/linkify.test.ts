import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('keeps text without links as one part, line breaks included', () => {
    expect(linkify('Line one\nLine two')).toEqual([{ kind: 'text', text: 'Line one\nLine two' }]);
    expect(linkify('')).toEqual([]);
  });

  it('finds http, https and www links and leaves sentence punctuation outside', () => {
    expect(linkify('See https://example.com/a?b=1. Or www.example.org, then (http://x.io/y).')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'www.example.org', href: 'https://www.example.org/' },
      { kind: 'text', text: ', then (' },
      { kind: 'link', text: 'http://x.io/y', href: 'http://x.io/y' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('keeps brackets that belong to the link', () => {
    expect(linkify('https://en.wikipedia.org/wiki/Foo_(bar)')).toEqual([
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
        href: 'https://en.wikipedia.org/wiki/Foo_(bar)',
      },
    ]);
  });

  it('never produces a script or data link, and keeps markup as text', () => {
    const parts = linkify('javascript:alert(1) <a href="javascript:alert(1)">x</a> data:text/html,<b>');
    expect(parts.every((p) => p.kind === 'text')).toBe(true);
    expect(parts.map((p) => p.text).join('')).toBe(
      'javascript:alert(1) <a href="javascript:alert(1)">x</a> data:text/html,<b>',
    );
  });

  it('stops a link at angle brackets and quotes', () => {
    const parts = linkify('https://ok.example/<script>alert(1)</script>');
    expect(parts[0]).toEqual({ kind: 'link', text: 'https://ok.example/', href: 'https://ok.example/' });
    expect(parts[1]).toEqual({ kind: 'text', text: '<script>alert(1)</script>' });
  });
});
