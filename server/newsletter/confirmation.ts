/**
 * The newsletter's double opt-in: the confirmation mail of new subscriptions, and of a repeated
 * sign-up of an address not yet confirmed. At most one confirmation per address a day, whatever
 * is posted: the form must not become a way to flood someone's inbox.
 */
import type { Transaction } from 'kysely';
import { createElement } from 'react';
import { type Locale, t } from '../../shared/messages';
import { CONFIRM_PAGE } from '../../shared/schemas/newsletter';
import type { Database, Row } from '../db/schema';
import type { Deps } from '../deps';
import { mailTemplate, queueRenderedMails } from '../mail/compose';
import { type MailFrame, mailFrame } from '../mail/frame';
import { siteLink } from '../mail/links';
import { ConfirmMail } from './templates/confirm-mail';
import { unsubscribeHeadersFor, unsubscribeLink } from './unsubscribe-link';

/** A week to confirm; after that, subscribing again sends a new link. */
export const CONFIRM_LINK_SECONDS = 7 * 24 * 60 * 60;
/** The least time between two confirmation mails to one address. */
export const CONFIRM_RESEND_MS = 24 * 60 * 60 * 1000;

type Subscription = Pick<Row<'newsletter_subscriptions'>, 'id' | 'email' | 'language'>;

/** Queues the confirmation mail of each new subscription, in the transaction that stored them. */
export async function confirmNewSubscriptions(
  trx: Transaction<Database>,
  deps: Deps,
  rows: Row<'newsletter_subscriptions'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .updateTable('newsletter_subscriptions')
    .set({ confirmSentAt: deps.now() })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const frame = await mailFrame(deps, trx);
  const mails = await Promise.all(rows.map((row) => confirmationOf(deps, frame, row)));
  await queueRenderedMails(trx, deps, mails);
}

/**
 * A sign-up of an address already on the list: a new confirmation when the address is not
 * confirmed and active, and its last one was queued over a day ago. One conditional update claims
 * the right to send, so two sign-ups at once send one mail.
 */
export async function resendConfirmation(deps: Deps, email: string, language: Locale): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('newsletter_subscriptions')
      // The language of this sign-up's page: the reader's latest choice.
      .set({ confirmSentAt: now, language })
      .where('email', '=', email)
      .where((eb) => eb.not(eb.and([eb('confirmedAt', 'is not', null), eb('status', '=', 'active')])))
      .where((eb) =>
        eb.or([eb('confirmSentAt', 'is', null), eb('confirmSentAt', '<', new Date(now.getTime() - CONFIRM_RESEND_MS))]),
      )
      .returning(['id', 'email', 'language'])
      .executeTakeFirst();
    if (claimed) await queueRenderedMails(trx, deps, [await confirmationOf(deps, await mailFrame(deps, trx), claimed)]);
  });
}

/** The mail is rendered once per language; each subscriber's links fill its slots. */
const confirmMail = mailTemplate(
  ['confirmUrl', 'unsubscribeUrl'],
  (fixed: { language: Locale; frame: MailFrame }, links) => createElement(ConfirmMail, { ...fixed, ...links }),
);

async function confirmationOf(deps: Deps, frame: MailFrame, row: Subscription) {
  const { language } = row;
  const token = await deps.tokens.signLink({
    purpose: 'newsletter.confirm',
    subject: row.id,
    lifetimeSeconds: CONFIRM_LINK_SECONDS,
  });
  const confirmUrl = siteLink(deps.config, CONFIRM_PAGE, language, { token });
  const unsubscribeUrl = await unsubscribeLink(deps, row, language);
  return {
    kind: 'newsletter.confirm',
    to: row.email,
    language,
    subject: t('newsletter.mail.subject', undefined, language),
    ...(await confirmMail({ language, frame }, { confirmUrl, unsubscribeUrl })),
    headers: unsubscribeHeadersFor(unsubscribeUrl),
  };
}
