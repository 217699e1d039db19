/**
 * The payment provider's fee, and what a donor adds to cover it. The rule is kept in the
 * settings (staff change it when Paystack does); the numbers below are Paystack's published
 * local-card pricing, the rule a new site starts with. The server and the give panel compute
 * with these same functions, so the amount the donor is shown is the amount they are asked.
 */
export interface FeeRule {
  /** Percent of the amount, e.g. 1.5. */
  percent: number;
  /** A flat part in naira, added at or above `flatWaivedBelow`. */
  flat: number;
  /** Below this many naira the flat part is waived. */
  flatWaivedBelow: number;
  /** The fee never exceeds this many naira. */
  cap: number;
}

export const DEFAULT_FEE_RULE: FeeRule = { percent: 1.5, flat: 100, flatWaivedBelow: 2500, cap: 2000 };

/** The provider's fee on a payment, in kobo, rounded up as the provider rounds it. */
export function feeKoboOn(amountKobo: number, rule: FeeRule): number {
  const percent = Math.ceil((amountKobo * Math.round(rule.percent * 100)) / 10_000);
  const flat = amountKobo >= rule.flatWaivedBelow * 100 ? rule.flat * 100 : 0;
  return Math.min(rule.cap * 100, percent + flat);
}

/**
 * The whole naira a donor adds to `amount` so that what remains after the fee is at least
 * `amount`: the least n with n ≥ fee(amount + n). The fee only grows with the amount, so
 * stepping n up to the fee it implies reaches that least n in a few steps.
 */
export function feeCoverFor(amount: number, rule: FeeRule): number {
  let cover = 0;
  for (let step = 0; step < 20; step++) {
    const needed = Math.ceil(feeKoboOn((amount + cover) * 100, rule) / 100);
    if (needed <= cover) break;
    cover = needed;
  }
  return cover;
}
