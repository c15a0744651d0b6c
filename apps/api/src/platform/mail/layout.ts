/**
 * The one branded layout every mail is drawn in. A template says what a mail contains as blocks;
 * this file turns them into the HTML part and the plain-text part, so both always say the same
 * thing and every value is escaped in exactly one place (`escapeHtml`, below).
 */

/** What a mail is made of, in reading order. */
export type MailBlock =
  | { type: 'paragraph'; text: string }
  /** Someone else's words (a reply's excerpt): set apart, quoted with `>` in the text part. */
  | { type: 'quote'; text: string }
  /** The one thing to do: a button in HTML, the label and the address on their own lines in text. */
  | { type: 'action'; label: string; url: string }
  /** The address of the action again, for mail readers that do not show buttons. */
  | { type: 'link'; intro: string; url: string }
  /** Small print under the rest (why you got it, what to do if it was not you). */
  | { type: 'note'; text: string }
  /**
   * Figures in rows (a digest's numbers): a table in HTML, the first column left and the others
   * right; in text one line per row, "- first: head value, head value".
   */
  | { type: 'table'; head: string[]; rows: string[][] };

/** A template's result before the layout: the subject and the blocks. */
export type MailContent = { subject: string; blocks: MailBlock[] };

/** The layout's own words, from the catalogue of the mail's language. */
export type LayoutWords = { brand: string; footer: string; homeUrl: string; language: string };

export type RenderedMail = { subject: string; html: string; text: string };

/** Brand colours (SPEC "Brand colours"): main, active; text and rules in neutral greys. */
const BRAND = { main: '#251A5B', active: '#FF5000', text: '#1F1F1F', muted: '#5F5F6B', rule: '#D3D3D3' };
const FONT = "font-family:Arial,'Helvetica Neue',Helvetica,sans-serif";

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Only http(s) addresses become links: a template can never produce `javascript:` or `data:`. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`a mail link must be http(s), got ${parsed.protocol}`);
  }
  return parsed.href;
}

/** A subject is one line: a title with line breaks cannot add headers or wrap oddly. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Keeps the writer's line breaks inside a paragraph. */
const withBreaks = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

function blockHtml(block: MailBlock): string {
  const p = `margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${BRAND.text}`;
  switch (block.type) {
    case 'paragraph':
      return `<p style="${p}">${withBreaks(block.text)}</p>`;
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${BRAND.active};background:#F5F4F9;${FONT};font-size:15px;line-height:22px;color:${BRAND.text}">${withBreaks(block.text)}</blockquote>`;
    case 'action': {
      const href = escapeHtml(safeUrl(block.url));
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:${BRAND.active}"><a href="${href}" style="display:inline-block;padding:12px 24px;${FONT};font-size:16px;font-weight:bold;line-height:20px;color:#FFFFFF;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a></td></tr></table>`;
    }
    case 'link': {
      const href = escapeHtml(safeUrl(block.url));
      return `<p style="margin:0 0 16px;${FONT};font-size:13px;line-height:20px;color:${BRAND.muted}">${escapeHtml(block.intro)}<br><a href="${href}" style="color:${BRAND.main};word-break:break-all">${href}</a></p>`;
    }
    case 'note':
      return `<p style="margin:0 0 12px;${FONT};font-size:13px;line-height:20px;color:${BRAND.muted}">${withBreaks(block.text)}</p>`;
    case 'table':
      return tableHtml(block.head, block.rows);
  }
}

function tableHtml(head: string[], rows: string[][]): string {
  const cell = (tag: 'th' | 'td', text: string, i: number) => {
    const align = i === 0 ? 'left' : 'right';
    const weight = tag === 'th' ? 'font-weight:bold;' : '';
    const scope = tag === 'th' ? ' scope="col"' : '';
    return `<${tag}${scope} style="padding:6px 8px;border-bottom:1px solid ${BRAND.rule};text-align:${align};${weight}${FONT};font-size:14px;line-height:20px;color:${BRAND.text}">${escapeHtml(text)}</${tag}>`;
  };
  const line = (tag: 'th' | 'td', cells: string[]) =>
    `<tr>${cells.map((c, i) => cell(tag, c, i)).join('')}</tr>`;
  return `<table cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;margin:0 0 20px"><thead>${line('th', head)}</thead><tbody>${rows.map((r) => line('td', r)).join('')}</tbody></table>`;
}

/** The text part has no button, so the action's address is already spelled out: no `link` again. */
function blockText(block: MailBlock): string | undefined {
  switch (block.type) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
    case 'action':
      return `${block.label}:\n${safeUrl(block.url)}`;
    case 'link':
      return undefined;
    case 'table':
      return tableText(block.head, block.rows);
  }
}

function tableText(head: string[], rows: string[][]): string {
  const line = ([first, ...rest]: string[]) =>
    `- ${first ?? ''}: ${rest.map((value, i) => `${head[i + 1] ?? ''} ${value}`).join(', ')}`;
  return rows.map(line).join('\n');
}

export function renderHtml(content: MailContent, words: LayoutWords): string {
  const home = escapeHtml(safeUrl(words.homeUrl));
  const body = content.blocks.map(blockHtml).join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(words.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#F2F1F6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#F2F1F6">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#FFFFFF;border-radius:8px;overflow:hidden">
<tr><td style="background:${BRAND.main};padding:20px 28px;border-bottom:4px solid ${BRAND.active}"><a href="${home}" style="${FONT};font-size:22px;font-weight:bold;color:#FFFFFF;text-decoration:none">${escapeHtml(words.brand)}</a></td></tr>
<tr><td style="padding:28px 28px 12px">
${body}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid ${BRAND.rule};${FONT};font-size:12px;line-height:18px;color:${BRAND.muted}">${escapeHtml(words.footer)}<br><a href="${home}" style="color:${BRAND.main}">${home}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function renderText(content: MailContent, words: LayoutWords): string {
  const body = content.blocks
    .map(blockText)
    .filter((text) => text !== undefined)
    .join('\n\n');
  return `${body}\n\n-- \n${words.footer}\n${safeUrl(words.homeUrl)}\n`;
}
