import type { Translate } from './catalogue';
import type { MailBlock, MailContent } from './layout';

/** What a template gets besides its data: the words of the mail's language and our addresses. */
export type TemplateTools = {
  t: Translate;
  /** An absolute address on this site (PUBLIC_URL + path). */
  url: (path: string) => string;
};

/** One kind of mail: how its content is made from its data, and the data the preview shows. */
export type MailTemplate<Data> = {
  /** Realistic data for the admins' preview page (never a real person's). */
  sample: Data;
  compose: (data: Data, tools: TemplateTools) => MailContent;
};

export function defineMail<Data>(template: MailTemplate<Data>): MailTemplate<Data> {
  return template;
}

/** The blocks templates are written with. */
export const paragraph = (text: string): MailBlock => ({ type: 'paragraph', text });
export const quote = (text: string): MailBlock => ({ type: 'quote', text });
export const note = (text: string): MailBlock => ({ type: 'note', text });

/** The button and, for readers without buttons, the same address spelled out. */
export function action(t: Translate, label: string, url: string): MailBlock[] {
  return [
    { type: 'action', label, url },
    { type: 'link', intro: t('layout.linkHelp'), url },
  ];
}

export function greeting(t: Translate, name: string | null | undefined): MailBlock {
  return paragraph(name?.trim() ? t('layout.greeting', { name: name.trim() }) : t('layout.greetingNoName'));
}

export const table = (head: string[], rows: string[][]): MailBlock => ({ type: 'table', head, rows });
