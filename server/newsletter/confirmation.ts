/**
 * The newsletter's double opt-in: the confirmation mail of a sign-up. Every sign-up, of a new
 * address or of one already on the list, queues the same job in the transaction that stores it
 * (decision 008: the answer, and the work behind it, say nothing of the list). The mail worker
 * makes the mail (composeConfirmation) for an address not yet confirmed and active, at most one a
 * day per mailbox (server/mail/mailbox.ts), so the form cannot flood an inbox; it drops the job of
 * any other sign-up.
 */
import type { Transaction } from 'kysely';
import { createElement } from 'react';
import { type Locale, t } from '../../shared/messages';
import { CONFIRM_PAGE } from '../../shared/schemas/newsletter';
import type { Database, Row } from '../db/schema';
import type { Deps } from '../deps';
import { composedMail, type Made, mailTemplate, queueRenderedMails } from '../mail/compose';
import { type MailFrame, mailFrame } from '../mail/frame';
import { siteLink } from '../mail/links';
import { claimOnceADay, onceADay } from '../mail/mailbox';
import type { OutboxRow } from '../mail/outbox';
import { ConfirmMail } from './templates/confirm-mail';
import { unsubscribeHeadersFor, unsubscribeLink } from './unsubscribe-link';

/** A week to confirm; after that, subscribing again sends a new link. */
export const CONFIRM_LINK_SECONDS = 7 * 24 * 60 * 60;

type Subscription = Pick<Row<'newsletter_subscriptions'>, 'id' | 'email' | 'language'>;

/**
 * Queues the confirmation job of each sign-up of a batch, stored or already on the list, with one
 * statement: the same work whichever it was. Even the once-a-day rule waits for the worker, so a
 * repeat of today's sign-up writes its row as a first one does.
 */
export async function queueConfirmations(
  trx: Transaction<Database>,
  deps: Deps,
  signUps: { email: string; language: Locale }[],
): Promise<void> {
  if (signUps.length === 0) return;
  await queueRenderedMails(
    trx,
    deps,
    signUps.map(({ email, language }) =>
      composedMail({ kind: 'newsletter.confirm', to: email, language, composer: 'newsletter-confirm' }),
    ),
  );
}

/**
 * The confirmation of a queued sign-up (server/mail/composers.ts), made as it leaves: for an
 * address on the list that is not confirmed and active, when its mailbox has had none today, in
 * the language of the sign-up's page (the reader's latest choice, kept with the subscription);
 * otherwise nothing.
 */
export async function composeConfirmation(
  deps: Deps,
  row: Pick<OutboxRow, 'id' | 'toAddress' | 'language'>,
): Promise<Made | null> {
  if (!(await claimOnceADay(deps.db, row.id, onceADay('newsletter.confirm', row.toAddress, deps.now())))) return null;
  const owed = await deps.db
    .updateTable('newsletter_subscriptions')
    .set({ confirmSentAt: deps.now(), language: row.language })
    .where('email', '=', row.toAddress)
    .where((eb) => eb.not(eb.and([eb('confirmedAt', 'is not', null), eb('status', '=', 'active')])))
    .returning(['id', 'email', 'language'])
    .executeTakeFirst();
  return owed ? confirmationOf(deps, await mailFrame(deps, deps.db), owed) : null;
}

/** The mail is rendered once per language; each subscriber's links fill its slots. */
const confirmMail = mailTemplate(
  ['confirmUrl', 'unsubscribeUrl'],
  (fixed: { language: Locale; frame: MailFrame }, links) => createElement(ConfirmMail, { ...fixed, ...links }),
);

async function confirmationOf(deps: Deps, frame: MailFrame, row: Subscription): Promise<Made> {
  const { language } = row;
  const token = await deps.tokens.signLink({
    purpose: 'newsletter.confirm',
    subject: row.id,
    lifetimeSeconds: CONFIRM_LINK_SECONDS,
  });
  const confirmUrl = siteLink(deps.config, CONFIRM_PAGE, language, { token });
  const unsubscribeUrl = await unsubscribeLink(deps, row, language);
  return {
    subject: t('newsletter.mail.subject', undefined, language),
    ...(await confirmMail({ language, frame }, { confirmUrl, unsubscribeUrl })),
    language,
    headers: unsubscribeHeadersFor(unsubscribeUrl),
  };
}
