/**
 * pdf-lib and its font engine, loaded the first time a certificate is checked or drawn: they are
 * large, and most processes (and every test file) start without needing them.
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
