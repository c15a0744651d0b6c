import Fastify from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/harness';
import { startSmtpServer, type TestSmtp } from '../../../test/mail';
import { createMailer } from './mailer';
import { composeMime, isPlainAddress, mimeSender } from './mime';
import { renderMail } from './render';

/** The mails' own MIME writer (decision 163): what a reader's client decodes is what was rendered. */
const PUBLIC_URL = 'http://localhost:3000';
const VIETNAMESE = 'Bảo vệ dữ liệu khách hàng — an toàn thông tin cho mọi chi nhánh và phòng ban';

function reminder(fullName: string | null, name: string) {
  return renderMail(
    'assignmentReminder',
    { fullName, occasion: 'OVERDUE', name, dueOn: '15 March 2030', days: 8 },
    { publicUrl: PUBLIC_URL },
  );
}

describe('MIME writer', () => {
  it('writes a mail a client reads back exactly: non-ASCII subject and names, lines of 78 at most', async () => {
    const sender = mimeSender('Học viện Academy <no-reply@academy.local>');
    if (!sender) throw new Error('a plain MAIL_FROM');
    const rendered = reminder('Trần Thị "Tí" <b>', VIETNAMESE);
    const { raw, messageId } = composeMime(sender, { to: 'tran@example.com', ...rendered });
    const source = raw.toString('latin1');
    for (const line of source.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect(source).not.toMatch(/[^\r]\n/);
    expect([...source].every((c) => c.charCodeAt(0) < 128)).toBe(true);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(rendered.subject);
    expect(parsed.text).toBe(rendered.text);
    expect(parsed.html).toBe(rendered.html);
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.from?.value).toEqual([{ name: 'Học viện Academy', address: 'no-reply@academy.local' }]);
    expect(parsed.date?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives every message its own Message-ID', () => {
    const sender = mimeSender('no-reply@academy.local');
    if (!sender) throw new Error('a plain MAIL_FROM');
    const rendered = reminder(null, 'Fire drill');
    const ids = new Set(
      Array.from({ length: 100 }, () => composeMime(sender, { to: 'a@example.com', ...rendered }).messageId),
    );
    expect(ids.size).toBe(100);
  });

  it('takes only bare printable addresses; anything else (in To or MAIL_FROM) is left to nodemailer', () => {
    expect(isPlainAddress('person1@compliance.example.com')).toBe(true);
    expect(isPlainAddress('Tran <tran@example.com>')).toBe(false);
    expect(isPlainAddress('trần@example.com')).toBe(false);
    expect(isPlainAddress('a@example.com\r\nBcc: b@example.com')).toBe(false);
    expect(mimeSender('Academy')).toBeUndefined();
    expect(mimeSender('Academy <no-reply@học.vn>')).toBeUndefined();
  });

  it('keeps values that look like placeholders as they were given', () => {
    const odd = '$& {{name}} \ue0000\ue000 $1';
    const rendered = reminder(odd, `${odd} course`);
    expect(rendered.text).toContain(`Hello ${odd},`);
    expect(rendered.subject).toBe(`Overdue: ${odd} course`);
  });
});

describe('mail through SMTP with the MIME writer', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('sends in a batch and alone, and an address with a name still arrives', async () => {
    const mailer = createMailer(testConfig({ SMTP_URL: smtp.url }), Fastify().log);
    const data = {
      fullName: 'Minh',
      occasion: 'DUE' as const,
      name: VIETNAMESE,
      dueOn: '15 March 2030',
      days: 0,
    };
    const batch = mailer.batch();
    await Promise.all(
      [1, 2, 3].map((i) => batch.send({ to: `batch${i}@example.com`, kind: 'assignmentReminder', data })),
    );
    batch.close();
    await mailer.send({ to: 'Minh Tran <named@example.com>', kind: 'assignmentReminder', data });
    for (const to of [
      'batch1@example.com',
      'batch2@example.com',
      'batch3@example.com',
      'named@example.com',
    ]) {
      const mail = await smtp.waitFor(to);
      expect(mail.subject).toBe(`Due today: ${VIETNAMESE}`);
      expect(mail.contentTypes).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
    }
  });
});
