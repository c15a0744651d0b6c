import { PDFDocument } from 'pdf-lib';

/** Test helpers for certificates: PDFs made in memory and read back with pdf.js. */

/** A blank PDF of `pages` pages (A4 landscape unless given). */
export async function blankPdf(pages = 1, size: [number, number] = [842, 595], rotate = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage(size);
    if (rotate) page.setRotation({ type: 'degrees', angle: rotate } as never);
  }
  return Buffer.from(await doc.save());
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;

/** The number of pages and the text of a PDF (all pages, items joined by spaces). */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: number; text: string; items: string[] }> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const lib = await pdfjs;
  const doc = await lib.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const items: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim()) items.push(item.str);
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text: items.join(' '), items };
}
