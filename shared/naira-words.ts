/**
 * An amount of naira in words, as a receipt writes it beside the figures so that neither can be
 * changed alone: "Five thousand naira", Hausa "Naira dubu biyar".
 *
 * English in the British way Nigerian cheques and receipts use: "and" before the last part of each
 * group ("One hundred and fifty naira", "Two thousand and five naira").
 *
 * Hausa: "Naira" first, then the number, largest part first, each later part joined by "da":
 * 1,250 is "dubu ɗaya da ɗari biyu da hamsin". A hundred alone is "ɗari" (the ₦100 note is "naira
 * ɗari"), a thousand "dubu ɗaya" (the ₦1,000 note), a million "miliyan ɗaya". A multiplier follows
 * its unit: "dubu ɗari biyu" is 200,000. Tens past twenty take their Arabic names (ashirin, talatin
 * …), teens "goma sha" and the unit.
 *
 * Since a count follows its unit, "dubu ashirin da biyar" could be 25,000 or 20,005: the words
 * after dubu (or miliyan) could go on counting thousands. So a last part under a hundred after a
 * larger one repeats the unit, "naira": 20,005 is "Naira dubu ashirin da naira biyar", 25,000
 * "Naira dubu ashirin da biyar" (where English says "and": "Twenty thousand and five naira"). A
 * last part from a hundred up needs no mark: "ɗari" cannot go on a count, so "dubu ɗaya da ɗari
 * biyar" is only 1,500. Every amount reads one way in both languages
 * (tests/shared/naira-words.test.ts reads the words back); docs/translation.md has the form.
 *
 * Whole naira only, as the site records gifts; up to 999 billion.
 */
import type { Locale } from './messages';

const EN_UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_SCALES = ['', 'thousand', 'million', 'billion'];

const HA_UNITS = ['sifili', 'ɗaya', 'biyu', 'uku', 'huɗu', 'biyar', 'shida', 'bakwai', 'takwas', 'tara'];
const HA_TENS = ['', 'goma', 'ashirin', 'talatin', "arba'in", 'hamsin', 'sittin', "saba'in", 'tamanin', "casa'in"];
const HA_SCALES = ['', 'dubu', 'miliyan', 'biliyan'];

const MAX = 999_999_999_999;

/** The groups of three digits, largest first, with their scale: 1_250_000 → [[1, 2], [250, 1], [0, 0]]. */
function groupsOf(n: number): [number, number][] {
  const groups: [number, number][] = [];
  for (let scale = 0; n > 0 || scale === 0; scale++, n = Math.floor(n / 1000)) groups.unshift([n % 1000, scale]);
  return groups;
}

/** 1..99 in English: "seven", "forty-two". */
function englishTens(n: number): string {
  if (n < 20) return EN_UNITS[n]!;
  const unit = n % 10;
  return unit === 0 ? EN_TENS[n / 10]! : `${EN_TENS[Math.floor(n / 10)]}-${EN_UNITS[unit]}`;
}

/** 1..999 in English: "three hundred and five". */
function englishHundreds(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return englishTens(rest);
  const head = `${EN_UNITS[hundreds]} hundred`;
  return rest === 0 ? head : `${head} and ${englishTens(rest)}`;
}

function englishNumber(n: number): string {
  if (n === 0) return EN_UNITS[0]!;
  const parts = groupsOf(n)
    .filter(([value]) => value > 0)
    .map(([value, scale]) => ({ value, words: [englishHundreds(value), EN_SCALES[scale]].filter(Boolean).join(' ') }));
  // "Two thousand and five": a last group under a hundred after a larger one takes "and".
  const last = parts[parts.length - 1]!;
  if (parts.length > 1 && last.value < 100) last.words = `and ${last.words}`;
  return parts.map((part) => part.words).join(' ');
}

/** 1..99 in Hausa: "biyar", "goma sha biyu", "ashirin da biyar". */
function hausaTens(n: number): string {
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  if (tens === 0) return HA_UNITS[unit]!;
  if (unit === 0) return HA_TENS[tens]!;
  return tens === 1 ? `goma sha ${HA_UNITS[unit]}` : `${HA_TENS[tens]} da ${HA_UNITS[unit]}`;
}

/** 1..999 in Hausa, its parts apart: [ "ɗari biyu", "hamsin" ] for 250. */
function hausaHundreds(n: number): string[] {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(hundreds === 1 ? 'ɗari' : `ɗari ${HA_UNITS[hundreds]}`);
  if (rest > 0) parts.push(hausaTens(rest));
  return parts;
}

function hausaNumber(n: number): string {
  if (n === 0) return HA_UNITS[0]!;
  const parts: string[] = [];
  for (const [value, scale] of groupsOf(n)) {
    if (value === 0) continue;
    // The count of a scale is one number: "dubu ɗari biyu da hamsin" is 250 thousand.
    if (scale > 0) parts.push(`${HA_SCALES[scale]} ${hausaHundreds(value).join(' da ')}`);
    // "dubu ashirin da naira biyar": 20,005, not 25,000.
    else if (parts.length > 0 && value < 100) parts.push(`naira ${hausaTens(value)}`);
    else parts.push(...hausaHundreds(value));
  }
  return parts.join(' da ');
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Whole naira in words in a language: "Twenty-five thousand naira", "Naira dubu ashirin da biyar". */
export function nairaInWords(amount: number, locale: Locale): string {
  if (!Number.isInteger(amount) || amount < 0 || amount > MAX) {
    throw new RangeError(`nairaInWords: ${amount} is not a whole amount from 0 to ${MAX}`);
  }
  return locale === 'ha' ? `Naira ${hausaNumber(amount)}` : capitalised(`${englishNumber(amount)} naira`);
}
