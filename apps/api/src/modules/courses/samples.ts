/**
 * Built-in sample documents for the demo courses. They are generated in code (nothing binary is
 * committed) and written to storage the first time someone downloads them, so demo data can be
 * loaded without file storage at hand.
 */

/** A one-page PDF showing a title and a few lines of text (valid: correct cross-reference table). */
export function simplePdf(title: string, lines: string[]): Buffer {
  const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = [
    'BT /F1 20 Tf 72 760 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf 0 -32 Td',
    ...lines.map((line) => `(${pdfText(line)}) Tj 0 -18 Td`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export type SampleDocument = { key: string; name: string; contentType: string; build: () => Buffer };

export const SAMPLE_DOCUMENTS: SampleDocument[] = [
  {
    key: 'samples/customer-care-checklist.pdf',
    name: 'Customer care checklist.pdf',
    contentType: 'application/pdf',
    build: () =>
      simplePdf('Customer care checklist', [
        '1. Greet the customer by name.',
        '2. Confirm the account and the reason for the call.',
        '3. Check the line status before promising a fix.',
        '4. Summarise the next steps and the expected time.',
      ]),
  },
  {
    key: 'samples/fibre-installation-guide.pdf',
    name: 'Fibre installation guide.pdf',
    contentType: 'application/pdf',
    build: () =>
      simplePdf('Fibre installation guide', [
        'Before the visit: confirm the slot and the router model.',
        'On site: measure the optical power at the wall socket.',
        'Handover: show the customer the Wi-Fi name and password.',
      ]),
  },
];

export function sampleDocument(key: string): SampleDocument | undefined {
  return SAMPLE_DOCUMENTS.find((d) => d.key === key);
}
