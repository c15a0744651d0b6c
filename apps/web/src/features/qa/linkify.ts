/** A piece of a plain-text description: text as typed, or a web link found in it. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) links and bare www. addresses, up to whitespace or an angle bracket.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/**
 * How many characters at the end of a match belong to the sentence rather than the link:
 * punctuation ("see https://x.org/a.") and closing brackets that open nowhere in the link
 * ("(see https://x.org/a)"), while wikipedia.org/wiki/Foo_(bar) keeps its bracket.
 */
function trailingLength(raw: string): number {
  let end = raw.length;
  for (;;) {
    const last = raw[end - 1] ?? '';
    if (/[.,;:!?'"]/.test(last)) {
      end -= 1;
      continue;
    }
    const open = PAIRS[last];
    if (open) {
      const body = raw.slice(0, end);
      if (body.split(open).length - 1 < body.split(last).length - 1) {
        end -= 1;
        continue;
      }
    }
    return raw.length - end;
  }
}

/** The link's target: only http and https are ever produced, whatever the text says. */
function hrefOf(raw: string): string | null {
  const candidate = raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits plain text into text and link parts, for rendering as React nodes (never as HTML):
 * the text stays text, so nothing in it can become markup or script.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (piece: string) => {
    if (!piece) return;
    const previous = parts.at(-1);
    if (previous?.kind === 'text') previous.text += piece;
    else parts.push({ kind: 'text', text: piece });
  };
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    const cut = match[0].length - trailingLength(match[0]);
    const raw = match[0].slice(0, cut);
    const trailing = match[0].slice(cut);
    const href = hrefOf(raw);
    push(text.slice(last, start));
    if (href && raw.length > 'www.'.length) parts.push({ kind: 'link', text: raw, href });
    else push(raw);
    push(trailing);
    last = start + match[0].length;
  }
  push(text.slice(last));
  return parts;
}
