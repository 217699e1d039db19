/**
 * The newsletter's mailed links: confirming a subscription (single use, a week) and leaving the
 * list (one click, two years). Each change is audited as the visitor's, like other public changes.
 */
import { t } from '../../shared/messages';
import type { NewsletterLinkInput } from '../../shared/schemas/newsletter';
import { type Actor, audit } from '../audit/audit';
import { spendLink } from '../auth/link-tokens';
import type { LinkClaims, LinkPurpose } from '../auth/tokens';
import { isId } from '../db/ids';
import type { Deps } from '../deps';
import { ValidationError } from '../errors';
import { withdrawBatchMail } from '../mail/batches';

/** What the visitor is told of a link refused for each reason. */
const REFUSED = {
  'newsletter.confirm': { expired: 'newsletter.confirm.expired', invalid: 'newsletter.linkInvalid' },
  'newsletter.unsubscribe': { expired: 'newsletter.unsubscribe.expired', invalid: 'newsletter.linkInvalid' },
} as const;

type NewsletterLink = keyof typeof REFUSED;

/** The link's claims, or a ValidationError saying why it is refused; nothing changes here. */
export async function checkLink(deps: Deps, purpose: NewsletterLink, token: string): Promise<LinkClaims> {
  const checked = await deps.tokens.verifyLink(token, purpose satisfies LinkPurpose);
  if (!checked.ok) throw new ValidationError(t(REFUSED[purpose][checked.reason]));
  if (!isId(checked.claims.subject)) throw new ValidationError(t('newsletter.linkInvalid'));
  return checked.claims;
}

/**
 * POST /api/newsletter/confirm and newsletter.confirm: the address is confirmed and active again
 * (also when it had unsubscribed: this link is the one way back). The link is spent in the same
 * transaction, so it works once.
 */
export async function confirmSubscription(
  deps: Deps,
  { token }: NewsletterLinkInput,
  actor: Actor,
): Promise<{ message: string }> {
  const claims = await checkLink(deps, 'newsletter.confirm', token);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await spendLink(trx, claims))) throw new ValidationError(t('newsletter.confirm.used'));
    const confirmed = await trx
      .updateTable('newsletter_subscriptions')
      .set((eb) => ({ confirmedAt: eb.fn.coalesce('confirmedAt', eb.val(now)), status: 'active', updatedAt: now }))
      .where('id', '=', claims.subject)
      .executeTakeFirst();
    // Erased since the mail was sent: the link names no one any more.
    if (confirmed.numUpdatedRows === 0n) throw new ValidationError(t('newsletter.linkInvalid'));
    await audit(trx, actor, 'submission.status', `newsletter/${claims.subject}`, 'set to active');
  });
  return { message: t('newsletter.confirm.done') };
}

/**
 * POST /newsletter/unsubscribe (one click) and newsletter.unsubscribe: the subscription is set
 * unsubscribed, as the admin's status list would. A second time, or for an address erased since,
 * it answers the same and changes nothing.
 */
export async function unsubscribe(
  deps: Deps,
  { token }: NewsletterLinkInput,
  actor: Actor,
): Promise<{ message: string }> {
  const claims = await checkLink(deps, 'newsletter.unsubscribe', token);
  await deps.db.transaction().execute(async (trx) => {
    const left = await trx
      .updateTable('newsletter_subscriptions')
      .set({ status: 'unsubscribed', updatedAt: deps.now() })
      .where('id', '=', claims.subject)
      .where('status', '<>', 'unsubscribed')
      .returning('email')
      .executeTakeFirst();
    if (left) {
      // An edition being sent sends nothing more to this address.
      await withdrawBatchMail(trx, left.email);
      await audit(trx, actor, 'submission.status', `newsletter/${claims.subject}`, 'set to unsubscribed');
    }
  });
  return { message: t('newsletter.unsubscribe.done') };
}
