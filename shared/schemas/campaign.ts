/** Campaigns: what an admin sends, what every caller gets back. */
import { z } from 'zod';
import {
  CAMPAIGN_CATEGORIES,
  CAMPAIGN_LOCATIONS,
  CAMPAIGN_STATUS,
  GALLERY_LIMIT,
  MAX_NAIRA,
  TEXT_LIMITS,
} from '../constants';
import { t } from '../messages';
import type { Campaign } from './answers';
import {
  choice,
  hasNoNul,
  isBlank,
  optionalText,
  queryInt,
  requiredOrInvalid,
  requiredText,
  summarizeMissing,
} from './fields';
import { pageCursor, pageLimit } from './pages';

const nairaError = (issue: { input?: unknown }) =>
  issue.input === undefined ? t('validation.required') : t('validation.amount');

/**
 * A whole, non-negative naira amount. Numeric strings are coerced (the spec's form sends text).
 * One refine rather than `.int()`: zod's int and array-size checks abort the object's checks, which
 * would drop the 'Please fill in all required fields: …' summary whenever an amount is fractional.
 */
const nairaNumber = z
  .number({ error: nairaError })
  .refine((v) => Number.isInteger(v) && v >= 0 && v <= MAX_NAIRA, { error: () => t('validation.amount') });
const toNaira = (blank: number | undefined) => (v: string | number | null | undefined) =>
  isBlank(v) ? blank : typeof v === 'string' ? Number(v.trim().replace(/,/g, '')) : v;

const requiredNaira = z
  .union([z.number(), z.string()], { error: nairaError })
  .transform(toNaira(undefined))
  .pipe(nairaNumber);
/**
 * amountRaised: absent, null or blank reads as "not given" (undefined), which a create stores as 0
 * and an update leaves as it is: only gifts and a hand adjustment move a total
 * (server/giving/gifts.ts).
 */
const givenNaira = z
  .union([z.number(), z.string()], { error: nairaError })
  .nullish()
  .transform(toNaira(undefined))
  .pipe(nairaNumber.optional());

const SAFE_RELATIVE_PATH = /^\/?(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]*$/;
const isImagePath = (v: string) => hasNoNul(v) && (/^https?:\/\/[^\s]+$/i.test(v) || SAFE_RELATIVE_PATH.test(v));

/** An image: an absolute http(s) address or a path the upload endpoint returned. */
const imagePath = () =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .max(TEXT_LIMITS.url)
    .refine((v) => v === '' || isImagePath(v), { error: () => t('validation.imagePath') });

/**
 * A real day of the calendar (JavaScript's Date.parse takes 2026-02-31 and year 0, the database's
 * date column does not: that was a 500). Compared by a round trip through UTC.
 */
const isCalendarDate = (v: string) => {
  const day = v.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < '0001') return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};

/** A calendar date, answered as YYYY-MM-DD; ISO timestamps are cut to their date. */
const calendarDate = () =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .refine(isCalendarDate, { error: () => t('validation.date') })
    .transform((v) => v.slice(0, 10));

export const campaignUpdateInput = z.object({
  date: calendarDate(),
  content: requiredText(TEXT_LIMITS.long),
  contentHa: optionalText(TEXT_LIMITS.long),
});

/**
 * What an admin sends for a campaign. The required fields come first, in the order the spec names
 * them, because the 'Please fill in all required fields: …' summary lists them in schema order.
 */
export const campaignInput = summarizeMissing(
  z.object({
    title: requiredText(TEXT_LIMITS.short),
    description: requiredText(TEXT_LIMITS.campaignText),
    target: requiredNaira,
    location: choice(CAMPAIGN_LOCATIONS),
    image: imagePath().min(1, { error: () => t('validation.required') }),
    shortDescription: optionalText(TEXT_LIMITS.medium),
    overview: z
      .object({
        mainText: optionalText(TEXT_LIMITS.campaignText),
        challengeText: optionalText(TEXT_LIMITS.campaignText),
        solutionText: optionalText(TEXT_LIMITS.campaignText),
        impactText: optionalText(TEXT_LIMITS.campaignText),
        mainTextHa: optionalText(TEXT_LIMITS.campaignText),
        challengeTextHa: optionalText(TEXT_LIMITS.campaignText),
        solutionTextHa: optionalText(TEXT_LIMITS.campaignText),
        impactTextHa: optionalText(TEXT_LIMITS.campaignText),
      })
      .prefault({}),
    updates: z
      .array(campaignUpdateInput)
      .refine((list) => list.length <= 200, { error: () => t('request.invalid') })
      .prefault([]),
    galleryImages: z
      .array(imagePath().min(1, { error: () => t('validation.imagePath') }))
      // A refine, not `.max()`: see nairaNumber.
      .refine((list) => list.length <= GALLERY_LIMIT, {
        error: () => t('validation.galleryLimit', { limit: GALLERY_LIMIT }),
      })
      .meta({ maxItems: GALLERY_LIMIT })
      .prefault([]),
    amountRaised: givenNaira,
    supporters: z
      .union([z.number(), z.string()])
      .nullish()
      .transform(toNaira(0))
      .pipe(z.number().refine((v) => Number.isInteger(v) && v >= 0 && v <= 1e9, { error: () => t('request.invalid') })),
    status: z.literal(CAMPAIGN_STATUS).default(CAMPAIGN_STATUS),
    category: z
      .enum([...CAMPAIGN_CATEGORIES, ''], { error: () => t('validation.choice') })
      .nullish()
      .transform((v) => v || null),
    endDate: z
      .string({ error: () => t('validation.date') })
      .trim()
      .refine((v) => v === '' || isCalendarDate(v), { error: () => t('validation.date') })
      .nullish()
      .transform((v) => (v ? v.slice(0, 10) : null)),
    impact: optionalText(TEXT_LIMITS.long),
    accountName: optionalText(TEXT_LIMITS.short),
    accountNumber: optionalText(20).refine((v) => v === '' || /^[0-9][0-9 -]{4,18}[0-9]$/.test(v), {
      error: () => t('request.invalid'),
    }),
    bankName: optionalText(TEXT_LIMITS.short),
    // The Hausa texts, beside the English: empty until someone writes them.
    titleHa: optionalText(TEXT_LIMITS.short),
    shortDescriptionHa: optionalText(TEXT_LIMITS.medium),
    descriptionHa: optionalText(TEXT_LIMITS.campaignText),
  }),
  (missing) => t('campaigns.requiredFields', { fields: missing.join(', ') }),
);

export type CampaignInput = z.input<typeof campaignInput>;
export type CampaignData = z.output<typeof campaignInput>;

/** A campaign as every caller receives it; image paths are ready to show. */
export type { Campaign };

/**
 * A campaign as saved: image paths as sent and empty bank fields (meaning "the foundation's
 * account"). Only the admin editor reads it, so that saving never stores the defaults as its own.
 */
export type StoredCampaign = Campaign;

/** Filters of the campaign list; REST passes them as query parameters. */
export const campaignListInput = z.object({
  category: z.enum(CAMPAIGN_CATEGORIES, { error: () => t('validation.choice') }).optional(),
  location: z.enum(CAMPAIGN_LOCATIONS, { error: () => t('validation.choice') }).optional(),
  limit: queryInt(1, 500, 'limit').optional(),
  offset: queryInt(0, 1_000_000, 'offset').optional(),
  /** oldest first (the REST order the spec's clients rely on) or newest first */
  order: z.enum(['oldest', 'newest']).default('oldest'),
});
export type CampaignListInput = z.input<typeof campaignListInput>;

/** campaign.adminPage: the admin's list, a page at a time. */
export const campaignPageInput = z.object({ limit: pageLimit.optional(), cursor: pageCursor.optional() });

/** Any id up to the REST path limit; ids that are not well formed are simply not found. */
export const campaignIdInput = z.object({ id: z.string().max(2048) });
