/** Pure formatting helpers of the spec (section 9), shared by every screen. */
import { t } from './messages';

const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** NGN with the en-NG locale, thousands separators and no decimals. */
export const formatNaira = (amount: number): string => naira.format(Number.isFinite(amount) ? amount : 0);

const minutes = new Intl.NumberFormat('en', { style: 'unit', unit: 'minute', unitDisplay: 'long' });

/** A wait in whole minutes, rounded up and never under one: '1 minute', '15 minutes'. */
export const formatMinutes = (seconds: number): string => minutes.format(Math.max(1, Math.ceil(seconds / 60)));

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

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });

/** A readable date, or the spec's texts for a missing or unparseable one. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return t('date.notAvailable');
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return t('date.invalid');
  return dateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Lagos',
});

/** A date and time in Lagos, for staff screens. */
export function formatDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return t('date.invalid');
  return dateTimeFormat.format(date);
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago, in the largest unit that fits: '2 min. ago', 'yesterday'. */
export function formatAgo(value: string | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return t('date.invalid');
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return relative.format(Math.round(amount), 'year');
}

/** Nigeria's calendar day (UTC+1 all year), YYYY-MM-DD: "today" for dates staff and donors give. */
export const lagosToday = (now: Date = new Date()) =>
  new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

/** A chart's axis label for a day: "9 Nov". */
export const shortDay = (iso: string) =>
  new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(iso));
