import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';

export type Mail = { to: string; subject: string; text: string; html?: string };

export type SentMail = { messageId: string /** The .eml file, in outbox mode. */; file?: string };

export interface Mailer {
  /** `smtp` delivers; `outbox` writes .eml files for a person (or a test) to open. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<SentMail>;
}

/** Delivers through SMTP_URL (smtp:// or smtps://user:pass@host:port). */
class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: this.from, ...mail });
    return { messageId: String(info.messageId) };
  }
}

/** Writes each message as an RFC 822 .eml file into the outbox folder. */
class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: Mail): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: this.from, ...mail });
    const message = info.message;
    if (!Buffer.isBuffer(message)) throw new Error('mail composer did not produce a buffer');
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
    await fs.writeFile(file, message);
    this.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    return { messageId: String(info.messageId), file };
  }
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  return config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from)
    : new OutboxMailer(config.mail.outboxDir, config.mail.from, log);
}
