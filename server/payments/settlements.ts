/**
 * Paystack's settlements as they reach a bank statement. Paystack pays the foundation later, in one
 * credit net of its fees, for a day's online payments together. The gifts were recorded when the
 * donors paid, so that credit is neither a donation (it must never count twice) nor an unmatched
 * credit waiting for staff: it is a settlement, linked to the online gifts it paid out where the
 * amounts tell which.
 */
import type { DB } from '../db/database';
import { shiftDay } from '../giving/matcher';

/** How banks name Paystack in a payout's narration: "NIP/PAYSTACK PAYMENTS LIMITED/…", "TRF FROM PAYSTACK". */
const PAYSTACK = /pay\s*stack/i;

/** Gifts paid longer ago than this before a settlement are not searched: Paystack pays out within days. */
const SEARCH_DAYS = 31;

/**
 * Whether a credit is Paystack paying out: its narration names Paystack and it pays no pledge by
 * its reference. A payer sending through Paystack's transfers who quotes a pledge's reference is
 * paying that pledge; a settlement never names one.
 */
export const isSettlement = (narration: string, paysPledgeByReference: boolean): boolean =>
  !paysPledgeByReference && PAYSTACK.test(narration);

/**
 * The first run of consecutive amounts, from the oldest, that adds up exactly to `total`; null
 * when none does. Amounts are positive, so a window that has passed the total only shrinks.
 */
export function consecutiveRun(amounts: number[], total: number): { start: number; end: number } | null {
  let start = 0;
  let sum = 0;
  for (let end = 0; end < amounts.length; end++) {
    sum += amounts[end]!;
    while (sum > total && start <= end) sum -= amounts[start++]!;
    if (sum === total && start <= end) return { start, end: end + 1 };
  }
  return null;
}

/**
 * Links a settlement line to the online gifts it paid out: of the counting online gifts not yet
 * settled and paid on or before the credit's day, oldest first, the first run of consecutive ones
 * whose net adds up exactly to the credit. Otherwise nothing is linked (the line stays a
 * settlement: Paystack may have held one back, or deducted a refund). Never moves a total.
 * Runs in the caller's transaction; the gifts are locked, so two imports never link one twice.
 * Returns how many gifts were linked.
 */
export async function linkSettlement(trx: DB, line: { id: string; date: string; amountKobo: number }): Promise<number> {
  const gifts = await trx
    .selectFrom('gifts')
    .select(['id', 'netKobo'])
    .where('provider', 'is not', null)
    .where('settlementLineId', 'is', null)
    .where('reversedAt', 'is', null)
    .where('netKobo', '>', 0)
    .where('receivedOn', '<=', line.date)
    .where('receivedOn', '>=', shiftDay(line.date, -SEARCH_DAYS))
    // In the order they were paid: by day, then as recorded (ids are time-ordered).
    .orderBy('receivedOn')
    .orderBy('createdAt')
    .orderBy('id')
    .forUpdate()
    .execute();
  const run = consecutiveRun(
    gifts.map((g) => Number(g.netKobo)),
    Number(line.amountKobo),
  );
  if (!run) return 0;
  const ids = gifts.slice(run.start, run.end).map((g) => g.id);
  await trx.updateTable('gifts').set({ settlementLineId: line.id }).where('id', 'in', ids).execute();
  return ids.length;
}

/** Takes a settlement back: its gifts are unsettled again. Returns how many were. */
export async function unlinkSettlement(trx: DB, lineId: string): Promise<number> {
  const result = await trx
    .updateTable('gifts')
    .set({ settlementLineId: null })
    .where('settlementLineId', '=', lineId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
