/**
 * The interface texts staff correct (server/texts/): the list's query, a change, and what the
 * routes answer. One schema for each REST route and its tRPC twin, and for the Texts screen.
 */
import { z } from 'zod';
import { LOCALE_CODES, t } from '../messages';
import { queryInt } from './fields';

export const TEXT_FILTERS = ['unreviewed', 'changed', 'placeholders', 'stale'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];
export const TEXTS_PAGE_SIZE = { default: 50, max: 200 } as const;
/** Long enough for any catalogue text (the longest is under 1,000 characters). */
export const TEXT_MAX = 4000;

const locale = z.enum(LOCALE_CODES as ['en', 'ha'], { error: () => t('validation.choice') });

/** A message's key, as the catalogue writes it (letters, digits, dots, dashes, spaces, &). */
export const textKey = z
  .string()
  .max(100)
  .regex(/^[\w][\w .&'-]*$/, { error: () => t('request.notFound') })
  .describe('The message key, such as home.focusTitle');

/** GET /api/texts and texts.list: the catalogue's order, a page at a time. */
export const textsQuery = z.object({
  locale: locale.optional().describe('The language the filter and the review marks are about (ha when not given)'),
  q: z.string().max(200).optional().describe('Words in the key, the English or the Hausa'),
  filter: z
    .enum(TEXT_FILTERS, { error: () => t('validation.choice') })
    .optional()
    .describe(
      'unreviewed: not marked reviewed in that language; changed: corrected here; placeholders: placeholders differ from the English; stale: corrected here before the English changed, or in words the rules for texts now refuse',
    ),
  limit: queryInt(1, TEXTS_PAGE_SIZE.max, 'limit')
    .optional()
    .describe(`Texts per page, 1 to ${TEXTS_PAGE_SIZE.max} (${TEXTS_PAGE_SIZE.default} when not given)`),
  before: textKey.optional().describe('The `next` of the page before'),
});
export type TextsQuery = z.output<typeof textsQuery>;

/** PUT /api/texts/{key} and texts.set. */
export const textInput = z.object({
  locale,
  text: z
    .string({ error: () => t('validation.required') })
    .max(TEXT_MAX, { error: () => t('validation.tooLong', { max: TEXT_MAX }) })
    .describe('The new text, with the same placeholders and plurals as the English'),
});
export type TextInput = z.output<typeof textInput>;

/** DELETE /api/texts/{key}?locale= and POST /api/texts/{key}/review. */
export const textLocaleInput = z.object({ locale });

const instant = z.string().describe('An ISO 8601 instant in UTC');

export const textItem = z.object({
  key: z.string(),
  group: z.string().describe('The catalogue file the message belongs to, such as public or admin'),
  place: z.string().describe('Where the text appears: a page of the site or a screen of the dashboard'),
  en: z.string().describe("The catalogue's English"),
  ha: z.string().describe("The catalogue's Hausa"),
  override: z
    .object({ en: z.string().optional(), ha: z.string().optional() })
    .describe('What staff wrote in place of the catalogue text, per language'),
  reviewedBy: z
    .string()
    .optional()
    .describe('Who marked the text in the asked language reviewed, while it still reads so'),
  reviewedAt: instant.optional(),
  placeholders: z.array(z.string()).describe("The English text's placeholders, which every text keeps"),
  stale: z
    .boolean()
    .describe(
      'A correction written before the English changed, or that the rules for texts now refuse: it needs a look',
    ),
  problem: z
    .string()
    .optional()
    .describe(
      'What the rules for texts (placeholders, plurals, the glossary) now refuse in a correction in force, written before they did',
    ),
  locked: z
    .array(locale)
    .describe(
      "The languages in which the text cannot change here: both for a message the spec's REST paths answer with (the REST contract), English for the spec's other texts, none for the rest",
    ),
});
export type TextItem = z.output<typeof textItem>;

export const textsAnswer = z.object({
  items: z.array(textItem),
  next: z.string().nullable().describe('The key to send as `before`, or null at the end'),
  counts: z
    .object({ total: z.number().int(), reviewed: z.number().int(), changed: z.number().int() })
    .describe('Every text of the catalogue in the asked language: how many are reviewed and corrected here'),
});
export type TextsAnswer = z.output<typeof textsAnswer>;
