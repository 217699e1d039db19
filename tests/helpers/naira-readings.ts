/**
 * Every amount a reader can take an amount in words for, by the grammar of numbers in English or
 * Hausa rather than by the code that wrote them (shared/naira-words.ts): the parts largest first,
 * each a count and its unit. Words that read two ways give both amounts, so a test can say that
 * the words of each amount read as that amount alone.
 */
import type { Locale } from '../../shared/messages';

/** A way to read the words from some position: the value read so far and the position after it. */
type Reading = [value: number, next: number];

const HA_UNITS = ['', 'ɗaya', 'biyu', 'uku', 'huɗu', 'biyar', 'shida', 'bakwai', 'takwas', 'tara'];
const HA_TENS = ['', '', 'ashirin', 'talatin', "arba'in", 'hamsin', 'sittin', "saba'in", 'tamanin', "casa'in"];
const HA_SCALES: Record<string, number> = { biliyan: 1e9, miliyan: 1e6, dubu: 1e3 };

const EN_UNITS = [
  '',
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
const EN_SCALES: Record<string, number> = { billion: 1e9, million: 1e6, thousand: 1e3 };

const unitAt = (words: string[], i: number) => HA_UNITS.indexOf(words[i] ?? '');

/** Hausa 1..99: "biyar", "goma", "goma sha biyu", "ashirin", "ashirin da biyar". */
function hausaTens(words: string[], i: number): Reading[] {
  const found: Reading[] = [];
  if (unitAt(words, i) > 0) found.push([unitAt(words, i), i + 1]);
  if (words[i] === 'goma') {
    found.push([10, i + 1]);
    if (words[i + 1] === 'sha' && unitAt(words, i + 2) > 0) found.push([10 + unitAt(words, i + 2), i + 3]);
  }
  const tens = HA_TENS.indexOf(words[i] ?? '');
  if (tens >= 2) {
    found.push([tens * 10, i + 1]);
    if (words[i + 1] === 'da' && unitAt(words, i + 2) > 0) found.push([tens * 10 + unitAt(words, i + 2), i + 3]);
  }
  return found;
}

/** Hausa 1..999: "ɗari", "ɗari biyu", "ɗari biyu da hamsin", or 1..99. */
function hausaCount(words: string[], i: number): Reading[] {
  const found = hausaTens(words, i);
  if (words[i] !== 'ɗari') return found;
  const hundreds: Reading[] = [[100, i + 1]];
  if (unitAt(words, i + 1) > 0) hundreds.push([100 * unitAt(words, i + 1), i + 2]);
  for (const [value, next] of hundreds) {
    found.push([value, next]);
    if (words[next] === 'da') for (const [rest, end] of hausaTens(words, next + 1)) found.push([value + rest, end]);
  }
  return found;
}

/**
 * One part of a Hausa amount: "dubu" or "miliyan" and its count, or a count of naira. A count
 * follows its unit and runs on as far as the words make one number, so a count of naira after a
 * larger part starts where no count can go on: at "naira" (20,005: "dubu ashirin da naira
 * biyar") or at "ɗari", which only begins a count (1,500: "dubu ɗaya da ɗari biyar").
 */
function hausaPart(words: string[], i: number, first: boolean): [Reading, number][] {
  const scale = HA_SCALES[words[i] ?? ''];
  if (scale) return hausaCount(words, i + 1).map(([count, next]) => [[count * scale, next], scale]);
  if (!first && words[i] !== 'naira' && words[i] !== 'ɗari') return [];
  const start = words[i] === 'naira' ? i + 1 : i;
  return hausaCount(words, start).map((reading) => [reading, 1]);
}

/** English 1..99: "five", "fifteen", "twenty", "twenty-five". */
function englishTens(words: string[], i: number): Reading[] {
  const word = words[i] ?? '';
  const [tens, unit] = word.split('-');
  if (unit !== undefined) {
    const t = EN_TENS.indexOf(tens!);
    const u = EN_UNITS.indexOf(unit);
    return t >= 2 && u >= 1 && u <= 9 ? [[t * 10 + u, i + 1]] : [];
  }
  if (EN_UNITS.indexOf(word) > 0) return [[EN_UNITS.indexOf(word), i + 1]];
  if (EN_TENS.indexOf(word) >= 2) return [[EN_TENS.indexOf(word) * 10, i + 1]];
  return [];
}

/** English 1..999: "five", "one hundred", "one hundred and five". */
function englishCount(words: string[], i: number): Reading[] {
  const found = englishTens(words, i);
  const unit = EN_UNITS.indexOf(words[i] ?? '');
  if (unit >= 1 && unit <= 9 && words[i + 1] === 'hundred') {
    found.push([unit * 100, i + 2]);
    const rest = words[i + 2] === 'and' ? i + 3 : i + 2;
    for (const [tens, end] of englishTens(words, rest)) found.push([unit * 100 + tens, end]);
  }
  return found;
}

/** One part of an English amount: a count, then "thousand", "million" or none; maybe "and" first. */
function englishPart(words: string[], i: number, _first: boolean): [Reading, number][] {
  const start = words[i] === 'and' ? i + 1 : i;
  return englishCount(words, start).map(([count, next]): [Reading, number] => {
    const scale = EN_SCALES[words[next] ?? ''];
    return scale ? [[count * scale, next + 1], scale] : [[count, next], 1];
  });
}

/** The amounts the words can be read as, largest part first, each part of a smaller scale than the last. */
export function readingsOf(text: string, locale: Locale): number[] {
  const lower = text.toLowerCase();
  const words = locale === 'ha' ? lower.replace(/^naira /, '').split(' ') : lower.replace(/ naira$/, '').split(' ');
  if (words.length === 1 && words[0] === (locale === 'ha' ? 'sifili' : 'zero')) return [0];
  const part = locale === 'ha' ? hausaPart : englishPart;
  const amounts = new Set<number>();
  const walk = (i: number, total: number, below: number) => {
    for (const [[value, next], scale] of part(words, i, total === 0)) {
      if (scale >= below) continue;
      if (next === words.length) amounts.add(total + value);
      else if (locale === 'en') walk(next, total + value, scale);
      else if (words[next] === 'da') walk(next + 1, total + value, scale);
    }
  };
  walk(0, 0, Number.POSITIVE_INFINITY);
  return [...amounts];
}
