/**
 * What a translated text must keep of its English: the same placeholders, each written no more
 * often than the catalogue writes it, each plural still a plural with an `other` form, balanced
 * braces, a length in proportion to the catalogue's text, and (in Hausa) the glossary's
 * renderings. One rule for the catalogue check (scripts/i18n), the server when staff save a text,
 * and the Texts screen before it sends one.
 */
import { t } from '.';
import { placeholderCounts, placeholdersOf, pluralsOf } from './format-message';
import { glossaryMisses } from './glossary';

export type TextProblem =
  | { kind: 'empty' }
  | { kind: 'braces' }
  | { kind: 'characters' }
  | { kind: 'length'; max: number }
  | { kind: 'placeholders'; missing: string[]; extra: string[] }
  | { kind: 'repeated'; name: string; max: number }
  | { kind: 'plural'; name: string }
  | { kind: 'glossary'; term: string; hausa: string };

/**
 * A text may be three times as long as the catalogue's (a correction rewords, it does not add a
 * page), and at least this long, so a short label can still be said in other words.
 */
export const TEXT_LENGTH = { times: 3, least: 80 } as const;
/** A mail's subject: what a mail program shows of it, well inside a header line's 998 characters. */
export const SUBJECT_MAX = 150;
/** Keys whose text is a subject line (mail.receipt.subject, editions.testSubject). */
const SUBJECT_KEY = /(?:^|\.)(?:subject|\w+Subject)$/;

/** The longest a text of `key` may be, given the catalogue's texts of it. */
export function maxTextLength(key: string, catalogue: readonly string[]): number {
  const longest = Math.max(0, ...catalogue.map((text) => text.length));
  const max = Math.max(TEXT_LENGTH.least, TEXT_LENGTH.times * longest);
  return SUBJECT_KEY.test(key) ? Math.min(max, SUBJECT_MAX) : max;
}

/**
 * What a text is measured against beyond its English: its key, and the catalogue's text in the
 * language it is written in (a Hausa correction may be as long, and name a placeholder as often,
 * as the catalogue's Hausa or its English).
 */
export interface TextBasis {
  key: string;
  catalogue?: string;
}

/** Control characters but the line break. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F]/;

/** Whether every `{` has its `}`, and no `}` comes first. */
function bracesBalanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === '{') depth++;
    else if (c === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The problems of `text` as the translation (or the new English) of the message `basis.key`, whose
 * English is `english`.
 */
export function textProblems(english: string, text: string, locale: 'en' | 'ha', basis: TextBasis): TextProblem[] {
  if (text.trim() === '') return [{ kind: 'empty' }];
  if (!bracesBalanced(text)) return [{ kind: 'braces' }];
  // A mail's subject or a page's title is one line: a line break only where the English has one.
  if (CONTROL.test(text) || (text.includes('\n') && !english.includes('\n'))) return [{ kind: 'characters' }];
  const catalogue = basis.catalogue === undefined ? [english] : [english, basis.catalogue];
  // Every page carries its texts, and every mail's subject is a header: a text stays in proportion.
  const max = maxTextLength(basis.key, catalogue);
  if (text.length > max) return [{ kind: 'length', max }];
  const problems: TextProblem[] = [];
  const want = placeholdersOf(english);
  const have = placeholdersOf(text);
  const missing = want.filter((name) => !have.includes(name));
  const extra = have.filter((name) => !want.includes(name));
  if (missing.length || extra.length) problems.push({ kind: 'placeholders', missing, extra });
  // A placeholder filled with a visitor's words or a reference, written a hundred times, would
  // make a page or a subject a hundred times as long as the catalogue's.
  const written = catalogue.map(placeholderCounts);
  for (const [name, count] of placeholderCounts(text)) {
    const most = Math.max(...written.map((counts) => counts.get(name) ?? 0));
    if (most > 0 && count > most) problems.push({ kind: 'repeated', name, max: most });
  }
  const plurals = pluralsOf(text);
  for (const [name] of pluralsOf(english)) {
    const forms = plurals.get(name);
    if (have.includes(name) && !forms?.has('other')) problems.push({ kind: 'plural', name });
  }
  if (locale === 'ha')
    for (const miss of glossaryMisses(english, text))
      problems.push({ kind: 'glossary', term: miss.term, hausa: miss.hausa });
  return problems;
}

/** A problem in plain English, for the developers' catalogue check. */
export function describeTextProblem(problem: TextProblem): string {
  switch (problem.kind) {
    case 'empty':
      return 'is empty';
    case 'braces':
      return 'has a brace without its pair';
    case 'characters':
      return 'has a line break or a control character where the English has none';
    case 'length':
      return `is longer than ${problem.max} characters`;
    case 'repeated':
      return `writes {${problem.name}} more than ${problem.max === 1 ? 'once' : `${problem.max} times`}, as the English does`;
    case 'placeholders':
      return [
        problem.missing.length ? `lacks {${problem.missing.join('}, {')}}` : '',
        problem.extra.length ? `has {${problem.extra.join('}, {')}}, which the English has not` : '',
      ]
        .filter(Boolean)
        .join(' and ');
    case 'plural':
      return `breaks the plural of {${problem.name}} (it needs its forms, "other" included)`;
    case 'glossary':
      return `renders "${problem.term}" otherwise than the glossary's "${problem.hausa}"`;
  }
}

/** A problem in the words of the reader's language (the staff's), for the Texts screen and its API. */
export function textProblemMessage(problem: TextProblem): string {
  const names = (list: string[]) => list.map((name) => `{${name}}`).join(', ');
  switch (problem.kind) {
    case 'empty':
      return t('texts.problem.empty');
    case 'braces':
      return t('texts.problem.braces', { braces: '{ }' });
    case 'characters':
      return t('texts.problem.characters');
    case 'length':
      return t('texts.problem.length', { max: problem.max });
    case 'repeated':
      return t('texts.problem.repeated', { name: `{${problem.name}}`, count: problem.max });
    case 'placeholders':
      return problem.missing.length
        ? t('texts.problem.missing', { names: names(problem.missing) })
        : t('texts.problem.extra', { names: names(problem.extra) });
    case 'plural':
      return t('texts.problem.plural', { name: `{${problem.name}}` });
    case 'glossary':
      return t('texts.problem.glossary', { term: problem.term, hausa: problem.hausa });
  }
}
