/** Campaigns (SPEC section 3): what an admin sends, what every caller gets back. */
import { z } from 'zod';
import {
  CAMPAIGN_CATEGORIES,
  CAMPAIGN_LOCATIONS,
  CAMPAIGN_STATUS,
  GALLERY_LIMIT,
  MAX_NAIRA,
  TEXT_LIMITS,
  type CampaignCategory,
  type CampaignLocation,
} from '../constants';
import { t } from '../messages';
import { choice, optionalText, requiredText, summarizeMissing } from './fields';

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A whole, non-negative naira amount; numeric strings are coerced (the spec's form sends text). */
const naira = (required: boolean) =>
  z.preprocess(
    (v) => {
      if (isBlank(v)) return required ? undefined : 0;
      return typeof v === 'string' ? Number(v.trim().replace(/,/g, '')) : v;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? t('validation.required') : t('validation.amount')) })
      .int({ error: () => t('validation.amount') })
      .min(0, { error: () => t('validation.amount') })
      .max(MAX_NAIRA, { error: () => t('validation.amount') }),
  );

const SAFE_RELATIVE_PATH = /^\/?(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]*$/;
const isImagePath = (v: string) => /^https?:\/\/[^\s]+$/i.test(v) || SAFE_RELATIVE_PATH.test(v);

/** An image: an absolute http(s) address or a path the upload endpoint returned. */
const imagePath = () =>
  z.string().trim().max(TEXT_LIMITS.url).refine(isImagePath, { error: () => t('validation.imagePath') });

/** A calendar date, answered as YYYY-MM-DD; ISO timestamps are cut to their date. */
const calendarDate = () =>
  z
    .string()
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v.slice(0, 10))), {
      error: () => t('validation.date'),
    })
    .transform((v) => v.slice(0, 10));

export const campaignUpdateInput = z.object({
  date: calendarDate(),
  content: requiredText(TEXT_LIMITS.long),
});

/** The fields the campaign form requires, in the order the spec names them. */
export const CAMPAIGN_REQUIRED_FIELDS = ['title', 'description', 'target', 'location', 'image'] as const;

export const campaignInput = summarizeMissing(
  z.object({
    title: requiredText(TEXT_LIMITS.short),
    description: requiredText(TEXT_LIMITS.campaignText),
    shortDescription: optionalText(TEXT_LIMITS.medium),
    overview: z
      .preprocess(
        (v) => v ?? {},
        z.object({
          mainText: optionalText(TEXT_LIMITS.campaignText),
          challengeText: optionalText(TEXT_LIMITS.campaignText),
          solutionText: optionalText(TEXT_LIMITS.campaignText),
          impactText: optionalText(TEXT_LIMITS.campaignText),
        }),
      ),
    updates: z.preprocess((v) => v ?? [], z.array(campaignUpdateInput).max(200)),
    image: z.preprocess(
      (v) => (isBlank(v) ? undefined : v),
      z.string({ error: () => t('validation.required') }).pipe(imagePath()),
    ),
    galleryImages: z.preprocess(
      (v) => v ?? [],
      z.array(imagePath()).max(GALLERY_LIMIT, { error: () => t('validation.galleryLimit', { limit: GALLERY_LIMIT }) }),
    ),
    target: naira(true),
    amountRaised: naira(false),
    supporters: z.preprocess((v) => (isBlank(v) ? 0 : Number(v)), z.number().int().min(0).max(1_000_000_000)),
    status: z.preprocess((v) => (isBlank(v) ? CAMPAIGN_STATUS : v), z.literal(CAMPAIGN_STATUS)),
    location: choice(CAMPAIGN_LOCATIONS),
    category: z.preprocess((v) => (isBlank(v) ? null : v), z.enum(CAMPAIGN_CATEGORIES, { error: () => t('validation.choice') }).nullable()),
    endDate: z.preprocess((v) => (isBlank(v) ? null : v), calendarDate().nullable()),
    impact: optionalText(TEXT_LIMITS.long),
    accountName: optionalText(TEXT_LIMITS.short),
    accountNumber: optionalText(20).refine((v) => v === '' || /^[0-9][0-9 -]{4,18}[0-9]$/.test(v), {
      error: () => t('request.invalid'),
    }),
    bankName: optionalText(TEXT_LIMITS.short),
  }),
  CAMPAIGN_REQUIRED_FIELDS,
  (missing) => t('campaigns.requiredFields', { fields: missing.join(', ') }),
);

export type CampaignInput = z.input<typeof campaignInput>;
export type CampaignData = z.output<typeof campaignInput>;

export interface CampaignUpdate {
  _id: string;
  date: string;
  content: string;
}

/** A campaign as every caller receives it; image paths are ready to show. */
export interface Campaign {
  _id: string;
  title: string;
  description: string;
  shortDescription: string;
  overview: { mainText: string; challengeText: string; solutionText: string; impactText: string };
  updates: CampaignUpdate[];
  image: string;
  galleryImages: string[];
  target: number;
  amountRaised: number;
  supporters: number;
  status: typeof CAMPAIGN_STATUS;
  location: CampaignLocation;
  category: CampaignCategory | null;
  endDate: string | null;
  impact: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  createdAt: string;
  updatedAt: string;
}

const queryInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.number({ error: () => t('request.invalid') }).int().min(min).max(max),
  );

/** Filters of the campaign list; REST passes them as query parameters. */
export const campaignListInput = z.object({
  category: z.enum(CAMPAIGN_CATEGORIES, { error: () => t('validation.choice') }).optional(),
  location: z.enum(CAMPAIGN_LOCATIONS, { error: () => t('validation.choice') }).optional(),
  limit: queryInt(1, 500).optional(),
  offset: queryInt(0, 1_000_000).optional(),
  /** oldest first (the REST order the spec's clients rely on) or newest first */
  order: z.enum(['oldest', 'newest']).default('oldest'),
});
export type CampaignListInput = z.input<typeof campaignListInput>;

export const campaignIdInput = z.object({ id: z.string().max(100) });
