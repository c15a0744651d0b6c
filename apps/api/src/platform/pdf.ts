import fs from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * pdf-lib and its font engine, loaded the first time a PDF is checked or drawn: they are large, and
 * most processes (and every test file) start without needing them. Used by the certificates
 * (drawn on a template) and the learner's transcript (drawn from scratch).
 */
type PdfLib = typeof import('pdf-lib');
type Fontkit = typeof import('@pdf-lib/fontkit');

let loading: Promise<{ pdf: PdfLib; fontkit: Fontkit }> | undefined;

export function loadPdfLib(): Promise<{ pdf: PdfLib; fontkit: Fontkit }> {
  loading ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([pdf, fontkit]) => ({
    pdf,
    // A CommonJS package: its exports are the ES module's default.
    fontkit: (fontkit as unknown as { default?: Fontkit }).default ?? (fontkit as unknown as Fontkit),
  }));
  return loading;
}

/**
 * The Unicode fonts PDFs embed: DejaVu Sans and Serif (Bitstream Vera licence: free to embed and
 * redistribute) from the `dejavu-fonts-ttf` npm package, so they are there wherever `npm ci` ran,
 * whatever fonts the machine has. They cover every Latin script including Vietnamese, plus Greek,
 * Cyrillic, Armenian, Georgian and Hebrew (decision 94 says what they do not cover). Embed them
 * subset (`{ subset: true }`): only the glyphs used go into the file.
 */
const FONT_FILES = {
  'sans-regular': 'DejaVuSans.ttf',
  'sans-bold': 'DejaVuSans-Bold.ttf',
  'serif-regular': 'DejaVuSerif.ttf',
  'serif-bold': 'DejaVuSerif-Bold.ttf',
} as const;
export type PdfFontName = keyof typeof FONT_FILES;

const require = createRequire(import.meta.url);
const fontBytes = new Map<PdfFontName, Promise<Uint8Array>>();

/** The bytes of one of the embedded fonts, read once per process. */
export function unicodeFont(name: PdfFontName): Promise<Uint8Array> {
  let bytes = fontBytes.get(name);
  if (!bytes) {
    const file = require.resolve(`dejavu-fonts-ttf/ttf/${FONT_FILES[name]}`);
    bytes = fs.readFile(file).then((b) => new Uint8Array(b));
    fontBytes.set(name, bytes);
  }
  return bytes;
}
