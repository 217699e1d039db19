/**
 * Pure formatting helpers of the spec (section 9), shared by every screen, in the language shown.
 *
 * Numbers and naira are written with the en-NG rules in both languages (the way Nigerians write
 * amounts, in Hausa too) by shared/nigerian-digits.ts, and dates from the Date's own numbers with
 * the catalogue's month names, not by `Intl` (docs/decisions/028): a browser's first Intl
 * formatter costs a phone tens of milliseconds, and phones' browsers ship without Hausa locale
 * data (and with other versions of the English one: "Sep" or "Sept") while the server, with
 * Node's full ICU, would not; a page rendered on one and hydrated on the other must read the same.
 */

import { lagosClock } from './lagos-time';
import { getLocale, type MessageKey, t } from './messages';
import { groupDigits, nairaText } from './nigerian-digits';

/** NGN with the en-NG rules, thousands separators and no decimals (the same in Hausa). */
export const formatNaira = (amount: number): string => nairaText(amount);

/** A count with thousands separators. */
export const formatNumber = (value: number): string => groupDigits(value);

/** A wait in whole minutes, rounded up and never under one: '1 minute', '15 minutes'. */
export const formatMinutes = (seconds: number): string =>
  t('date.minutes', { count: Math.max(1, Math.ceil(seconds / 60)) });

/** Rounded ratio of raised to target in percent; not capped (a campaign can pass its target). */
export function progressPercent(raised: number, target: number): number {
  if (!(target > 0) || !Number.isFinite(raised) || !Number.isFinite(target)) return 0;
  return Math.round((raised / target) * 100);
}

/** The width of a progress bar in percent: the ratio capped at 100. */
export function progressBarWidth(raised: number, target: number): number {
  // Non-finite amounts would make the ratio NaN, which no bar can show.
  if (!(target > 0) || !Number.isFinite(raised) || !Number.isFinite(target)) return 0;
  return Math.min(100, Math.max(0, (raised / target) * 100));
}

export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/**
 * Splits a text into paragraphs and numbered lists: consecutive lines that start with
 * "1." or "1)" become the items of one ordered list.
 */
export function splitNumberedLines(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const match = NUMBERED.exec(line);
    const last = blocks[blocks.length - 1];
    if (match) {
      const item = (match[1] ?? '').trim();
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else {
      blocks.push({ kind: 'paragraph', text: line });
    }
  }
  return blocks;
}

/** Whose clock a date is read on: the runtime's own, Lagos's (UTC+1 all year), or UTC's. */
type Clock = 'local' | 'lagos' | 'utc';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The numbers of a date (day, month 1–12, year, hour and minute of two digits) on a clock. Read
 * from the Date itself rather than from Intl, whose first date formatter costs a phone tens of
 * milliseconds, inside the page's hydration.
 */
function dateNumbers(date: Date, clock: Clock) {
  const shown = clock === 'lagos' ? lagosClock(date) : date;
  const utc = clock !== 'local';
  return {
    day: utc ? shown.getUTCDate() : shown.getDate(),
    month: (utc ? shown.getUTCMonth() : shown.getMonth()) + 1,
    year: utc ? shown.getUTCFullYear() : shown.getFullYear(),
    hour: twoDigits(utc ? shown.getUTCHours() : shown.getHours()),
    minute: twoDigits(utc ? shown.getUTCMinutes() : shown.getMinutes()),
  };
}

const monthName = (month: number, form: 'long' | 'short') => t(`date.month.${form}.${month}` as MessageKey);

/** After the month: English writes "5 March 2026", Hausa "5 Maris, 2026". */
const beforeYear = () => (getLocale() === 'en' ? ' ' : ', ');

/** A readable date, or the spec's texts for a missing or unparseable one: '5 March 2026', '5 Maris, 2026'. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return t('date.notAvailable');
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return t('date.invalid');
  const { day, month, year } = dateNumbers(date, 'local');
  return `${day} ${monthName(month, 'long')}${beforeYear()}${year}`;
}

/** A date and time in Lagos, for staff screens: '5 Mar 2026, 11:00', '5 Mar, 2026, 11:00'. */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return t('date.invalid');
  const { day, month, year, hour, minute } = dateNumbers(date, 'lagos');
  return `${day} ${monthName(month, 'short')}${beforeYear()}${year}, ${hour}:${minute}`;
}

/** Built on first use, not when the module loads: only staff screens show relative times. */
let relative: Intl.RelativeTimeFormat | undefined;
const STEPS: [Intl.RelativeTimeFormatUnit & ('second' | 'minute' | 'hour' | 'day' | 'week' | 'month'), number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
];

/** How long ago, in the largest unit that fits: '2 min. ago', 'yesterday'; in Hausa from the catalogue. */
export function formatAgo(value: string | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return t('date.invalid');
  let amount = (date.getTime() - now.getTime()) / 1000;
  let unit: (typeof STEPS)[number][0] | 'year' = 'year';
  for (const [step, size] of STEPS) {
    if (Math.abs(amount) < size) {
      unit = step;
      break;
    }
    amount /= size;
  }
  const count = Math.round(amount);
  if (getLocale() === 'en') {
    relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });
    return relative.format(count, unit);
  }
  // A moment in the future is a clock a little ahead: it reads as now.
  return count >= 0 ? t('date.now') : t(`date.ago.${unit}`, { count: -count });
}

/** A chart's axis label for a day: "9 Nov". */
export function shortDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return t('date.invalid');
  const { day, month } = dateNumbers(date, 'utc');
  return `${day} ${monthName(month, 'short')}`;
}
