/**
 * Newsletter editions: what an editor sends, what the staff routes answer, and the public
 * archive's shapes. One schema for each REST route and its tRPC twin, and for the editor's form.
 */
import { z } from 'zod';
import { MARKDOWN_BOUND_MESSAGES, MARKDOWN_LIMITS, markdownPastBound } from '../markdown-bounds';
import { t } from '../messages';
import { hasNoNul, oneLine, requiredOrInvalid } from './fields';
import { pageCursor, pageNext } from './pages';

export const EDITION_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent'] as const;
export type EditionStatus = (typeof EDITION_STATUSES)[number];

/** The most Markdown one language's body may hold, in bytes of UTF-8. */
export const EDITION_BODY_MAX_BYTES = 200 * 1024;
export const EDITION_SUBJECT_MAX = 200;
export const EDITIONS_PAGE_SIZE = { default: 20, max: 100 } as const;
/** The farthest ahead a send may be scheduled. */
export const EDITION_SCHEDULE_MAX_DAYS = 366;

const utf8Bytes = (v: string) => new TextEncoder().encode(v).length;

const subjectText = () =>
  z
    .string({ error: requiredOrInvalid })
    // A subject is a mail header: line breaks and other control characters become spaces.
    .transform(oneLine)
    .pipe(z.string().max(EDITION_SUBJECT_MAX, { error: () => t('validation.tooLong', { max: EDITION_SUBJECT_MAX }) }));
const requiredSubject = () => subjectText().pipe(z.string().min(1, { error: () => t('validation.required') }));
const optionalSubject = () =>
  subjectText()
    .nullish()
    .transform((v) => v ?? '');

// The character limit stops a huge body before the byte count reads it (a character is at most 4 bytes).
// Past the size, the nesting and emphasis that make rendering slow (shared/markdown-bounds.ts).
const markdownText = () =>
  z
    .string({ error: requiredOrInvalid })
    .max(EDITION_BODY_MAX_BYTES, { error: () => t('editions.tooLong', { max: '200 kB' }), abort: true })
    .refine((v) => utf8Bytes(v) <= EDITION_BODY_MAX_BYTES, {
      error: () => t('editions.tooLong', { max: '200 kB' }),
      abort: true,
    })
    .refine(hasNoNul, { error: () => t('request.invalid') })
    .superRefine((v, ctx) => {
      const bound = markdownPastBound(v);
      if (bound)
        ctx.addIssue({ code: 'custom', message: t(MARKDOWN_BOUND_MESSAGES[bound], { max: MARKDOWN_LIMITS[bound] }) });
    });
const requiredBody = () => markdownText().refine((v) => v.trim() !== '', { error: () => t('validation.required') });
const optionalBody = () =>
  markdownText()
    .nullish()
    .transform((v) => v ?? '');

const campaignId = z
  .string({ error: () => t('request.invalid') })
  .max(64, { error: () => t('editions.campaignNotFound') })
  .nullish()
  .transform((v) => (v ? v : null))
  .describe('A campaign to feature as a card with its picture, progress and a Give link');

/** POST /api/newsletters and PUT /api/newsletters/{id}: the whole edition. */
export const editionInput = z
  .object({
    subject: requiredSubject().describe('The English subject'),
    subjectHa: optionalSubject().describe('The Hausa subject; with the Hausa body, or both empty'),
    body: requiredBody().describe(
      `The English body, in Markdown: at most 200 kB, quotes and lists at most ${MARKDOWN_LIMITS.nesting} deep, at most ${MARKDOWN_LIMITS.emphasisRuns} runs of *, _ or ~ a paragraph`,
    ),
    bodyHa: optionalBody().describe('The Hausa body, in Markdown; empty sends the English to Hausa readers'),
    campaignId,
  })
  // The Hausa half is both a subject and a body, or neither (Hausa readers then get the English).
  .superRefine((v, ctx) => {
    const subjectGiven = v.subjectHa !== '';
    const bodyGiven = v.bodyHa.trim() !== '';
    if (subjectGiven && !bodyGiven)
      ctx.addIssue({ code: 'custom', path: ['bodyHa'], message: t('validation.required') });
    if (bodyGiven && !subjectGiven)
      ctx.addIssue({ code: 'custom', path: ['subjectHa'], message: t('validation.required') });
  });
export type EditionInput = z.input<typeof editionInput>;
export type EditionData = z.output<typeof editionInput>;

/** An edition named by its id (a malformed one is not found, as everywhere in the API). */
export const editionId = z.object({ id: z.string().max(64) });

/** PUT /api/newsletters/{id} and newsletters.update. */
export const editionUpdateInput = editionId.extend({ data: editionInput });

/** POST /api/newsletters/{id}/send: now, or at a later instant (the dashboard picks it in Lagos time). */
export const editionSendBody = z.object({
  at: z
    .string({ error: () => t('editions.badTime') })
    .max(40, { error: () => t('editions.badTime') })
    // With its offset (or Z): a bare wall-clock time would be read in the server's zone.
    .refine(
      (v) =>
        /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)$/.test(v) && !Number.isNaN(Date.parse(v)),
      {
        error: () => t('editions.badTime'),
      },
    )
    .nullish()
    .describe('When to send, as an ISO 8601 instant with its offset; absent or null: now'),
});
export const editionSendInput = editionId.extend(editionSendBody.shape);

/** GET /api/newsletters and newsletters.list: newest first, a page at a time. */
export const editionListQuery = z.object({
  limit: z.coerce
    .number({ error: () => t('request.invalid') })
    .int({ error: () => t('request.invalid') })
    .min(1, { error: () => t('request.invalid') })
    .max(EDITIONS_PAGE_SIZE.max, { error: () => t('request.invalid') })
    .optional()
    .describe(`Editions per page, 1 to ${EDITIONS_PAGE_SIZE.max} (${EDITIONS_PAGE_SIZE.default} when not given)`),
  before: pageCursor.optional(),
});
export type EditionListQuery = z.output<typeof editionListQuery>;

/**
 * newsletters.preview: the mail a reader in `language` would get, from the editor's text as it
 * stands (unsaved, possibly incomplete): the same fallback to English as a send.
 */
export const editionPreviewInput = z.object({
  language: z.enum(['en', 'ha']),
  subject: z.string().max(EDITION_SUBJECT_MAX * 2),
  subjectHa: z.string().max(EDITION_SUBJECT_MAX * 2),
  body: optionalBody(),
  bodyHa: optionalBody(),
  campaignId,
});
export type EditionPreviewInput = z.output<typeof editionPreviewInput>;

const instant = z.string().describe('An ISO 8601 instant in UTC');

export const editionCounts = z.object({
  recipients: z.number().int().describe('Who will get it, or got it: confirmed, active subscribers'),
  queued: z.number().int().describe('Messages waiting to go (or being sent)'),
  sent: z.number().int().describe('Messages accepted by the mail server'),
  failed: z.number().int().describe('Messages given up'),
});
export type EditionCounts = z.output<typeof editionCounts>;

export const editionSummary = z.object({
  id: z.string().describe('A UUIDv7, made by the server'),
  subject: z.string(),
  subjectHa: z.string(),
  status: z.enum(EDITION_STATUSES),
  sendAt: instant.nullable().describe('When a scheduled edition is due'),
  startedAt: instant.nullable().describe('When sending began'),
  sentAt: instant.nullable().describe('When the last message was delivered or given up'),
  createdAt: instant,
  updatedAt: instant,
  counts: editionCounts,
});
export type EditionSummary = z.output<typeof editionSummary>;

export const edition = editionSummary.extend({
  body: z.string(),
  bodyHa: z.string(),
  campaignId: z.string().nullable(),
  audience: z
    .object({ en: z.number().int(), ha: z.number().int() })
    .describe('Confirmed, active subscribers by their language: who a send now would reach'),
});
export type Edition = z.output<typeof edition>;

export const editionPage = z.object({ items: z.array(editionSummary), next: pageNext });
export const editionSaved = z.object({ message: z.string(), data: edition });
export const editionDeleted = z.object({ message: z.string(), data: z.object({ id: z.string() }) });
export const editionTested = z.object({
  message: z.string(),
  data: z.object({ to: z.string(), languages: z.array(z.enum(['en', 'ha'])) }),
});
export const editionPreview = z.object({ subject: z.string(), html: z.string() });

/** The public archive: sent editions, newest first. */
export const archiveListInput = z.object({ before: pageCursor.optional() });
export const ARCHIVE_PAGE_SIZE = 12;

export interface ArchiveItem {
  id: string;
  subject: string;
  /** The language of the subject shown: English stands in for a missing Hausa text. */
  language: 'en' | 'ha';
  startedAt: string;
  /** The first words of the body, as plain text. */
  excerpt: string;
}

export interface ArchiveCampaign {
  id: string;
  title: string;
  titleLanguage: 'en' | 'ha';
  image: string;
  target: number;
  amountRaised: number;
}

export interface ArchiveEdition {
  id: string;
  subject: string;
  language: 'en' | 'ha';
  startedAt: string;
  /** The body, rendered and sanitised on the server: safe to set as HTML. */
  html: string;
  campaign: ArchiveCampaign | null;
}

export const ARCHIVE_PATH = '/newsletter';
export const editionPath = (id: string) => `${ARCHIVE_PATH}/${id}`;
