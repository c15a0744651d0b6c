import {
  CERTIFICATE_FIELDS,
  CERTIFICATE_MESSAGES,
  type CertificateField,
  type TCertificateLayout,
  type TFieldPlacement,
} from '@academy/contract';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib, type PdfFontName, unicodeFont } from '../../platform/pdf';

type PdfLib = typeof import('pdf-lib');

import { ApiError } from '../../platform/http/errors';

/**
 * Certificate PDFs with pdf-lib: a template's single page, the texts drawn on it in an embedded
 * Unicode font (DejaVu Sans or Serif, platform/pdf.ts). Only the glyphs used are embedded (subset),
 * so a certificate stays a few kilobytes larger than its template.
 */

function refuse(message: string): ApiError {
  return new ApiError(422, message, [{ field: 'file', message }]);
}

/** The visible size of a page in points (its crop box, turned by its rotation). */
function visibleSize(page: PDFPage): { width: number; height: number } {
  const box = page.getCropBox();
  const turned = page.getRotation().angle % 180 !== 0;
  return turned ? { width: box.height, height: box.width } : { width: box.width, height: box.height };
}

/** The PDF and its number of pages; 422 "cannot be read" when damaged, not a PDF, or encrypted. */
async function loadPdf(bytes: Uint8Array): Promise<{ doc: PDFDocument; pages: number }> {
  try {
    const { pdf } = await loadPdfLib();
    const doc = await pdf.PDFDocument.load(bytes, { updateMetadata: false });
    return { doc, pages: doc.getPageCount() };
  } catch {
    // pdf-lib cannot change an encrypted file either.
    throw refuse(CERTIFICATE_MESSAGES.unreadable);
  }
}

/**
 * Checks an uploaded template: a readable, unencrypted PDF of exactly one page ("The certificate
 * must be a one-page PDF", 422 otherwise). Returns its visible page size in points.
 */
export async function inspectTemplate(bytes: Uint8Array): Promise<{ pageWidth: number; pageHeight: number }> {
  const { doc, pages } = await loadPdf(bytes);
  if (pages !== 1) throw refuse(CERTIFICATE_MESSAGES.onePage);
  let size: { width: number; height: number };
  try {
    size = visibleSize(doc.getPage(0));
  } catch {
    throw refuse(CERTIFICATE_MESSAGES.unreadable);
  }
  if (!(size.width > 0 && size.height > 0)) throw refuse(CERTIFICATE_MESSAGES.unreadable);
  return { pageWidth: Math.round(size.width * 100) / 100, pageHeight: Math.round(size.height * 100) / 100 };
}

export type CertificateTexts = Record<CertificateField, string>;

function colour(pdf: PdfLib, hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return pdf.rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Maps a point of the visible page (origin bottom-left) into the page's own coordinates. */
function toPageSpace(page: PDFPage, vx: number, vy: number): { x: number; y: number; rotate: number } {
  const box = page.getCropBox();
  const angle = ((page.getRotation().angle % 360) + 360) % 360;
  switch (angle) {
    case 90:
      return { x: box.x + box.width - vy, y: box.y + vx, rotate: 90 };
    case 180:
      return { x: box.x + box.width - vx, y: box.y + box.height - vy, rotate: 180 };
    case 270:
      return { x: box.x + vy, y: box.y + box.height - vx, rotate: 270 };
    default:
      return { x: box.x + vx, y: box.y + vy, rotate: 0 };
  }
}

/** Smallest margin kept at the page's sides; a longer text is drawn smaller to fit. */
const SIDE_MARGIN = 0.04;

function drawField(pdf: PdfLib, page: PDFPage, font: PDFFont, text: string, place: TFieldPlacement): void {
  const { width, height } = visibleSize(page);
  const room = (() => {
    const margin = width * SIDE_MARGIN;
    if (place.align === 'left') return width - margin - place.x * width;
    if (place.align === 'right') return place.x * width - margin;
    return 2 * Math.min(place.x * width - margin, width - margin - place.x * width);
  })();
  let size = place.fontSize;
  const natural = font.widthOfTextAtSize(text, size);
  if (room > 0 && natural > room) size = Math.max(4, (size * room) / natural);
  const textWidth = font.widthOfTextAtSize(text, size);
  const anchor = place.x * width;
  const vx =
    place.align === 'left' ? anchor : place.align === 'right' ? anchor - textWidth : anchor - textWidth / 2;
  const vy = height - place.y * height;
  const at = toPageSpace(page, vx, vy);
  page.drawText(text, {
    x: at.x,
    y: at.y,
    size,
    font,
    color: colour(pdf, place.color),
    rotate: pdf.degrees(at.rotate),
  });
}

/**
 * Draws the texts on the template's page and returns the PDF. Pure: the same template, layout and
 * texts give the same drawing.
 */
export async function renderCertificate(
  template: Uint8Array,
  layout: TCertificateLayout,
  texts: CertificateTexts,
  info: { title: string; subject?: string },
): Promise<Uint8Array> {
  const { doc, pages } = await loadPdf(template);
  if (pages !== 1) throw refuse(CERTIFICATE_MESSAGES.onePage);
  const { pdf, fontkit } = await loadPdfLib();
  doc.registerFontkit(fontkit);
  const fonts = new Map<PdfFontName, PDFFont>();
  const fontFor = async (place: TFieldPlacement): Promise<PDFFont> => {
    const name: PdfFontName = `${place.font}-${place.bold ? 'bold' : 'regular'}`;
    let font = fonts.get(name);
    if (!font) {
      font = await doc.embedFont(await unicodeFont(name), { subset: true });
      fonts.set(name, font);
    }
    return font;
  };
  const page = doc.getPage(0);
  for (const field of CERTIFICATE_FIELDS) {
    const place = layout[field];
    const text = texts[field].trim();
    if (!place.visible || !text) continue;
    drawField(pdf, page, await fontFor(place), text, place);
  }
  doc.setTitle(info.title);
  if (info.subject) doc.setSubject(info.subject);
  doc.setProducer('Academy');
  doc.setCreator('Academy');
  return doc.save();
}

/** The date as printed on certificates, e.g. "15 March 2026" (UTC). */
export function certificateDate(at: Date): string {
  return at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
