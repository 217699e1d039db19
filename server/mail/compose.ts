/**
 * From a template to a queued message: renders the React element to HTML and plain text (React
 * Email), and queues both in the caller's transaction. Every mail of the site goes through here.
 */

import type { Transaction } from 'kysely';
import type { ReactElement } from 'react';
import { type Locale, t } from '../../shared/messages';
import { oneLine } from '../../shared/schemas/fields';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { type Enqueued, enqueueMail, enqueueMails, type OutgoingMail } from './outbox';

export interface TemplatedMail {
  kind: string;
  to: string;
  language: Locale;
  subject: string;
  /** The message: a MailLayout (templates/layout.tsx) with its content. */
  body: ReactElement;
  headers?: Record<string, string>;
  dedupeKey?: string;
  /** An attachment by name, made as the message is sent (attachments.ts). */
  attachment?: string;
  /** Made as it leaves by the maker this names (composers.ts); see `composedMail`. */
  composer?: string;
  /** Not to be sent before this time; now unless given. */
  dueAt?: Date;
}

export interface RenderedMail {
  html: string;
  text: string;
}

// Loaded with the first mail: it brings a code formatter and an HTML-to-text converter, some 20 MB
// that a process sending no mail (a CLI, a quiet instance) never needs.
let renderer: Promise<typeof import('@react-email/render')> | undefined;
const loadRenderer = () => {
  renderer ??= import('@react-email/render');
  return renderer;
};

/** The HTML and the plain-text part of a template. */
export async function renderMail(body: ReactElement): Promise<RenderedMail> {
  const { render } = await loadRenderer();
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  return { html, text };
}

/**
 * Renders and queues a message. Subjects pass through one line: names that people typed may hold
 * line breaks, which must never reach a header (the outbox refuses them; here they become spaces).
 * A template that fails to render never fails the caller's change either: the message is stored
 * failed, with why, as the outbox stores one it cannot send (outbox.ts).
 */
export async function queueMail(
  trx: Transaction<Database>,
  deps: Pick<Deps, 'config' | 'now' | 'mailQueued'>,
  mail: TemplatedMail,
): Promise<Enqueued> {
  const { body, ...rest } = mail;
  let rendered: RenderedMail;
  try {
    rendered = await renderMail(body);
  } catch (error) {
    const reason = `the template could not be rendered: ${error instanceof Error ? error.message : String(error)}`;
    return enqueueMail(trx, deps, outgoingOf({ ...rest, html: '', text: '' }), reason);
  }
  return queueRenderedMail(trx, deps, { ...rest, ...rendered });
}

/**
 * A template rendered once and filled many times. React renders a mail in milliseconds, which a
 * batch of 200 sign-ups would spend inside the transaction that stores them; so the parts that
 * differ per message (`names`: a first name, a link with its token) are slots, the template is
 * rendered once per set of `fixed` values (language, frame, fixed links) with a marker in each
 * slot, and each message fills its values in: escaped in the HTML part, as they are in the text.
 */
export function mailTemplate<Fixed, Name extends string>(
  names: readonly Name[],
  build: (fixed: Fixed, values: Record<Name, string>) => ReactElement,
): (fixed: Fixed, values: Record<Name, string>) => Promise<RenderedMail> {
  const markers = slotMarkers(names);
  const rendered = new Map<string, Promise<RenderedMail>>();
  return async (fixed, values) => {
    const key = JSON.stringify(fixed);
    let template = rendered.get(key);
    if (!template) {
      // A handful of languages and settings: a small bound keeps a changed setting from piling up.
      if (rendered.size >= 32) rendered.delete(rendered.keys().next().value!);
      template = renderMail(build(fixed, markers));
      rendered.set(key, template);
      template.catch(() => rendered.delete(key));
    }
    return fillSlots(
      await template,
      names.map((name) => values[name]),
    );
  };
}

/** The marker of each named slot, in order: what a template is rendered with in place of its values. */
export const slotMarkers = <Name extends string>(names: readonly Name[]): Record<Name, string> =>
  Object.fromEntries(names.map((name, i) => [name, `\u2983${i}\u2984`])) as Record<Name, string>;

/** A template's slots filled with `values` (by position): escaped in the HTML part, as they are in the text. */
export function fillSlots(template: RenderedMail, values: readonly string[]): RenderedMail {
  const valueAt = (index: string) => values[Number(index)] ?? '';
  return {
    html: template.html.replace(SLOT, (_, index: string) => escapeHtml(valueAt(index))),
    text: template.text.replace(SLOT, (_, index: string) => valueAt(index)),
  };
}

const SLOT = /\u2983(\d+)\u2984/g;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

type RenderedOutgoing = Omit<TemplatedMail, 'body'> & RenderedMail;

const outgoingOf = (mail: RenderedOutgoing): OutgoingMail => ({
  kind: mail.kind,
  to: mail.to,
  language: mail.language,
  subject: oneLine(mail.subject),
  html: mail.html,
  text: mail.text,
  ...(mail.headers ? { headers: mail.headers } : {}),
  ...(mail.dedupeKey ? { dedupeKey: mail.dedupeKey } : {}),
  ...(mail.attachment ? { attachment: mail.attachment } : {}),
  ...(mail.composer ? { composer: mail.composer } : {}),
  ...(mail.dueAt ? { dueAt: mail.dueAt } : {}),
});

/** Queues a message already rendered (mailTemplate), as queueMail does a template. */
export function queueRenderedMail(
  trx: Transaction<Database>,
  deps: Pick<Deps, 'config' | 'now' | 'mailQueued'>,
  mail: RenderedOutgoing,
): Promise<Enqueued> {
  return enqueueMail(trx, deps, outgoingOf(mail));
}

/** Queues many rendered messages with one statement; answers how many were queued. */
export function queueRenderedMails(
  trx: Transaction<Database>,
  deps: Pick<Deps, 'config' | 'now' | 'mailQueued'>,
  mails: RenderedOutgoing[],
): Promise<number> {
  return enqueueMails(trx, deps, mails.map(outgoingOf));
}

/** What a maker makes of a composed message's row (composers.ts): its subject, body, language and headers. */
export interface Made {
  subject: string;
  html: string;
  text: string;
  language?: Locale;
  headers?: Record<string, string>;
}

/**
 * A message made as it leaves, as a row to queue (composers.ts): `composer` names its maker and
 * what it makes it of ('pledge-alerts:<pledge id>'). Until then its subject says it is written
 * later, and its body is empty.
 */
export const composedMail = (
  mail: Omit<RenderedOutgoing, 'subject' | 'html' | 'text' | 'composer'> & { composer: string },
): RenderedOutgoing => ({ ...mail, subject: t('outbox.composedLater', undefined, 'en'), html: '', text: '' });

/** A template rendered into what a maker answers. */
export const made = async (
  subject: string,
  body: ReactElement,
  extra: Omit<Made, 'subject' | 'html' | 'text'> = {},
) => ({
  subject: oneLine(subject),
  ...(await renderMail(body)),
  ...extra,
});
