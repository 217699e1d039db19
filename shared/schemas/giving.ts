/**
 * Giving: the donor's pledge, the staff's changes to it, statement lines and the lists. One
 * schema per input, used by the form on the client, the tRPC procedure and the REST route.
 */
import { z } from 'zod';
import { formatNumber } from '../format';
import { t } from '../messages';
import { honeypot, isBlank, optionalEmail, optionalText, queryInt } from './fields';
import { pageCursor } from './pages';
import { optionalNigerianPhone } from './phone';

/** A pledge is a whole number of naira in this range. */
export const PLEDGE_LIMITS = { min: 100, max: 10_000_000 } as const;
/** One payment recorded by hand, at most: a sane ceiling against typing slips. */
export const GIFT_MAX = 100_000_000;

export const PLEDGE_STATUSES = ['pending', 'confirmed', 'cancelled', 'expired'] as const;
export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];

/** Whole naira from a number or text ("5,000", "₦5000"), within bounds, with the given message. */
const wholeNaira = (min: number, max: number, message: () => string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => (typeof v === 'string' ? (isBlank(v) ? Number.NaN : Number(v.replace(/[₦,\s]/g, ''))) : v))
    .refine((v) => Number.isInteger(v) && v >= min && v <= max, { error: message })
    // For the document: whole naira in range (text such as "5,000" is read too, for HTML forms).
    .meta({ type: 'integer', minimum: min, maximum: max, anyOf: undefined });

const pledgeAmount = () =>
  wholeNaira(PLEDGE_LIMITS.min, PLEDGE_LIMITS.max, () =>
    t('pledge.amountRange', {
      min: formatNumber(PLEDGE_LIMITS.min),
      max: formatNumber(PLEDGE_LIMITS.max),
    }),
  );

/** A checkbox: true/false from JSON, 'on'/'true' from an HTML form. */
export const flag = () =>
  z
    .union([z.boolean(), z.enum(['on', 'true', 'false', ''])], { error: () => t('request.invalid') })
    .optional()
    .transform((v) => v === true || v === 'on' || v === 'true');

/** POST /api/pledges and pledge.create: what a donor sends. */
export const pledgeInput = z
  .object({
    campaignId: z.string({ error: () => t('validation.required') }).max(64),
    amount: pledgeAmount(),
    name: optionalText(100),
    anonymous: flag(),
    hideAmount: flag(),
    phone: optionalNigerianPhone(),
    email: optionalEmail(),
    website: honeypot(),
  })
  // A name or "give anonymously": the supporter wall shows one of the two.
  .refine((v) => v.anonymous || v.name !== '', { path: ['name'], error: () => t('pledge.nameOrAnonymous') });
export type PledgeInput = z.input<typeof pledgeInput>;

const isCalendarDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
export const calendarDay = () =>
  z.string({ error: () => t('validation.date') }).refine(isCalendarDay, { error: () => t('validation.date') });

/**
 * PUT /api/pledges/{id} and pledge.update. 'confirmed' records a payment (a part payment leaves
 * the rest outstanding; another confirmation adds to it), 'pending' takes the payments back and
 * reopens the pledge for a new expiry period, 'cancelled' closes an unpaid pledge.
 */
export const pledgeUpdateInput = z.object({
  status: z.enum(['confirmed', 'cancelled', 'pending'], { error: () => t('validation.choice') }),
  amountReceived: wholeNaira(1, GIFT_MAX, () => t('pledge.receivedRange')).optional(),
  receivedOn: calendarDay().optional(),
});
export type PledgeUpdate = z.output<typeof pledgeUpdateInput>;

/** GET /api/pledges and pledge.list: newest first, a page at a time, filtered. */
export const pledgeListQuery = z.object({
  limit: queryInt(1, 200, 'limit').optional().describe('Pledges per page, 1 to 200 (50 when not given)'),
  before: pageCursor.optional(),
  status: z.enum(PLEDGE_STATUSES, { error: () => t('validation.choice') }).optional(),
  q: z.string().trim().max(100).optional().describe('Part of the reference, name, phone or email'),
  campaignId: z.string().max(64).optional(),
});
export type PledgeListQuery = z.output<typeof pledgeListQuery>;

/** POST /api/statements/{id}/confirm: the lines whose suggested matches staff accept. */
export const statementConfirmInput = z.object({
  lineIds: z
    .array(z.string().max(64), { error: () => t('request.invalid') })
    .min(1, { error: () => t('statements.noLines') })
    .max(1000, { error: () => t('request.invalid') })
    .transform((ids) => [...new Set(ids)]),
});

/**
 * statement.decide's 'generalFund' decision: a gift to the foundation's own account, for no
 * campaign (what the donate page asks for), with the donor's name when staff know it.
 */
export const generalFundDecision = z.object({ action: z.literal('generalFund'), name: optionalText(100) });

/**
 * PUT /api/statement-lines/{id}: what staff decide about one credit line. 'gift' assigns it to a
 * campaign as a gift without a pledge, 'pledge' to a pledge they found (its id or its payment
 * reference), 'generalFund' records it as a gift to the general fund (no campaign), 'notDonation'
 * sets it aside (levies, transfers between the foundation's accounts), 'settlement' marks it as
 * Paystack paying out online gifts, 'open' takes the decision back.
 */
export const lineDecisionInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('gift'), campaignId: z.string().max(64), name: optionalText(100) }),
    z.object({ action: z.literal('pledge'), pledgeId: z.string().max(64) }),
    z.object({ action: z.literal('notDonation') }),
    z.object({ action: z.literal('open') }),
    z.object({ action: z.literal('settlement') }),
    generalFundDecision,
  ],
  { error: () => t('validation.choice') },
);
export type LineDecision = z.output<typeof lineDecisionInput>;
