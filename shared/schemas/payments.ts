/**
 * Paying a pledge online (server/payments/): one schema per input, used by the give panel, the
 * pledge page, the tRPC procedure and the REST route alike.
 */
import { z } from 'zod';
import { t } from '../messages';
import { optionalEmail } from './fields';
import { flag } from './giving';

/**
 * POST /api/pledges/{reference}/pay and pledge.pay. The provider needs an email and sends its own
 * receipt there: the pledge's email serves when none is given. `coverFees` adds the provider's fee
 * so that the foundation receives the whole pledge.
 */
export const payInput = z.object({
  email: optionalEmail(),
  coverFees: flag(),
});
export type PayInput = z.input<typeof payInput>;

export const payAnswer = z.object({
  authorizationUrl: z.string().describe("The provider's checkout page: send the donor there"),
});

/** How a pledge's latest online payment stands, as its page shows it. */
export const PAYMENT_STATES = ['none', 'pending', 'paid', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The ways a donor gives from the give panel: online now, or a transfer with the reference. */
export const GIVE_WAYS = ['online', 'transfer'] as const;
export type GiveWay = (typeof GIVE_WAYS)[number];

/** The give panel's online way needs an email: the provider requires one. */
export const onlineEmail = () => optionalEmail().refine((v) => v !== '', { error: () => t('pay.emailRequired') });

/** The provider's fee rule as staff edit it in Settings (shared/payment-fees.ts). */
export const feeRuleInput = z.object({
  feePercent: z
    .number({ error: () => t('settings.feeInvalid') })
    .min(0, { error: () => t('settings.feeInvalid') })
    .max(10, { error: () => t('settings.feeInvalid') })
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, {
      error: () => t('settings.feeInvalid'),
    })
    .describe('Percent of the amount, up to two decimals, 0 to 10 (Paystack: 1.5)'),
  feeFlat: z
    .number({ error: () => t('settings.feeInvalid') })
    .int({ error: () => t('settings.feeInvalid') })
    .min(0, { error: () => t('settings.feeInvalid') })
    .max(10_000, { error: () => t('settings.feeInvalid') })
    .describe('The flat part in naira (Paystack: 100)'),
  feeWaivedBelow: z
    .number({ error: () => t('settings.feeInvalid') })
    .int({ error: () => t('settings.feeInvalid') })
    .min(0, { error: () => t('settings.feeInvalid') })
    .max(10_000_000, { error: () => t('settings.feeInvalid') })
    .describe('Below this many naira the flat part is waived (Paystack: 2,500)'),
  feeCap: z
    .number({ error: () => t('settings.feeInvalid') })
    .int({ error: () => t('settings.feeInvalid') })
    .min(0, { error: () => t('settings.feeInvalid') })
    .max(100_000, { error: () => t('settings.feeInvalid') })
    .describe('The most the fee can be, in naira (Paystack: 2,000)'),
});
