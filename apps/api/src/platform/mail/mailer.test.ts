import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/files';
import { testConfig } from '../../../test/harness';
import { outboxMails, startSmtpServer, type TestSmtp } from '../../../test/mail';
import { languageOfRequest } from './catalogue';
import { MAIL_KINDS } from './kinds';
import { createMailer } from './mailer';
import { type MailKind, type MailRequest, renderMail } from './render';

const PUBLIC_URL = 'http://localhost:3000';
const HOSTILE = '<script>alert("x")</script> & Co';

/** The address each kind's main link must point at, given its sample data. */
const EXPECTED_LINK: Record<MailKind, string> = {
  passwordReset: `${PUBLIC_URL}/forgot-password?token=sample-token`,
  welcome: `${PUBLIC_URL}/forgot-password?token=sample-token`,
  qaReply: `${PUBLIC_URL}/training-academy/qa/1`,
  applicationReceived: `${PUBLIC_URL}/recruitment/1`,
  applicationApproved: `${PUBLIC_URL}/recruitment/1`,
  applicationDeclined: `${PUBLIC_URL}/recruitment`,
  certificateIssued: `${PUBLIC_URL}/training-academy/study-progress`,
  examLocked: `${PUBLIC_URL}/training-academy`,
  examUnlocked: `${PUBLIC_URL}/training-academy`,
  roadmapCourseAdded: `${PUBLIC_URL}/training-academy/roadmap`,
  assignmentDue: `${PUBLIC_URL}/training-academy`,
  assignmentReminder: `${PUBLIC_URL}/training-academy`,
  assignmentDigest: `${PUBLIC_URL}/management/compliance`,
};

const KINDS = Object.keys(MAIL_KINDS) as MailKind[];

function sampleRequest(kind: MailKind, to: string): MailRequest {
  return { to, kind, data: MAIL_KINDS[kind].sample } as MailRequest;
}

/** The same sample with every text value replaced by a hostile one (numbers and tokens kept). */
function hostileRequest(kind: MailKind, to: string): MailRequest {
  // Links and dates are ours, not a person's words.
  const keep = new Set(['token', 'path', 'dueAt']);
  const data = Object.fromEntries(
    Object.entries(MAIL_KINDS[kind].sample).map(([key, value]) => [
      key,
      typeof value === 'string' && !keep.has(key) ? HOSTILE : value,
    ]),
  );
  return { to, kind, data } as MailRequest;
}

describe('mail through a real SMTP server', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it.each(KINDS)('%s arrives as text/plain + text/html with its subject and link', async (kind) => {
    const mailer = createMailer(testConfig({ SMTP_URL: smtp.url }), Fastify().log);
    expect(mailer.kind).toBe('smtp');
    const to = `${kind.toLowerCase()}@example.com`;
    await mailer.send(sampleRequest(kind, to));
    const mail = await smtp.waitFor(to);
    const expected = renderMail(kind, MAIL_KINDS[kind].sample as never, { publicUrl: PUBLIC_URL });
    expect(mail.contentTypes).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
    expect(mail.subject).toBe(expected.subject);
    expect(mail.subject.length).toBeGreaterThan(10);
    expect(mail.text).toContain(EXPECTED_LINK[kind]);
    expect(mail.html).toContain(`href="${EXPECTED_LINK[kind].replace(/&/g, '&amp;')}"`);
    // Branded: the main colour in the header, the active colour on the button, the language set.
    expect(mail.html).toContain('#251A5B');
    expect(mail.html).toContain('#FF5000');
    expect(mail.html).toMatch(/<html lang="en">/);
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.raw).toMatch(/^From: Academy <no-reply@academy\.local>$/m);
  });

  it.each(KINDS)(
    '%s escapes every value in the HTML part and keeps it readable in the text',
    async (kind) => {
      const mailer = createMailer(testConfig({ SMTP_URL: smtp.url }), Fastify().log);
      const to = `hostile-${kind.toLowerCase()}@example.com`;
      await mailer.send(hostileRequest(kind, to));
      const mail = await smtp.waitFor(to);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
      expect(mail.text).toContain(HOSTILE);
    },
  );

  it('puts a title with line breaks on one subject line', async () => {
    const mailer = createMailer(testConfig({ SMTP_URL: smtp.url }), Fastify().log);
    const data = { ...MAIL_KINDS.qaReply.sample, title: 'Two\r\nBcc: someone@example.com' };
    await mailer.send({ to: 'subject@example.com', kind: 'qaReply', data });
    const mail = await smtp.waitFor('subject@example.com');
    expect(mail.subject).toBe('New reply to your question: Two Bcc: someone@example.com');
    expect(mail.raw).not.toMatch(/^Bcc:/m);
  });
});

describe('mail without SMTP', () => {
  it('writes each message as a multipart/alternative .eml file into DATA_DIR/outbox', async () => {
    const dataDir = await tempDataDir();
    const config = testConfig({ DATA_DIR: dataDir });
    const mailer = createMailer(config, Fastify().log);
    expect(mailer.kind).toBe('outbox');
    const sent = await mailer.send(sampleRequest('passwordReset', 'hoa@example.com'));
    expect(sent.file).toMatch(/\.eml$/);
    const [mail, ...others] = await outboxMails(config.mail.outboxDir);
    expect(others).toHaveLength(0);
    expect(mail?.to).toBe('hoa@example.com');
    expect(mail?.subject).toBe('Reset your Academy password');
    expect(mail?.contentTypes).toEqual(['multipart/alternative', 'text/plain', 'text/html']);
    expect(mail?.text).toContain(`${PUBLIC_URL}/forgot-password?token=sample-token`);
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/forgot-password?token=sample-token"`);
    expect(mail?.raw).toMatch(/^From: Academy <no-reply@academy\.local>$/m);
  });
});

describe('the language of a mail', () => {
  it('falls back to English for a language without a catalogue, and follows Accept-Language', () => {
    expect(languageOfRequest(undefined)).toBe('en');
    expect(languageOfRequest('vi-VN,vi;q=0.9')).toBe('en');
    expect(languageOfRequest('en-GB,en;q=0.8')).toBe('en');
    const vi = renderMail('passwordReset', MAIL_KINDS.passwordReset.sample, {
      publicUrl: PUBLIC_URL,
      language: 'vi',
    });
    expect(vi.language).toBe('en');
    expect(vi.subject).toBe('Reset your Academy password');
  });

  it('pluralises from the catalogue', () => {
    const one = renderMail('welcome', { ...MAIL_KINDS.welcome.sample, days: 1 }, { publicUrl: PUBLIC_URL });
    expect(one.text).toContain('for 1 day.');
    expect(renderMail('welcome', MAIL_KINDS.welcome.sample, { publicUrl: PUBLIC_URL }).text).toContain(
      'for 7 days.',
    );
  });
});
