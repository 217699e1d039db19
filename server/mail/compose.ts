/**
 * From a template to a queued message: renders the React element to HTML and plain text (React
 * Email), and queues both in the caller's transaction. Every mail of the site goes through here.
 */
import { render } from '@react-email/components';
import type { Transaction } from 'kysely';
import type { ReactElement } from 'react';
import type { Locale } from '../../shared/messages';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { type Enqueued, enqueueMail } from './outbox';

export interface TemplatedMail {
  kind: string;
  to: string;
  language: Locale;
  subject: string;
  /** The message: a MailLayout (templates/layout.tsx) with its content. */
  body: ReactElement;
  headers?: Record<string, string>;
  dedupeKey?: string;
}

export interface RenderedMail {
  html: string;
  text: string;
}

/** The HTML and the plain-text part of a template. */
export async function renderMail(body: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  return { html, text };
}

/**
 * Renders and queues a message. Subjects pass through one line: names that people typed may hold
 * line breaks, which must never reach a header (the outbox refuses them; here they become spaces).
 */
export async function queueMail(
  trx: Transaction<Database>,
  deps: Pick<Deps, 'config' | 'now' | 'mailQueued'>,
  mail: TemplatedMail,
): Promise<Enqueued> {
  const { html, text } = await renderMail(mail.body);
  return enqueueMail(trx, deps, {
    kind: mail.kind,
    to: mail.to,
    language: mail.language,
    subject: oneLine(mail.subject),
    html,
    text,
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.dedupeKey ? { dedupeKey: mail.dedupeKey } : {}),
  });
}

/** Control characters and runs of white space as one space: what a header may carry of a text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is its purpose.
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
