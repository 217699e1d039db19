/**
 * The Texts screen's work (REST in rest.ts, tRPC in router.ts, one call each): every interface
 * message with its catalogue texts, staff's corrections and review marks; correcting a text,
 * taking it back to the catalogue's, and marking it reviewed. A correction keeps the English's
 * placeholders, plurals and (in Hausa) the glossary's words (shared/messages/text-rules.ts); the
 * REST contract's messages and the spec's English stay as written (shared/messages/locked-texts.ts).
 */

import { type Locale, t } from '../../shared/messages';
import { CATALOGUE_GROUPS } from '../../shared/messages/catalogue-files';
import { placeholdersOf } from '../../shared/messages/format-message';
import { lockedLanguages } from '../../shared/messages/locked-texts';
import { type TextProblem, textProblemMessage, textProblems } from '../../shared/messages/text-rules';
import {
  TEXTS_PAGE_SIZE,
  type TextInput,
  type TextItem,
  type TextsAnswer,
  type TextsQuery,
} from '../../shared/schemas/texts';
import { type Actor, audit } from '../audit/audit';
import type { DB } from '../db/database';
import type { Row } from '../db/schema';
import type { Deps } from '../deps';
import { NotFoundError, ValidationError } from '../errors';
import { freshOverrides } from './overrides';
import { placeOf } from './places';

interface Entry {
  key: string;
  group: string;
  place: string;
  en: string;
  ha: string;
  placeholders: string[];
  /** The languages staff cannot correct it in (shared/messages/locked-texts.ts). */
  locked: readonly Locale[];
}

const ENTRIES: Entry[] = CATALOGUE_GROUPS.flatMap(({ group, en, ha }) =>
  Object.entries(en).map(([key, english]) => ({
    key,
    group,
    place: placeOf(key),
    en: english,
    ha: ha[key] ?? '',
    placeholders: placeholdersOf(english),
    locked: lockedLanguages(key),
  })),
);
const BY_KEY = new Map(ENTRIES.map((entry, index) => [entry.key, { entry, index }]));

type OverrideRow = Pick<
  Row<'text_overrides'>,
  'key' | 'locale' | 'text' | 'englishThen' | 'reviewedText' | 'reviewedByName' | 'reviewedAt'
>;
type Rows = Map<string, Partial<Record<Locale, OverrideRow>>>;

const COLUMNS = ['key', 'locale', 'text', 'englishThen', 'reviewedText', 'reviewedByName', 'reviewedAt'] as const;

async function rowsOf(db: DB, keys?: string[]): Promise<Rows> {
  let query = db.selectFrom('text_overrides').select(COLUMNS);
  if (keys) query = query.where('key', 'in', keys);
  const rows: Rows = new Map();
  for (const row of await query.execute()) rows.set(row.key, { ...rows.get(row.key), [row.locale]: row });
  return rows;
}

/**
 * Staff's correction in force: none where it reads as the catalogue does (once a developer has
 * pulled it into the code, npm run i18n:pull, and it is deployed), nor where the text is locked
 * (one stored before the lock stays out of force, of the list and of the PO files).
 */
const correctionOf = (entry: Entry, row: OverrideRow | undefined, locale: Locale) =>
  row?.text != null && row.text !== entry[locale] && !entry.locked.includes(locale) ? row.text : undefined;
/** What a text reads as in a language: staff's correction, else the catalogue's. */
const shown = (entry: Entry, row: OverrideRow | undefined, locale: Locale) =>
  correctionOf(entry, row, locale) ?? entry[locale];
const isReviewed = (entry: Entry, row: OverrideRow | undefined, locale: Locale) =>
  row?.reviewedText != null && row.reviewedText === shown(entry, row, locale);
/**
 * What today's rules for a text refuse in staff's correction: nothing when it was saved under
 * them, but a glossary term or a length rule added since (or a placeholder the English dropped)
 * can break a correction written before.
 */
function correctionProblem(entry: Entry, row: OverrideRow | undefined): TextProblem | undefined {
  const text = row && correctionOf(entry, row, row.locale);
  return text === undefined
    ? undefined
    : textProblems(entry.en, text, row!.locale, { key: entry.key, catalogue: entry[row!.locale] })[0];
}
/** A correction written before the English changed, or that today's rules refuse: it needs a look. */
const isStale = (entry: Entry, row: OverrideRow | undefined) =>
  row !== undefined &&
  correctionOf(entry, row, row.locale) !== undefined &&
  (row.englishThen !== entry.en || correctionProblem(entry, row) !== undefined);

function itemOf(entry: Entry, rows: Partial<Record<Locale, OverrideRow>> | undefined, locale: Locale): TextItem {
  const row = rows?.[locale];
  const override: TextItem['override'] = {};
  const en = correctionOf(entry, rows?.en, 'en');
  const ha = correctionOf(entry, rows?.ha, 'ha');
  if (en !== undefined) override.en = en;
  if (ha !== undefined) override.ha = ha;
  const reviewed = isReviewed(entry, row, locale);
  const problem = correctionProblem(entry, row) ?? correctionProblem(entry, rows?.[locale === 'ha' ? 'en' : 'ha']);
  return {
    key: entry.key,
    group: entry.group,
    place: entry.place,
    en: entry.en,
    ha: entry.ha,
    override,
    ...(reviewed
      ? { reviewedBy: row!.reviewedByName ?? '', reviewedAt: new Date(row!.reviewedAt!).toISOString() }
      : {}),
    placeholders: entry.placeholders,
    stale: isStale(entry, rows?.en) || isStale(entry, rows?.ha),
    ...(problem ? { problem: textProblemMessage(problem) } : {}),
    locked: [...entry.locked],
  };
}

function matches(
  entry: Entry,
  rows: Partial<Record<Locale, OverrideRow>> | undefined,
  query: TextsQuery,
  locale: Locale,
) {
  const row = rows?.[locale];
  switch (query.filter) {
    case 'unreviewed':
      if (isReviewed(entry, row, locale)) return false;
      break;
    case 'changed':
      if (correctionOf(entry, row, locale) === undefined) return false;
      break;
    case 'placeholders':
      if (placeholdersOf(shown(entry, row, locale)).join() === entry.placeholders.join()) return false;
      break;
    case 'stale':
      if (!isStale(entry, row)) return false;
      break;
  }
  const words = query.q?.trim().toLowerCase();
  if (!words) return true;
  return [entry.key, entry.en, entry.ha, rows?.en?.text, rows?.ha?.text].some((text) =>
    text?.toLowerCase().includes(words),
  );
}

export async function listTexts(deps: Pick<Deps, 'db'>, query: TextsQuery): Promise<TextsAnswer> {
  const locale = query.locale ?? 'ha';
  const limit = query.limit ?? TEXTS_PAGE_SIZE.default;
  let start = 0;
  if (query.before !== undefined) {
    const after = BY_KEY.get(query.before);
    if (!after) throw new ValidationError(t('request.invalidCursor'));
    start = after.index + 1;
  }
  const rows = await rowsOf(deps.db);
  const counts = { total: ENTRIES.length, reviewed: 0, changed: 0 };
  for (const entry of ENTRIES) {
    const row = rows.get(entry.key)?.[locale];
    if (isReviewed(entry, row, locale)) counts.reviewed++;
    if (correctionOf(entry, row, locale) !== undefined) counts.changed++;
  }
  const items: TextItem[] = [];
  let next: string | null = null;
  for (let i = start; i < ENTRIES.length; i++) {
    const entry = ENTRIES[i]!;
    const entryRows = rows.get(entry.key);
    if (!matches(entry, entryRows, query, locale)) continue;
    if (items.length === limit) {
      next = items[items.length - 1]!.key;
      break;
    }
    items.push(itemOf(entry, entryRows, locale));
  }
  return { items, next, counts };
}

/** Why a text cannot change: the REST contract (both languages), or the spec's wording (English). */
const lockMessage = (locked: readonly Locale[]) => t(locked.includes('ha') ? 'texts.lockedApi' : 'texts.locked');

function entryOf(key: string): Entry {
  const found = BY_KEY.get(key);
  if (!found) throw new NotFoundError(t('request.notFound'));
  return found.entry;
}

async function itemAfterChange(deps: Pick<Deps, 'db' | 'publicDataVersion'>, entry: Entry, locale: Locale) {
  // Every instance has dropped its pages in the old words, and this one reads the new ones.
  await deps.publicDataVersion.settle();
  await freshOverrides(deps);
  return itemOf(entry, (await rowsOf(deps.db, [entry.key])).get(entry.key), locale);
}

export async function setText(
  deps: Pick<Deps, 'db' | 'publicDataVersion' | 'now'>,
  key: string,
  input: TextInput,
  actor: Actor,
): Promise<TextItem> {
  const entry = entryOf(key);
  const { locale } = input;
  if (entry.locked.includes(locale)) {
    const message = lockMessage(entry.locked);
    throw new ValidationError(message, [{ path: 'text', message }]);
  }
  const text = input.text.trim();
  const problems = textProblems(entry.en, text, locale, { key, catalogue: entry[locale] });
  if (problems.length) {
    const message = textProblemMessage(problems[0]!);
    throw new ValidationError(message, [{ path: 'text', message }]);
  }
  // The catalogue's own words are no correction.
  if (text === entry[locale]) return resetText(deps, key, locale, actor);
  const value = text;
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const changed = await trx
      .insertInto('text_overrides')
      .values({ key, locale, text: value, englishThen: entry.en, changedBy: actor.id, changedAt: now })
      .onConflict((oc) =>
        oc
          .columns(['key', 'locale'])
          .doUpdateSet({ text: value, englishThen: entry.en, changedBy: actor.id, changedAt: now })
          .where('text_overrides.text', 'is distinct from', value),
      )
      .returning('key')
      .executeTakeFirst();
    if (changed) await audit(trx, actor, 'text.changed', key, locale);
  });
  return itemAfterChange(deps, entry, locale);
}

export async function resetText(
  deps: Pick<Deps, 'db' | 'publicDataVersion'>,
  key: string,
  locale: Locale,
  actor: Actor,
): Promise<TextItem> {
  const entry = entryOf(key);
  await deps.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('text_overrides')
      .set({ text: null })
      .where('key', '=', key)
      .where('locale', '=', locale)
      .where('text', 'is not', null)
      .returning('key')
      .executeTakeFirst();
    if (!changed) return;
    // A row with no correction and no review mark says nothing.
    await trx
      .deleteFrom('text_overrides')
      .where('key', '=', key)
      .where('locale', '=', locale)
      .where('reviewedText', 'is', null)
      .execute();
    await audit(trx, actor, 'text.reset', key, locale);
  });
  return itemAfterChange(deps, entry, locale);
}

export async function reviewText(
  deps: Pick<Deps, 'db' | 'publicDataVersion' | 'now'>,
  key: string,
  locale: Locale,
  actor: Actor,
): Promise<TextItem> {
  const entry = entryOf(key);
  await deps.db.transaction().execute(async (trx) => {
    const person = actor.id
      ? await trx.selectFrom('admin_users').select(['name', 'email']).where('id', '=', actor.id).executeTakeFirst()
      : undefined;
    const name = person?.name || person?.email || actor.name;
    // The text as it reads now, in this transaction: the mark is for these words.
    const row = await trx
      .selectFrom('text_overrides')
      .select('text')
      .where('key', '=', key)
      .where('locale', '=', locale)
      .forUpdate()
      .executeTakeFirst();
    const reviewedText = row?.text ?? entry[locale];
    const mark = { reviewedText, reviewedBy: actor.id, reviewedByName: name, reviewedAt: deps.now() };
    await trx
      .insertInto('text_overrides')
      .values({ key, locale, ...mark })
      .onConflict((oc) => oc.columns(['key', 'locale']).doUpdateSet(mark))
      .execute();
    await audit(trx, actor, 'text.reviewed', key, locale);
  });
  return itemOf(entry, (await rowsOf(deps.db, [entry.key])).get(entry.key), locale);
}

/** A correction as the translators' tools write it out (scripts/i18n.ts). */
export interface Correction {
  /** Staff's text; undefined: the catalogue's. */
  text?: string;
  changedBy?: string;
  changedAt?: string;
  /** Written before the English changed, or refused by today's rules for texts. */
  stale: boolean;
  /** Present while the text as shown is the one reviewed. */
  reviewedBy?: string;
  reviewedAt?: string;
}

/** Every correction and review mark in force, by key and language, for the PO export and the pull. */
export async function corrections(db: DB): Promise<Map<string, Partial<Record<Locale, Correction>>>> {
  const rows = await db
    .selectFrom('text_overrides')
    .leftJoin('admin_users', 'admin_users.id', 'text_overrides.changedBy')
    .select([
      ...COLUMNS.map((column) => `text_overrides.${column}` as const),
      'text_overrides.changedAt',
      'admin_users.name',
      'admin_users.email',
    ])
    .execute();
  const result = new Map<string, Partial<Record<Locale, Correction>>>();
  for (const row of rows) {
    const entry = BY_KEY.get(row.key)?.entry;
    if (!entry) continue;
    const correction: Correction = { stale: isStale(entry, row) };
    const text = correctionOf(entry, row, row.locale);
    if (text !== undefined) {
      correction.text = text;
      correction.changedBy = row.name || row.email || undefined;
      correction.changedAt = row.changedAt ? new Date(row.changedAt).toISOString() : undefined;
    }
    if (isReviewed(entry, row, row.locale)) {
      correction.reviewedBy = row.reviewedByName ?? '';
      correction.reviewedAt = new Date(row.reviewedAt!).toISOString();
    }
    result.set(row.key, { ...result.get(row.key), [row.locale]: correction });
  }
  return result;
}
