/**
 * What a translated text must keep of its English: the same placeholders, each plural still a
 * plural with an `other` form, balanced braces, and (in Hausa) the glossary's renderings. One
 * rule for the catalogue check (scripts/i18n), the server when staff save a text, and the Texts
 * screen before it sends one.
 */
import { t } from '.';
import { placeholdersOf, pluralsOf } from './format-message';
import { glossaryMisses } from './glossary';

export type TextProblem =
  | { kind: 'empty' }
  | { kind: 'braces' }
  | { kind: 'characters' }
  | { kind: 'placeholders'; missing: string[]; extra: string[] }
  | { kind: 'plural'; name: string }
  | { kind: 'glossary'; term: string; hausa: string };

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

/** The problems of `text` as the translation (or the new English) of a message whose English is `english`. */
export function textProblems(english: string, text: string, locale: 'en' | 'ha'): TextProblem[] {
  if (text.trim() === '') return [{ kind: 'empty' }];
  if (!bracesBalanced(text)) return [{ kind: 'braces' }];
  // A mail's subject or a page's title is one line: a line break only where the English has one.
  if (CONTROL.test(text) || (text.includes('\n') && !english.includes('\n'))) return [{ kind: 'characters' }];
  const problems: TextProblem[] = [];
  const want = placeholdersOf(english);
  const have = placeholdersOf(text);
  const missing = want.filter((name) => !have.includes(name));
  const extra = have.filter((name) => !want.includes(name));
  if (missing.length || extra.length) problems.push({ kind: 'placeholders', missing, extra });
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
