import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import { composeMime, isPlainAddress, type MimeSender, mimeSender } from './mime';
import { type MailRequest, renderMail } from './render';

/** A rendered message: both parts always (multipart/alternative). */
type Message = { to: string; subject: string; text: string; html: string };

export type SentMail = { messageId: string /** The .eml file, in outbox mode. */; file?: string };

/** A sender for many mails in a row (a reminder pass); close it when done. */
export type MailBatch = { send(request: MailRequest): Promise<SentMail>; close(): void };

export interface Mailer {
  /** `smtp` delivers; `outbox` writes .eml files for a person (or a test) to open. */
  readonly kind: 'smtp' | 'outbox';
  /** Renders the kind's template in the recipient's language and sends it (HTML + text). */
  send(request: MailRequest): Promise<SentMail>;
  /**
   * For many mails at once: over SMTP they share a few open connections (a pool of
   * BATCH_CONNECTIONS, closed by `close()`) instead of a connection each — 13 ms a mail on this
   * machine under load against under 1 ms (docs/performance.md, "Compliance jobs").
   */
  batch(): MailBatch;
}

/** How many SMTP connections a batch keeps open to the relay. */
const BATCH_CONNECTIONS = 10;

abstract class TemplateMailer implements Mailer {
  abstract readonly kind: 'smtp' | 'outbox';

  constructor(private readonly publicUrl: string) {}

  send(request: MailRequest): Promise<SentMail> {
    return this.deliver(this.render(request), request.kind);
  }

  batch(): MailBatch {
    return { send: (request) => this.send(request), close: () => {} };
  }

  protected render(request: MailRequest): Message {
    const { subject, html, text } = renderMail(request.kind, request.data, {
      publicUrl: this.publicUrl,
      language: request.language,
    });
    return { to: request.to, subject, html, text };
  }

  protected abstract deliver(message: Message, kind: MailRequest['kind']): Promise<SentMail>;
}

/** Delivers through SMTP_URL (smtp:// or smtps://user:pass@host:port). */
class SmtpMailer extends TemplateMailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;
  private readonly sender: MimeSender | undefined;

  constructor(
    private readonly url: string,
    private readonly from: string,
    publicUrl: string,
  ) {
    super(publicUrl);
    this.transport = nodemailer.createTransport(url);
    this.sender = mimeSender(from);
  }

  protected async deliver(message: Message, _kind?: MailRequest['kind'], transport = this.transport) {
    if (!this.sender || !isPlainAddress(message.to)) {
      // An address with a name or non-ASCII characters: nodemailer's composer encodes it.
      const info = await transport.sendMail({ from: this.from, ...message });
      return { messageId: String(info.messageId) };
    }
    const { raw, messageId } = composeMime(this.sender, message);
    // The id given, so nodemailer does not make one of its own for a message it does not compose.
    await transport.sendMail({ envelope: { from: this.sender.address, to: [message.to] }, raw, messageId });
    return { messageId };
  }

  override batch(): MailBatch {
    const pool = nodemailer.createTransport({
      url: this.url,
      pool: true,
      maxConnections: BATCH_CONNECTIONS,
      // nodemailer's default (100) closes each connection and opens a new one every 100 mails.
      maxMessages: Number.POSITIVE_INFINITY,
    });
    return {
      send: (request) => this.deliver(this.render(request), request.kind, pool),
      close: () => pool.close(),
    };
  }
}

/** Writes each message as an RFC 822 .eml file into the outbox folder. */
class OutboxMailer extends TemplateMailer {
  readonly kind = 'outbox' as const;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {
    super(publicUrl);
  }

  protected async deliver(message: Message, kind: MailRequest['kind']): Promise<SentMail> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    const raw = info.message;
    if (!Buffer.isBuffer(raw)) throw new Error('mail composer did not produce a buffer');
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
    await fs.writeFile(file, raw);
    this.log.info({ to: message.to, kind, subject: message.subject, file }, 'mail written to the outbox');
    return { messageId: String(info.messageId), file };
  }
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  return config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from, config.publicUrl)
    : new OutboxMailer(config.mail.outboxDir, config.mail.from, config.publicUrl, log);
}
