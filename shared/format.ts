/**
 * Pure formatting helpers of the spec (section 9), shared by every screen, in the language shown.
 *
 * Numbers and naira are written with the en-NG rules in both languages (the way Nigerians write
 * amounts, in Hausa too) by shared/nigerian-digits.ts; `Intl` writes the digits of dates. The
 * words of a Hausa date (month names, "2 minutes ago") come from the catalogue: phones' browsers
 * and Debian's Chromium ship without Hausa locale data and would fall back to English, while the
 * server, with Node's full ICU, would not; a page rendered on one and hydrated on the other must
 * read the same.
 */

import { LAGOS_TIME_ZONE } from './lagos-time';
import { getLocale, type MessageKey, t } from './messages';
import { groupDigits, nairaText } from './nigerian-digits';

/** Intl's Nigerian formats: the same data in every runtime we serve. */
const NIGERIA = 'en-NG';

/**
 * An Intl formatter built on first use, not when the module loads: building one is costly (the
 * first of a kind loads the locale's data), and most pages show no date at all.
 */
function built<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

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

/** Made once per time zone: a formatter is costly to build and a page may show dozens of dates. */
const numericDates = new Map<string, Intl.DateTimeFormat>();

/** The numbers of a date (day, month 1–12, year, hour, minute) in a time zone, from Intl. */
function dateNumbers(date: Date, timeZone?: string) {
  let format = numericDates.get(timeZone ?? '');
  if (!format) {
    format = new Intl.DateTimeFormat(NIGERIA, {
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
    numericDates.set(timeZone ?? '', format);
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: part('day'), month: part('month'), year: part('year'), hour: part('hour'), minute: part('minute') };
}

const monthName = (month: string, form: 'long' | 'short') => t(`date.month.${form}.${Number(month)}` as MessageKey);

const englishDate = built(() => new Intl.DateTimeFormat(NIGERIA, { day: 'numeric', month: 'long', year: 'numeric' }));
const englishDateTime = built(
  () =>
    new Intl.DateTimeFormat(NIGERIA, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: LAGOS_TIME_ZONE,
    }),
);
const englishDayMonth = built(
  () => new Intl.DateTimeFormat(NIGERIA, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
);

/** A readable date, or the spec's texts for a missing or unparseable one: '5 March 2026', '5 Maris, 2026'. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return t('date.notAvailable');
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return t('date.invalid');
  if (getLocale() === 'en') return englishDate().format(date);
  const { day, month, year } = dateNumbers(date);
  return `${day} ${monthName(month, 'long')}, ${year}`;
}

/** A date and time in Lagos, for staff screens: '5 Mar 2026, 11:00', '5 Mar, 2026, 11:00'. */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return t('date.invalid');
  if (getLocale() === 'en') return englishDateTime().format(date);
  const { day, month, year, hour, minute } = dateNumbers(date, LAGOS_TIME_ZONE);
  return `${day} ${monthName(month, 'short')}, ${year}, ${hour}:${minute}`;
}

const relative = built(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' }));
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
  if (getLocale() === 'en') return relative().format(count, unit);
  // A moment in the future is a clock a little ahead: it reads as now.
  return count >= 0 ? t('date.now') : t(`date.ago.${unit}`, { count: -count });
}

/** A chart's axis label for a day: "9 Nov". */
export function shortDay(iso: string): string {
  const date = new Date(iso);
  if (getLocale() === 'en') return englishDayMonth().format(date);
  const { day, month } = dateNumbers(date, 'UTC');
  return `${day} ${monthName(month, 'short')}`;
}
