import { randomBytes } from 'node:crypto';

import addressparser from 'nodemailer/lib/addressparser';
import { encodeWords, foldLines, quoteString } from 'nodemailer/lib/mime-funcs';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';

/**
 * The product's mails as RFC 5322 bytes, written in one go (decision 163). Every mail has the
 * same shape — a subject and a multipart/alternative of a text and an HTML part, both UTF-8 in
 * quoted-printable — so it is a string template with nodemailer's own encoders for the parts that
 * need encoding (the subject's encoded-words, the parts' quoted-printable, line folding), instead of
 * nodemailer's general MIME tree of streams per message: that cost about half a millisecond of CPU
 * a mail and was most of a reminder pass (docs/performance.md, "Compliance jobs").
 */
export type MimeMessage = { to: string; subject: string; text: string; html: string };

/** A sender: the From header as written and the envelope's address. */
export type MimeSender = { header: string; address: string; domain: string };

/**
 * Parses MAIL_FROM ("Academy <no-reply@academy.local>" or a bare address) once; undefined when its
 * address is not plain ASCII (then nodemailer's composer writes every mail).
 */
export function mimeSender(from: string): MimeSender | undefined {
  const parsed = addressparser(from, { flatten: true })[0];
  const address = parsed?.address ?? '';
  if (!isPlainAddress(address)) return undefined;
  const name = parsed?.name?.trim() ?? '';
  const shown = !name
    ? ''
    : /^[\w !#$%&'*+\-/=?^`{|}~]+$/.test(name)
      ? `${name} `
      : /^[\x20-\x7e]*$/.test(name)
        ? `${quoteString(name)} `
        : `${encodeWords(name, 'Q', 52, true)} `;
  return {
    header: foldLines(`From: ${shown}<${address}>`, 76),
    address,
    domain: address.split('@')[1] ?? '',
  };
}

/** An address this writer can put in To as it is: printable ASCII, no spaces or angle brackets. */
export function isPlainAddress(to: string): boolean {
  return /^[\x21-\x3b\x3d\x3f-\x7e]+@[\x21-\x3b\x3d\x3f-\x7e]+$/.test(to);
}

/** A part's body: CRLF line ends, quoted-printable, lines of at most 76 characters. */
function quotedPrintable(body: string): string {
  return qpWrap(qpEncode(body.replace(/\r?\n/g, '\r\n')), 76);
}

/** RFC 5322 date in UTC ("Fri, 27 Nov 2026 13:25:00 +0000"). */
function dateHeader(now: Date): string {
  return now.toUTCString().replace(/GMT$/, '+0000');
}

/** This process's part of every Message-ID and boundary; a counter makes each one unique. */
const PROCESS_TAG = randomBytes(8).toString('hex');
let sequence = 0;

/** The message's bytes and its Message-ID; `to` must pass isPlainAddress (else nodemailer's composer). */
export function composeMime(
  sender: MimeSender,
  message: MimeMessage,
  now = new Date(),
): { raw: Buffer; messageId: string } {
  sequence += 1;
  const id = `${now.getTime().toString(36)}.${sequence.toString(36)}.${PROCESS_TAG}`;
  const boundary = `--_academy_${id}`;
  const subject = foldLines(`Subject: ${encodeWords(message.subject, 'Q', 52)}`, 76);
  const messageId = `<${id}@${sender.domain}>`;
  const source = [
    sender.header,
    `To: ${message.to}`,
    subject,
    `Message-ID: ${messageId}`,
    `Date: ${dateHeader(now)}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative;',
    ` boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { raw: Buffer.from(source, 'latin1'), messageId };
}
