/**
 * Mail: every message the product sends is a kind with a template (kinds/), rendered in the
 * recipient's language into a branded HTML part and a plain-text part, then sent through SMTP_URL
 * or written to DATA_DIR/outbox. Send with `ctx.mailer.send({ to, kind, data, language })`.
 */
export { DEFAULT_MAIL_LANGUAGE, languageOfRequest, MAIL_LANGUAGES } from './catalogue';
export { MAIL_KINDS } from './kinds';
export { createMailer, type MailBatch, type Mailer, type SentMail } from './mailer';
export { mailPreviewRoutes } from './preview-routes';
export { type MailData, type MailKind, type MailRequest, renderMail } from './render';
