import fs from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { listFiles } from './files';

/** A received message with what a test checks: the raw source and both parts decoded. */
export type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The MIME type of the message and of each part, in order (e.g. multipart/alternative). */
  contentTypes: string[];
  raw: string;
};

function contentTypesOf(raw: string): string[] {
  return [...raw.matchAll(/^Content-Type:\s*([^;\r\n]+)/gim)].map((m) => (m[1] ?? '').trim().toLowerCase());
}

async function parse(raw: string): Promise<ReceivedMail> {
  const parsed: ParsedMail = await simpleParser(raw);
  const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
  return {
    to,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    contentTypes: contentTypesOf(raw),
    raw,
  };
}

/** The messages of an outbox folder (embedded mode), oldest first. */
export async function outboxMails(dir: string): Promise<ReceivedMail[]> {
  const files = await listFiles(dir).catch(() => [] as string[]);
  return Promise.all(files.map(async (file) => parse(await fs.readFile(path.join(dir, file), 'utf8'))));
}

/**
 * A real SMTP server on a free local port (the `smtp-server` package): the app sends to
 * `url` exactly as to a production relay, and the test reads what arrived.
 */
export type TestSmtp = {
  url: string;
  mails: ReceivedMail[];
  /** Recipients the server refuses (550) while they are in the set: a relay that fails a mail. */
  refused: Set<string>;
  /** Waits until a message to `to` (and matching `match`, when given) has arrived. */
  waitFor: (to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

export async function startSmtpServer(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address)) return callback();
      callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        parse(Buffer.concat(chunks).toString('utf8')).then(
          (mail) => {
            mails.push(mail);
            done();
          },
          (err: Error) => done(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  const waitFor: TestSmtp['waitFor'] = async (to, match = () => true, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && match(m));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    refused,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
