/**
 * The words of the "cover the fee" checkbox, on the give panel and the pledge page: what a donor
 * adds so that the foundation receives the whole amount. Computed with the rule the server uses
 * (shared/payment-fees.ts), so the amount shown is the amount Paystack asks for.
 */
import { formatNaira } from '../../../shared/format';
import { t } from '../../../shared/messages';
import { type FeeRule, feeCoverFor } from '../../../shared/payment-fees';

/**
 * Whole naira from what an amount field holds ('5000', '5,000', '₦5 000'), read as the pledge
 * schema reads it; undefined while it is not one (empty, or half typed).
 */
export function nairaOf(value: unknown): number | undefined {
  const amount = Number(String(value ?? '').replace(/[₦,\s]/g, ''));
  return String(value ?? '').trim() !== '' && Number.isSafeInteger(amount) && amount > 0 ? amount : undefined;
}

/** "Add ₦176 so the foundation receives the full ₦5,000"; without an amount, the rule in words. */
export function coverFeesText(amount: number | undefined, fees: FeeRule): string {
  if (amount === undefined) return t('pay.coverFeesAny');
  return t('pay.coverFees', { fee: formatNaira(feeCoverFor(amount, fees)), amount: formatNaira(amount) });
}

/** Whether covering the fee adds anything (a rule of zeros adds nothing: the checkbox is left out). */
export const feesApply = (fees: FeeRule) => fees.percent > 0 || fees.flat > 0;
