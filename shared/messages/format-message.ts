/**
 * Fills a catalogue text: `{name}` placeholders and ICU plurals
 * (`{count, plural, =0 {none} one {# campaign} other {# campaigns}}`), whose form is chosen by
 * the language's plural rules (`Intl.PluralRules`) and whose `#` is the number with Nigerian
 * thousands separators. Only what the catalogue uses: no select, no nesting of plurals.
 */

import { groupDigits } from '../nigerian-digits';

const pluralRules = new Map<string, Intl.PluralRules>();

function cached<T>(map: Map<string, T>, tag: string, make: () => T): T {
  let value = map.get(tag);
  if (!value) {
    value = make();
    map.set(tag, value);
  }
  return value;
}

/** Index just past the brace that closes the one opened at `open`. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** The `selector {text}` pairs of a plural's body. */
function pluralForms(body: string): Map<string, string> {
  const forms = new Map<string, string>();
  const selector = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/y;
  let at = 0;
  while (at < body.length) {
    selector.lastIndex = at;
    const match = selector.exec(body);
    if (!match) break;
    const open = selector.lastIndex - 1;
    const end = closingBrace(body, open);
    if (end === -1) break;
    forms.set(match[1]!, body.slice(open + 1, end - 1));
    at = end;
  }
  return forms;
}

function formatPlural(body: string, value: number, vars: Record<string, string | number>, tag: string): string {
  const forms = pluralForms(body);
  const rule = cached(pluralRules, tag, () => new Intl.PluralRules(tag)).select(value);
  const chosen = forms.get(`=${value}`) ?? forms.get(rule) ?? forms.get('other') ?? '';
  // Digits as en-NG writes them in both languages (browsers lack Hausa number data: shared/format.ts).
  const number = groupDigits(value);
  return formatMessage(chosen.replace(/#/g, number), vars, tag);
}

export function formatMessage(text: string, vars: Record<string, string | number> | undefined, tag: string): string {
  if (!vars || !text.includes('{')) return text;
  let out = '';
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    if (open === -1) break;
    const end = closingBrace(text, open);
    if (end === -1) break;
    out += text.slice(at, open);
    const inner = text.slice(open + 1, end - 1);
    const plural = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(inner);
    const name = plural ? plural[1]! : inner.trim();
    const value = vars[name];
    if (value === undefined) out += text.slice(open, end);
    else if (plural) out += formatPlural(plural[2]!, Number(value), vars, tag);
    else out += String(value);
    at = end;
  }
  return out + text.slice(at);
}

/**
 * How many times each placeholder is written in a text: a plural's variable once per plural, and
 * the placeholders inside its forms as often as the forms write them.
 */
export function placeholderCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  const scan = (part: string) => {
    let at = 0;
    while (at < part.length) {
      const open = part.indexOf('{', at);
      if (open === -1) return;
      const end = closingBrace(part, open);
      if (end === -1) return;
      const inner = part.slice(open + 1, end - 1);
      const plural = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(inner);
      if (plural) {
        add(plural[1]!);
        for (const form of pluralForms(plural[2]!).values()) scan(form);
      } else if (/^\s*\w+\s*$/.test(inner)) add(inner.trim());
      at = end;
    }
  };
  scan(text);
  return counts;
}

/** The placeholder names of a text (plural variables included), for the catalogue check. */
export const placeholdersOf = (text: string): string[] => [...placeholderCounts(text).keys()].sort();

/** Each plural of a text, by its variable, with its forms (`one`, `other`, `=0` …). */
export function pluralsOf(text: string): Map<string, Map<string, string>> {
  const plurals = new Map<string, Map<string, string>>();
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    if (open === -1) break;
    const end = closingBrace(text, open);
    if (end === -1) break;
    const plural = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(text.slice(open + 1, end - 1));
    if (plural) plurals.set(plural[1]!, pluralForms(plural[2]!));
    at = end;
  }
  return plurals;
}
