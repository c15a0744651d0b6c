/**
 * Markup that tries to run script or load outside content, as staff (or a stolen staff account)
 * might paste it into the article editor. Used by the API tests (nothing may survive sanitising)
 * and by the browser journey (nothing may run on the news page). Every payload calls `alert`,
 * so a browser test notices any that executes.
 */
export const XSS_PAYLOADS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<template><script>alert(1)</script></template>',
  '<img src=x onerror=alert(1)>',
  '<img src="/files/news/2026/a.jpg" onload="alert(1)">',
  '<img src=`x` onerror=alert(1)>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img srcset="x 1x" onerror=alert(1)>',
  '<IMG SRC="jav\tascript:alert(1);">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="https://ok.example" onclick="alert(1)">ok</a>',
  '<a href="#" onmouseover="alert(1)">hover</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<form action="javascript:alert(1)"><button>send</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<p style="color:expression(alert(1)); text-align:center">expr</p>',
  '<style>@import "https://evil.example/x.css"; body{background:url(javascript:alert(1))}</style>',
  '<link rel=stylesheet href=https://evil.example/x.css>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<table background="javascript:alert(1)"><tr><td>cell</td></tr></table>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<xss onafterscriptexecute=alert(1)><script>1</script>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<a href="java%0ascript:alert(1)">encoded</a>',
];

/** Every tag left in sanitised HTML. */
export function tagsOf(html: string): string[] {
  return html.match(/<[^<>]*>/g) ?? [];
}

/** A tag as a browser would read its URLs: entities and percent escapes decoded, blanks gone. */
function normalised(tag: string): string {
  return tag
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&(tab|newline);/gi, '')
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .split('')
    .filter((c) => c.charCodeAt(0) > 32)
    .join('')
    .toLowerCase();
}

/** What would make a tag dangerous; an empty list means the HTML is inert. */
export function dangerousParts(html: string): string[] {
  const found: string[] = [];
  for (const tag of tagsOf(html)) {
    if (
      /^<\/?\s*(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|button|details|video|source|template|body|xss|noscript|animate)\b/i.test(
        tag,
      )
    ) {
      found.push(tag);
    }
    if (/\son[a-z]+\s*=/i.test(tag)) found.push(tag);
    if (/(javascript|vbscript|data):/.test(normalised(tag))) found.push(tag);
    if (/expression\s*\(|url\s*\(/i.test(tag)) found.push(tag);
    if (/\sstyle\s*=\s*"(?!text-align:(left|right|center|justify);?")/i.test(tag)) found.push(tag);
  }
  return found;
}
