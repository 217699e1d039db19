/** Public sign-up forms and the records the server stores for them. */
import { z } from 'zod';
import {
  ADVOCACY_INTERESTS,
  AVAILABILITY_OPTIONS,
  NEWSLETTER_STATUSES,
  type NewsletterStatus,
  ORGANIZATION_TYPES,
  PARTNERSHIP_TYPES,
  PROJECT_INTERESTS,
  REVIEW_STATUSES,
  type ReviewStatus,
  STATUS_TYPES,
  type StatusType,
  SUBMISSION_TYPES,
  type SubmissionType,
  TEXT_LIMITS,
  VOLUNTEER_INTERESTS,
} from '../constants';
import { t } from '../messages';
import {
  choice,
  choices,
  email,
  honeypot,
  optionalPhone,
  optionalText,
  requiredPhone,
  requiredText,
  summarizeMissing,
} from './fields';
import { PAGE_SIZE, pageCursor, pageLimit } from './pages';

const requiredSummary = () => t('form.requiredFields');

/** The nil and the max UUID: no sender makes them for one form, and every careless sender would share them. */
const SHARED_UUID = /^(?:0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

/**
 * The id the sender's browser gives one filled form. Sent again with it (a retry, a form kept
 * offline and sent later, a double tap), the form is stored once and answered as the first time.
 * In small letters from here on, so one id has one spelling wherever it is compared.
 */
const clientId = () =>
  z
    .uuid({ error: () => t('submission.clientIdInvalid') })
    .refine((id) => !SHARED_UUID.test(id), { error: () => t('submission.clientIdInvalid') })
    .transform((id) => id.toLowerCase())
    .optional()
    .describe(
      'Optional: a UUID the sender makes for this filled form (letters in either case are the same id; the nil and the max UUID are refused). Sent again with the same clientId and content, the form is stored once and answered exactly as the first time, whatever has happened to it since; with other content it is refused (409).',
    );

export const volunteerInput = summarizeMissing(
  z.object({
    firstName: requiredText(TEXT_LIMITS.name),
    lastName: requiredText(TEXT_LIMITS.name),
    email: email(),
    phone: requiredPhone(),
    occupation: optionalText(TEXT_LIMITS.short),
    interests: choices(VOLUNTEER_INTERESTS),
    availability: choice(AVAILABILITY_OPTIONS),
    experience: optionalText(TEXT_LIMITS.long),
    motivation: requiredText(TEXT_LIMITS.long),
    website: honeypot(),
    clientId: clientId(),
  }),
  requiredSummary,
);

export const partnerInput = summarizeMissing(
  z.object({
    organizationName: requiredText(TEXT_LIMITS.short),
    contactFirstName: requiredText(TEXT_LIMITS.name),
    contactLastName: requiredText(TEXT_LIMITS.name),
    email: email(),
    phone: requiredPhone(),
    organizationType: choice(ORGANIZATION_TYPES),
    partnershipType: choices(PARTNERSHIP_TYPES),
    projectInterests: choices(PROJECT_INTERESTS),
    resourceContribution: requiredText(TEXT_LIMITS.long),
    message: optionalText(TEXT_LIMITS.long),
    website: honeypot(),
    clientId: clientId(),
  }),
  requiredSummary,
);

export const advocateInput = summarizeMissing(
  z.object({
    firstName: requiredText(TEXT_LIMITS.name),
    lastName: requiredText(TEXT_LIMITS.name),
    email: email(),
    phone: optionalPhone(),
    city: optionalText(TEXT_LIMITS.name),
    state: optionalText(TEXT_LIMITS.name),
    socialMediaHandles: optionalText(TEXT_LIMITS.medium),
    advocacyInterests: choices(ADVOCACY_INTERESTS),
    experience: optionalText(TEXT_LIMITS.long),
    message: requiredText(TEXT_LIMITS.long),
    website: honeypot(),
    clientId: clientId(),
  }),
  requiredSummary,
);

export const contactInput = summarizeMissing(
  z.object({
    name: requiredText(TEXT_LIMITS.name),
    email: email(),
    phone: requiredPhone(),
    subject: requiredText(TEXT_LIMITS.short),
    message: requiredText(TEXT_LIMITS.long),
    website: honeypot(),
    clientId: clientId(),
  }),
  requiredSummary,
);

export const newsletterInput = summarizeMissing(
  z.object({ email: email(), website: honeypot(), clientId: clientId() }),
  requiredSummary,
);

export type VolunteerInput = z.input<typeof volunteerInput>;
export type PartnerInput = z.input<typeof partnerInput>;
export type AdvocateInput = z.input<typeof advocateInput>;
export type ContactInput = z.input<typeof contactInput>;
export type NewsletterInput = z.input<typeof newsletterInput>;

type Stored<T extends z.ZodType> = Omit<z.output<T>, 'website' | 'clientId'>;
type Reviewed = { _id: string; status: ReviewStatus; registrationDate: string };

export type Volunteer = Stored<typeof volunteerInput> & Reviewed;
export type Partner = Stored<typeof partnerInput> & Reviewed;
export type Advocate = Stored<typeof advocateInput> & Reviewed;
export type ContactMessage = Stored<typeof contactInput> & { _id: string; createdAt: string };
export type NewsletterSubscription = {
  _id: string;
  email: string;
  status: NewsletterStatus;
  subscriptionDate: string;
  /** False until the address confirms by the mailed link: only confirmed, active rows are subscribers. */
  confirmed: boolean;
};

export interface SubmissionLists {
  volunteer: Volunteer[];
  partner: Partner[];
  advocate: Advocate[];
  newsletter: NewsletterSubscription[];
  contact: ContactMessage[];
}

/** Rows per kind that GET /api/submissions answers when no `limit` is given. */
export const SUBMISSION_LIST_DEFAULT = 100;

const submissionType = z.enum(SUBMISSION_TYPES, { error: () => t('submission.invalidType') });

/** GET /api/submissions: every kind's first page, or one kind's page after `before`. */
export const submissionListQuery = z
  .object({
    type: submissionType.optional().describe('Only this kind (needed with `before`)'),
    limit: pageLimit
      .optional()
      .describe(
        `Rows per kind, ${SUBMISSION_LIST_DEFAULT} when not given: 1 to ${SUBMISSION_LIST_DEFAULT} for all kinds, up to ${PAGE_SIZE.max} with \`type\``,
      ),
    before: pageCursor.optional(),
  })
  .refine((q) => q.before === undefined || q.type !== undefined, {
    path: ['type'],
    error: () => t('submission.cursorNeedsType'),
  })
  // All five kinds at once stay at the default page, so no answer grows past a few megabytes.
  .refine((q) => q.type !== undefined || (q.limit ?? 0) <= SUBMISSION_LIST_DEFAULT, {
    path: ['limit'],
    error: () => t('submission.limitNeedsType', { max: SUBMISSION_LIST_DEFAULT }),
  });
export type SubmissionListQuery = z.output<typeof submissionListQuery>;

export type SubmissionListAnswer = SubmissionLists & {
  next: Record<SubmissionType, string | null>;
  counts: Record<SubmissionType, number>;
};

/** What staff can narrow a list to: a name or email containing the text, and a status. */
export const submissionFilters = z.object({
  q: optionalText(TEXT_LIMITS.short).describe('Only entries whose name or email contains this text'),
  status: z
    .enum([...REVIEW_STATUSES, ...NEWSLETTER_STATUSES], { error: () => t('submission.invalidStatus') })
    .optional()
    .describe('Only entries with this status'),
});
export type SubmissionFilters = z.input<typeof submissionFilters>;

/** submission.page: one kind's page, for the dashboard's lists. */
export const submissionPageInput = submissionFilters.extend({
  type: submissionType,
  limit: pageLimit.optional(),
  cursor: pageCursor.optional(),
});

/** A note staff add to one submission. */
export const noteInput = z.object({
  type: submissionType,
  id: z.string().max(2048),
  body: requiredText(TEXT_LIMITS.long),
});

/** GET /api/submissions/{type}.csv */
export const exportInput = submissionFilters.extend({ type: submissionType });

/** The statuses an admin may set, per submission type. */
export const statusesFor = (type: StatusType) => (type === 'newsletter' ? NEWSLETTER_STATUSES : REVIEW_STATUSES);

/** Which submission a status change is for: REST takes it from the path, tRPC from the input. */
export const statusTargetInput = z.object({
  type: z.enum(STATUS_TYPES, { error: () => t('submission.invalidType') }),
  /** Ids that are not well formed are simply not found. */
  id: z.string().max(2048),
});

/** Which submission to delete: any of the five kinds. */
export const submissionTargetInput = z.object({
  type: submissionType,
  id: z.string().max(2048),
});

export const statusUpdateInput = z.object({
  status: z
    .string({ error: () => t('submission.invalidStatus') })
    .min(1, { error: () => t('submission.invalidStatus') })
    // For the document: which of these a type takes is checked by the server (see statusesFor).
    .meta({
      enum: [...REVIEW_STATUSES, ...NEWSLETTER_STATUSES],
      description: `${REVIEW_STATUSES.join(', ')} for volunteer, partner and advocate; ${NEWSLETTER_STATUSES.join(', ')} for newsletter`,
    }),
});
