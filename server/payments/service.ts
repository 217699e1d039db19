/**
 * Paying a pledge online through Paystack. The sequence:
 * 1. startPayment: the donor's pledge gets an attempt with a reference of its own
 *    (`<pledge reference>-<n>`), Paystack is asked for a checkout page, the donor is sent there.
 * 2. The money is recorded by whichever arrives first: the donor back on the pledge page (the page
 *    asks Paystack's verify endpoint: checkPledgePayments) or Paystack's signed webhook. Both come
 *    to recordPayment, which records one gift per Paystack transaction: the attempt's row lock
 *    orders them, and a unique index on the transaction id backs it.
 * 3. A refund reverses the gift (recordRefund).
 * The fee rule (shared/payment-fees.ts) comes from the settings; the provider's actual fee is
 * taken from what Paystack reports.
 */

import { type ExpressionBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { formatNaira } from '../../shared/format';
import { lagosToday } from '../../shared/lagos-time';
import { t } from '../../shared/messages';
import { feeCoverFor } from '../../shared/payment-fees';
import type { PaymentState, payInput } from '../../shared/schemas/payments';
import { type Actor, audit } from '../audit/audit';
import type { PaystackConfig } from '../config';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '../errors';
import { recordGift, reverseGifts } from '../giving/gifts';
import { effectiveStatus } from '../giving/pledge-status';
import { normaliseReference } from '../giving/reference';
import { feeRuleOf, getSettings } from '../settings/service';
import {
  initializeTransaction,
  type PaystackRefund,
  type PaystackTransaction,
  PaystackUnavailable,
  verifyTransaction,
} from './paystack';

/** Who the audit trail names for what Paystack's answers record. */
export const PAYSTACK_ACTOR: Actor = { id: null, name: 'Paystack', ip: null };

/** A pledge may be tried online this many times; after that, a transfer. */
const MAX_ATTEMPTS = 10;
/**
 * The page asks Paystack about a pledge at most this often, whatever the number of page loads,
 * tabs, batched calls or instances (a pending page refreshes itself every few seconds).
 */
const RECHECK_MS = 10_000;
/**
 * An attempt Paystack calls abandoned (nobody completed its checkout) is asked about from the page
 * for this long after its checkout began; the webhook still records a payment made later.
 */
const ABANDONED_FOR_MS = 60 * 60 * 1000;
/** An attempt still going on (a transfer through Paystack can take a while) is asked about this long. */
const CHECK_FOR_MS = 2 * 24 * 60 * 60 * 1000;
/** How long the pledge page waits for Paystack's answer before showing what it knows. */
const PAGE_VERIFY_TIMEOUT_MS = 4_000;

type PaymentDeps = Pick<Deps, 'db' | 'now' | 'config' | 'publicData' | 'publicDataVersion' | 'mailQueued'>;

const nairaOf = (kobo: number) => Math.round(kobo / 100);

function paystackOf(deps: Pick<Deps, 'config'>): PaystackConfig {
  const config = deps.config.paystack;
  if (!config) throw new ServiceUnavailableError(t('pay.notConfigured'));
  return config;
}

/** The pledge page's address: where Paystack sends the donor back. */
const pledgeUrl = (deps: Pick<Deps, 'config'>, reference: string) => `${deps.config.publicUrl}/pledge/${reference}`;

/**
 * POST /api/pledges/{reference}/pay and pledge.pay: a checkout page for what is due on the pledge.
 * 409 once it is received, cancelled or expired; 503 when online payment is off or Paystack does
 * not answer (the pledge still stands for a transfer).
 */
export async function startPayment(
  deps: PaymentDeps,
  reference: string,
  input: z.output<typeof payInput>,
): Promise<{ authorizationUrl: string }> {
  const config = paystackOf(deps);
  const canonical = normaliseReference(reference);
  const found = canonical
    ? await deps.db.selectFrom('pledges').select('id').where('reference', '=', canonical).executeTakeFirst()
    : undefined;
  if (!found) throw new NotFoundError(t('pledge.notFound'));
  // An earlier try may have been paid without the donor coming back: ask first (unless the pledge
  // was asked about moments ago), so as not to charge twice; a second payment that still comes is
  // recorded flagged as an overpayment (recordPayment).
  await checkPledgePayments(deps, found.id);
  const rule = feeRuleOf(await getSettings(deps));
  const now = deps.now();
  const attempt = await deps.db.transaction().execute(async (trx) => {
    const pledge = await trx
      .selectFrom('pledges')
      .selectAll()
      .where('id', '=', found.id)
      .forUpdate()
      .executeTakeFirst();
    if (!pledge) throw new NotFoundError(t('pledge.notFound'));
    const received = await trx
      .selectFrom('gifts')
      .select('id')
      .where('pledgeId', '=', pledge.id)
      .where('reversedAt', 'is', null)
      .executeTakeFirst();
    if (effectiveStatus(pledge, now) !== 'pending' || received || !pledge.campaignId)
      throw new ConflictError(t('pay.closed'));
    const email = input.email || pledge.email;
    if (!email) throw new ValidationError(t('pay.emailRequired'), [{ path: 'email', message: t('pay.emailRequired') }]);
    const last = await trx
      .selectFrom('payment_attempts')
      .select((eb) => eb.fn.max('attempt').as('attempt'))
      .where('pledgeId', '=', pledge.id)
      .executeTakeFirst();
    const number = (last?.attempt ?? 0) + 1;
    if (number > MAX_ATTEMPTS) throw new ConflictError(t('pay.tooManyTries'));
    const cover = input.coverFees ? feeCoverFor(pledge.amount, rule) : 0;
    const row = {
      id: newId(now.getTime()),
      pledgeId: pledge.id,
      attempt: number,
      reference: `${pledge.reference}-${number}`,
      email,
      amountKobo: (pledge.amount + cover) * 100,
      coverKobo: cover * 100,
      createdAt: now,
      updatedAt: now,
    };
    // The address is the attempt's, never written onto the pledge: anyone with the reference may
    // start paying, and a pledge's email decides where its mails go and who finds it by lookup.
    await trx.insertInto('payment_attempts').values(row).execute();
    return { ...row, pledge };
  });
  try {
    const { authorizationUrl } = await initializeTransaction(config, {
      email: attempt.email,
      amountKobo: attempt.amountKobo,
      reference: attempt.reference,
      callbackUrl: pledgeUrl(deps, attempt.pledge.reference),
      metadata: {
        pledge: attempt.pledge.reference,
        campaignId: attempt.pledge.campaignId ?? '',
        campaign: attempt.pledge.campaignTitle,
        // Paystack's checkout offers "Cancel" back to this page.
        cancel_action: pledgeUrl(deps, attempt.pledge.reference),
      },
    });
    await deps.db
      .updateTable('payment_attempts')
      .set({ authorizationUrl, updatedAt: deps.now() })
      .where('id', '=', attempt.id)
      .execute();
    return { authorizationUrl };
  } catch (error) {
    if (!(error instanceof PaystackUnavailable)) throw error;
    // Why is kept on the attempt, for whoever looks into it; the donor is told the pledge stands.
    await deps.db
      .updateTable('payment_attempts')
      .set({ status: 'failed', note: error.message.slice(0, 500), updatedAt: deps.now() })
      .where('id', '=', attempt.id)
      .execute();
    throw new ServiceUnavailableError(t('pay.unavailable'));
  }
}

/** An attempt as recordPayment needs it. */
async function attemptByReference(deps: Pick<Deps, 'db'>, reference: string) {
  return deps.db.selectFrom('payment_attempts').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** The attempt's status that a transaction's status leads to, when it is final. */
const endOf = (status: string): 'failed' | 'abandoned' | null =>
  status === 'failed' || status === 'reversed' ? 'failed' : status === 'abandoned' ? 'abandoned' : null;

/** The Lagos day of a payment, never later than today (a clock ahead at Paystack). */
function dayPaid(transaction: PaystackTransaction, now: Date): string {
  const at = new Date(transaction.paid_at ?? transaction.paidAt ?? Number.NaN);
  const today = lagosToday(now);
  if (Number.isNaN(at.getTime())) return today;
  const day = lagosToday(at);
  return day > today ? today : day;
}

export type PaymentOutcome = 'recorded' | 'already' | 'held' | 'ended' | 'open' | 'unknown';

/**
 * What Paystack says of a transaction, from its verify endpoint or its webhook: a success records
 * the gift once, whichever comes first and however often; a failure ends the attempt.
 * - 'recorded': the gift was recorded now; 'already': it had been;
 * - 'held': paid, but not in naira, for a deleted campaign, or under ₦1: held for finance, audited;
 * - 'ended': failed or abandoned; 'open': still in progress; 'unknown': not a reference of ours.
 * A paid amount other than what was asked is recorded as paid and flagged (review) for finance.
 */
export async function recordPayment(deps: PaymentDeps, transaction: PaystackTransaction): Promise<PaymentOutcome> {
  const attempt = await attemptByReference(deps, transaction.reference);
  if (!attempt) return 'unknown';
  const now = deps.now();
  if (transaction.status !== 'success') {
    const end = endOf(transaction.status);
    await deps.db
      .updateTable('payment_attempts')
      .set({ ...(end ? { status: end } : {}), checkedAt: now, updatedAt: now })
      .where('id', '=', attempt.id)
      .where('status', 'in', ['started', 'abandoned'])
      .execute();
    return end ? 'ended' : 'open';
  }
  const outcome = await deps.db.transaction().execute(async (trx): Promise<PaymentOutcome> => {
    const locked = await trx
      .selectFrom('payment_attempts')
      .selectAll()
      .where('id', '=', attempt.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.status === 'paid') return 'already';
    if (locked.status === 'review') return 'held';
    const recorded = await trx
      .selectFrom('gifts')
      .select('id')
      .where('provider', '=', 'paystack')
      .where('providerTransactionId', '=', transaction.id)
      .executeTakeFirst();
    const settle = (status: 'paid' | 'review', note: string | null = null) =>
      trx
        .updateTable('payment_attempts')
        .set({ status, note, checkedAt: now, updatedAt: now })
        .where('id', '=', locked.id)
        .execute();
    if (recorded) {
      await settle('paid');
      return 'already';
    }
    const pledge = await trx
      .selectFrom('pledges')
      .selectAll()
      .where('id', '=', locked.pledgeId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const problem =
      transaction.currency !== 'NGN'
        ? `paid in ${transaction.currency}, not NGN`
        : !pledge.campaignId
          ? 'the campaign was deleted'
          : nairaOf(transaction.amount) < 1
            ? 'less than ₦1'
            : null;
    if (problem || !pledge.campaignId) {
      await settle('review', problem);
      await audit(
        trx,
        PAYSTACK_ACTOR,
        'pledge.paymentReview',
        pledge.reference,
        `${transaction.reference}: ${problem}`,
      );
      return 'held';
    }
    const asExpected = transaction.amount === Number(locked.amountKobo);
    const fee = transaction.fees ?? 0;
    // What the pledge had already received (a payment of another attempt, or a transfer): this
    // money came too, so it is recorded, but as an overpayment for finance to look at.
    const received = await trx
      .selectFrom('gifts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'))
      .where('pledgeId', '=', pledge.id)
      .where('reversedAt', 'is', null)
      .executeTakeFirstOrThrow();
    const receivedBefore = Number(received.amount);
    const review =
      [
        asExpected
          ? null
          : `amount differs: asked ${formatNaira(nairaOf(Number(locked.amountKobo)))}, paid ${formatNaira(nairaOf(transaction.amount))}`,
        pledge.status === 'cancelled' ? 'paid after the pledge was cancelled' : null,
        receivedBefore > 0
          ? `overpaid: ${formatNaira(receivedBefore)} had already been received for this ${formatNaira(pledge.amount)} pledge`
          : null,
      ]
        .filter((why) => why !== null)
        .join('; ') || null;
    await recordGift(
      trx,
      {
        campaignId: pledge.campaignId,
        campaignTitle: pledge.campaignTitle,
        pledgeId: pledge.id,
        statementLineId: null,
        // The pledge, when paid as asked (what the donor added for the fee is not the gift).
        amount: asExpected ? pledge.amount : nairaOf(transaction.amount),
        receivedOn: dayPaid(transaction, now),
        name: pledge.name,
        anonymous: pledge.anonymous,
        hideAmount: pledge.hideAmount,
        online: {
          provider: 'paystack',
          channel: (transaction.channel ?? 'online').slice(0, 40),
          providerTransactionId: transaction.id,
          providerReference: transaction.reference,
          grossKobo: transaction.amount,
          feeKobo: fee,
          netKobo: transaction.amount - fee,
          review,
        },
        // A pledge made without an email: its receipt goes to the address that paid it.
        receiptTo: locked.email,
      },
      PAYSTACK_ACTOR,
      now,
      deps,
    );
    if (review)
      await audit(trx, PAYSTACK_ACTOR, 'pledge.paymentReview', pledge.reference, `${transaction.reference}: ${review}`);
    await trx.updateTable('pledges').set({ status: 'confirmed', updatedAt: now }).where('id', '=', pledge.id).execute();
    await settle('paid');
    return 'recorded';
  });
  if (outcome === 'recorded') await deps.publicDataVersion.settle();
  return outcome;
}

/**
 * refund.processed: the gift of that transaction is reversed (its campaign's totals move back),
 * audited, and its pledge cancelled once nothing of it counts. A partial refund does not reverse
 * the gift: it is flagged for finance to adjust. A refund that comes before the payment was
 * recorded (Paystack retries a failed delivery later) holds the attempt, so the late
 * charge.success records nothing. A replay changes nothing more. The attempt's row is locked
 * first, as recordPayment locks it, so the two never cross.
 */
export async function recordRefund(
  deps: PaymentDeps,
  refund: PaystackRefund,
): Promise<'reversed' | 'flagged' | 'held' | 'unknown'> {
  const now = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const attempt = await trx
      .selectFrom('payment_attempts')
      .select(['id', 'status', 'pledgeId'])
      .where('reference', '=', refund.transaction_reference)
      .forUpdate()
      .executeTakeFirst();
    if (!attempt || refund.currency !== 'NGN') return 'unknown' as const;
    const gift = await trx
      .selectFrom('gifts')
      .select(['id', 'pledgeId', 'receiptNumber', 'grossKobo', 'review'])
      .where('provider', '=', 'paystack')
      .where('providerReference', '=', refund.transaction_reference)
      .where('reversedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    const refunded = formatNaira(nairaOf(refund.amount));
    if (!gift) {
      if (attempt.status === 'paid' || attempt.status === 'review') return 'unknown' as const;
      const note = `refunded (${refunded}) before the payment was recorded`;
      await trx
        .updateTable('payment_attempts')
        .set({ status: 'review', note, updatedAt: now })
        .where('id', '=', attempt.id)
        .execute();
      const pledge = await trx
        .selectFrom('pledges')
        .select('reference')
        .where('id', '=', attempt.pledgeId)
        .executeTakeFirstOrThrow();
      await audit(
        trx,
        PAYSTACK_ACTOR,
        'pledge.paymentReview',
        pledge.reference,
        `${refund.transaction_reference}: ${note}`,
      );
      return 'held' as const;
    }
    const summary = `${gift.receiptNumber}: ${refunded} refunded through Paystack`;
    if (refund.amount < Number(gift.grossKobo)) {
      const review = `partially refunded: ${refunded}`;
      if (gift.review === review) return 'flagged' as const;
      await trx.updateTable('gifts').set({ review }).where('id', '=', gift.id).execute();
      await audit(trx, PAYSTACK_ACTOR, 'gift.refunded', gift.id, summary);
      return 'flagged' as const;
    }
    await reverseGifts(trx, { giftId: gift.id }, PAYSTACK_ACTOR, now);
    await audit(trx, PAYSTACK_ACTOR, 'gift.refunded', gift.id, summary);
    if (gift.pledgeId) {
      const counting = await trx
        .selectFrom('gifts')
        .select('id')
        .where('pledgeId', '=', gift.pledgeId)
        .where('reversedAt', 'is', null)
        .executeTakeFirst();
      if (!counting)
        await trx
          .updateTable('pledges')
          .set({ status: 'cancelled', updatedAt: now })
          .where('id', '=', gift.pledgeId)
          .execute();
    }
    return 'reversed' as const;
  });
  if (outcome === 'reversed') await deps.publicDataVersion.settle();
  return outcome;
}

/**
 * Asks Paystack about one of the pledge's open attempts and records what it says: at most once
 * per pledge every RECHECK_MS, however many pages load at once or one after another, in one
 * batched call or on several instances. The time of the last question lives on the pledge's row
 * and is claimed by one conditional update, which one caller wins and the database orders across
 * instances. The attempt asked about is the one asked least recently (a new one first), so each
 * open attempt gets its turn. Attempts abandoned for an hour, or going on for two days, are left
 * to the webhook. Paystack not answering leaves things as they are: the page says the payment is
 * being confirmed, and asks again on a later load.
 */
export async function checkPledgePayments(deps: PaymentDeps, pledgeId: string): Promise<void> {
  const config = deps.config.paystack;
  if (!config) return;
  const now = deps.now();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const askable = (eb: ExpressionBuilder<Database, 'payment_attempts'>) =>
    eb.and([
      eb('payment_attempts.pledgeId', '=', pledgeId),
      eb('payment_attempts.authorizationUrl', 'is not', null),
      eb.or([
        eb.and([
          eb('payment_attempts.status', '=', 'started'),
          eb('payment_attempts.createdAt', '>', ago(CHECK_FOR_MS)),
        ]),
        eb.and([
          eb('payment_attempts.status', '=', 'abandoned'),
          eb('payment_attempts.createdAt', '>', ago(ABANDONED_FOR_MS)),
        ]),
      ]),
    ]);
  const claimed = await deps.db
    .updateTable('pledges')
    .set({ paymentsCheckedAt: now })
    .where('id', '=', pledgeId)
    .where((eb) => eb.or([eb('paymentsCheckedAt', 'is', null), eb('paymentsCheckedAt', '<=', ago(RECHECK_MS))]))
    .where((eb) => eb.exists(eb.selectFrom('payment_attempts').select('payment_attempts.id').where(askable)))
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return;
  const attempt = await deps.db
    .updateTable('payment_attempts')
    .set({ checkedAt: now })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('payment_attempts')
        .select('payment_attempts.id')
        .where(askable)
        .orderBy(sql`checked_at asc nulls first`)
        .orderBy('payment_attempts.attempt', 'desc')
        .limit(1),
    )
    .returning('reference')
    .executeTakeFirst();
  if (!attempt) return;
  try {
    await recordPayment(deps, await verifyTransaction(config, attempt.reference, PAGE_VERIFY_TIMEOUT_MS));
  } catch (error) {
    if (!(error instanceof PaystackUnavailable)) throw error;
  }
}

/** How the pledge's online payment stands, for its page. */
export async function paymentStateOf(
  deps: Pick<Deps, 'db' | 'config'>,
  pledgeId: string,
  paidOnline: boolean,
): Promise<PaymentState> {
  if (paidOnline) return 'paid';
  if (!deps.config.paystack) return 'none';
  const latest = await deps.db
    .selectFrom('payment_attempts')
    .select(['status', 'authorizationUrl'])
    .where('pledgeId', '=', pledgeId)
    .orderBy('attempt', 'desc')
    .executeTakeFirst();
  if (!latest) return 'none';
  if (latest.status === 'failed' || latest.status === 'abandoned') return 'failed';
  // Started but never sent to Paystack's page: as if not tried.
  if (latest.status === 'started' && !latest.authorizationUrl) return 'none';
  return latest.status === 'paid' ? 'paid' : 'pending';
}
