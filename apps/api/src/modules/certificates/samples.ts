import { loadPdfLib } from '../../platform/pdf';

/**
 * A built-in certificate template for the demo (and tests), drawn in code so that nothing binary
 * is committed: an A4 landscape page with a brand-coloured frame, a title and captions, leaving
 * room where the default layout puts the learner's name, the course, the date and the code.
 * Like the demo lesson documents, it is written to storage the first time it is read.
 */

export const SAMPLE_TEMPLATE_KEY = 'samples/certificate-template.pdf';
export const SAMPLE_TEMPLATE_NAME = 'academy-certificate.pdf';

export async function sampleTemplatePdf(options: { pages?: number } = {}): Promise<Uint8Array> {
  const { pdf } = await loadPdfLib();
  const { PDFDocument, rgb, StandardFonts } = pdf;
  const BRAND = rgb(37 / 255, 26 / 255, 91 / 255);
  const ACCENT = rgb(1, 80 / 255, 0);
  const GREY = rgb(0.42, 0.42, 0.46);
  const doc = await PDFDocument.create();
  doc.setTitle('Academy certificate template');
  doc.setProducer('Academy');
  const serif = await doc.embedFont(StandardFonts.TimesRomanBold);
  const sans = await doc.embedFont(StandardFonts.Helvetica);
  const width = 842;
  const height = 595;
  for (let p = 0; p < (options.pages ?? 1); p++) {
    const page = doc.addPage([width, height]);
    page.drawRectangle({ x: 0, y: 0, width, height, color: rgb(1, 1, 1) });
    page.drawRectangle({
      x: 18,
      y: 18,
      width: width - 36,
      height: height - 36,
      borderColor: BRAND,
      borderWidth: 6,
    });
    page.drawRectangle({
      x: 32,
      y: 32,
      width: width - 64,
      height: height - 64,
      borderColor: ACCENT,
      borderWidth: 1.5,
    });
    page.drawRectangle({ x: 32, y: height - 120, width: width - 64, height: 88, color: BRAND });
    const centred = (text: string, y: number, size: number, font = sans, color = GREY) => {
      const w = font.widthOfTextAtSize(text, size);
      page.drawText(text, { x: (width - w) / 2, y, size, font, color });
    };
    centred('CERTIFICATE OF COMPLETION', height - 88, 30, serif, rgb(1, 1, 1));
    centred('Skyline Academy', height - 110, 11, sans, rgb(1, 0.86, 0.78));
    centred('This certifies that', height * (1 - 0.46) + 48, 14);
    page.drawLine({
      start: { x: width * 0.2, y: height * (1 - 0.46) - 12 },
      end: { x: width * 0.8, y: height * (1 - 0.46) - 12 },
      thickness: 0.8,
      color: ACCENT,
    });
    centred('has successfully completed the course', height * (1 - 0.58) + 30, 14);
    for (const [x, caption] of [
      [0.25, 'Date'],
      [0.75, 'Verification code'],
    ] as const) {
      page.drawLine({
        start: { x: width * x - 110, y: height * (1 - 0.82) - 8 },
        end: { x: width * x + 110, y: height * (1 - 0.82) - 8 },
        thickness: 0.6,
        color: GREY,
      });
      const w = sans.widthOfTextAtSize(caption, 9);
      page.drawText(caption, {
        x: width * x - w / 2,
        y: height * (1 - 0.82) - 22,
        size: 9,
        font: sans,
        color: GREY,
      });
    }
    centred('Anyone can check this certificate with its verification code on the Academy website', 44, 8);
  }
  return doc.save();
}
