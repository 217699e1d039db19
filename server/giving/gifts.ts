/**
 * Gifts: money received for a campaign, or for the general fund (no campaign, no total to move).
 * Recording or reversing one moves the campaign's `amount_raised` and `supporters` in the same
 * transaction, so the rule of server/giving/totals.ts holds at every commit. Callers pass their
 * transaction and settle the public data version after it.
 */
import { sql, type Transaction } from 'kysely';
import { formatNaira } from '../../shared/format';
import { type Actor, audit } from '../audit/audit';
import type { DB } from '../db/database';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { queueGiftReceipt, withdrawReceipts } from './mails';
import { queueReceiptBuilds } from './receipt-store';

export interface NewGift {
  /** null for a gift to the general fund (`generalFund`): no campaign, so no campaign total moves. */
  campaignId: string | null;
  campaignTitle: string;
  generalFund?: boolean;
  pledgeId: string | null;
  statementLineId: string | null;
  amount: number;
  receivedOn: string;
  name: string;
  anonymous: boolean;
  hideAmount: boolean;
  /** What an online payment brings (server/payments/): absent for a transfer or a hand entry. */
  online?: OnlineGift;
  /**
   * Where the receipt goes when the pledge has no email: the address that paid it online. Never
   * stored on the pledge (server/payments/service.ts).
   */
  receiptTo?: string;
}

/** The campaign title a general fund gift stores, as the CSV writes it; screens translate it. */
export const GENERAL_FUND_TITLE = 'General fund';

/** An online gift's provider facts, as the gifts table stores them. */
export interface OnlineGift {
  provider: 'paystack';
  channel: string;
  providerTransactionId: string;
  providerReference: string;
  grossKobo: number;
  feeKobo: number;
  netKobo: number;
  review: string | null;
}

/** What recording a gift needs beyond its transaction: what queueing its receipt needs. */
export type GiftDeps = Pick<Deps, 'config' | 'now' | 'mailQueued' | 'publicData'>;

/** A receipt number a person can read out: the year and a sequence that never repeats. */
async function nextReceiptNumber(trx: DB, receivedOn: string): Promise<string> {
  const { rows } = await sql<{ n: number }>`select nextval('gift_receipt_numbers')::int as n`.execute(trx);
  return `R${receivedOn.slice(0, 4)}-${String(rows[0]!.n).padStart(6, '0')}`;
}

/**
 * Whether this gift adds a supporter: a pledge's first counting gift does, its part payments
 * after that do not; a gift without a pledge is a supporter of its own.
 */
async function countsAsSupporter(trx: DB, pledgeId: string | null, exceptGiftId?: string): Promise<boolean> {
  if (!pledgeId) return true;
  let query = trx.selectFrom('gifts').select('id').where('pledgeId', '=', pledgeId).where('reversedAt', 'is', null);
  if (exceptGiftId) query = query.where('id', '!=', exceptGiftId);
  return (await query.executeTakeFirst()) === undefined;
}

/** The one statement that writes a campaign's totals: gifts and hand adjustments both come here. */
const setTotals = (trx: DB, campaignId: string, totals: { amountRaised: number; supporters: number }, now: Date) =>
  trx
    .updateTable('campaigns')
    .set({ ...totals, updatedAt: now })
    .where('id', '=', campaignId)
    .execute();

/**
 * Moves a campaign's totals. A total never goes below zero (the table refuses it): where a hand
 * edit had already lowered it, the part that cannot be taken back is recorded as an adjustment,
 * so the rule of server/giving/totals.ts still holds.
 */
async function moveTotals(trx: DB, campaignId: string, amount: number, supporters: number, actor: Actor, now: Date) {
  const row = await trx
    .selectFrom('campaigns')
    .select(['amountRaised', 'supporters'])
    .where('id', '=', campaignId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return;
  const amountRaised = row.amountRaised + amount;
  const supportersNow = row.supporters + supporters;
  if (amountRaised < 0 || supportersNow < 0) {
    await trx
      .insertInto('amount_adjustments')
      .values({
        id: newId(),
        campaignId,
        amountDelta: Math.max(0, -amountRaised),
        supportersDelta: Math.max(0, -supportersNow),
        authorId: actor.id,
        author: actor.name,
      })
      .execute();
  }
  await setTotals(
    trx,
    campaignId,
    { amountRaised: Math.max(0, amountRaised), supporters: Math.max(0, supportersNow) },
    now,
  );
}

/**
 * A hand adjustment of a campaign's totals, by an editor's save; otherwise only gifts move them.
 * - amountRaised: not given (a PUT without it) leaves the total. Given, it is the change the
 *   editor made, applied to the total as it is now: the dashboard sends the value its form loaded
 *   (`amountRaisedWas`), so a gift confirmed while the form was open is not undone; other clients'
 *   value replaces the total, and is an adjustment only where it differs from it (a REST client
 *   guards a stale copy with If-Match: server/http/preconditions.ts).
 * - supporters: the spec's form sends 0 on every save, which carries no intent and leaves the
 *   count; another value replaces it.
 * Either change is recorded as an adjustment with its author, and audited. Returns the totals
 * now, or undefined when there is no such campaign.
 */
export async function adjustTotalsByHand(
  trx: DB,
  campaign: { id: string; title: string },
  wanted: { amountRaised: number | undefined; amountRaisedWas: number | undefined; supporters: number },
  actor: Actor,
  now: Date,
): Promise<{ amountRaised: number; supporters: number } | undefined> {
  const current = await trx
    .selectFrom('campaigns')
    .select(['amountRaised', 'supporters'])
    .where('id', '=', campaign.id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) return undefined;
  const amountDelta =
    wanted.amountRaised === undefined ? 0 : wanted.amountRaised - (wanted.amountRaisedWas ?? current.amountRaised);
  const amountRaised = Math.max(0, current.amountRaised + amountDelta);
  const supporters = wanted.supporters === 0 ? current.supporters : wanted.supporters;
  const applied = { amount: amountRaised - current.amountRaised, supporters: supporters - current.supporters };
  if (applied.amount !== 0 || applied.supporters !== 0) {
    await trx
      .insertInto('amount_adjustments')
      .values({
        id: newId(),
        campaignId: campaign.id,
        amountDelta: applied.amount,
        supportersDelta: applied.supporters,
        authorId: actor.id,
        author: actor.name,
      })
      .execute();
    await setTotals(trx, campaign.id, { amountRaised, supporters }, now);
    await audit(
      trx,
      actor,
      'campaign.adjusted',
      campaign.id,
      `${campaign.title}: raised ${formatNaira(current.amountRaised)} → ${formatNaira(amountRaised)}, supporters ${current.supporters} → ${supporters}`,
    );
  }
  return { amountRaised, supporters };
}

/**
 * Records a gift and moves its campaign's totals. Audited. A pledge's donor with an email gets the
 * receipt by mail (mails.tsx), and the pledge's receipt PDFs are queued to be made again after the
 * commit (receipt-builder.ts). Returns the gift's id and receipt.
 */
export async function recordGift(
  trx: Transaction<Database>,
  gift: NewGift,
  actor: Actor,
  now: Date,
  deps: GiftDeps,
): Promise<{ id: string; receiptNumber: string }> {
  const supporter = await countsAsSupporter(trx, gift.pledgeId);
  const id = newId();
  const receiptNumber = await nextReceiptNumber(trx, gift.receivedOn);
  const { online, receiptTo: _receiptTo, ...fields } = gift;
  await trx
    .insertInto('gifts')
    .values({ id, receiptNumber, ...fields, ...online, confirmedById: actor.id, confirmedBy: actor.name })
    .execute();
  if (gift.campaignId) await moveTotals(trx, gift.campaignId, gift.amount, supporter ? 1 : 0, actor, now);
  await audit(
    trx,
    actor,
    'gift.confirmed',
    id,
    `${receiptNumber}: ${formatNaira(gift.amount)} → “${gift.campaignTitle}”`,
  );
  if (gift.pledgeId) {
    await queueGiftReceipt(trx, deps, { ...gift, pledgeId: gift.pledgeId, receiptNumber });
    await queueReceiptBuilds(trx, [gift.pledgeId]);
  }
  return { id, receiptNumber };
}

/**
 * Takes back the counting gifts of a pledge, of a statement line, or one gift: each stays on record as
 * reversed, and its campaign's totals move back. Audited. Their pledges' receipt PDFs are queued to
 * be made again without them. Returns how many were reversed.
 */
export async function reverseGifts(
  trx: DB,
  where: { pledgeId: string } | { statementLineId: string } | { giftId: string },
  actor: Actor,
  now: Date,
): Promise<number> {
  let query = trx
    .selectFrom('gifts')
    .select(['id', 'campaignId', 'campaignTitle', 'pledgeId', 'statementLineId', 'amount', 'receiptNumber'])
    .where('reversedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .forUpdate();
  query =
    'pledgeId' in where
      ? query.where('pledgeId', '=', where.pledgeId)
      : 'giftId' in where
        ? query.where('id', '=', where.giftId)
        : query.where('statementLineId', '=', where.statementLineId);
  const gifts = await query.execute();
  for (const gift of gifts) {
    await trx.updateTable('gifts').set({ reversedAt: now, reversedBy: actor.name }).where('id', '=', gift.id).execute();
    // The pledge stops counting as a supporter once its last counting gift goes.
    const supporter = await countsAsSupporter(trx, gift.pledgeId);
    if (gift.campaignId) await moveTotals(trx, gift.campaignId, -gift.amount, supporter ? -1 : 0, actor, now);
    await audit(
      trx,
      actor,
      'gift.reversed',
      gift.id,
      `${gift.receiptNumber}: ${formatNaira(gift.amount)} from “${gift.campaignTitle}”`,
    );
  }
  await withdrawReceipts(trx, gifts);
  await queueReceiptBuilds(
    trx,
    gifts.flatMap((gift) => (gift.pledgeId ? [gift.pledgeId] : [])),
  );
  return gifts.length;
}
