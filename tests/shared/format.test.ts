/** The formatting rules. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMinutes,
  formatNaira,
  progressBarWidth,
  progressPercent,
  splitNumberedLines,
} from '../../shared/format';

describe('formatNaira (NGN, en-NG, thousands separators, no decimals)', () => {
  it.each([
    [2_500_000, '₦2,500,000'],
    [0, '₦0'],
    [500_000, '₦500,000'],
    [150_000, '₦150,000'],
    [999, '₦999'],
    [1_000_000_000_000, '₦1,000,000,000,000'],
    [1234.56, '₦1,235'],
    [Number.NaN, '₦0'],
    [Number.POSITIVE_INFINITY, '₦0'],
  ])('formatNaira(%d) is %s', (amount, expected) => {
    expect(formatNaira(amount)).toBe(expected);
  });

  it('never shows decimals and keeps the digits of whole amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (n) => {
        const text = formatNaira(n);
        return !text.includes('.') && text.replace(/[^0-9]/g, '') === String(n) && /^₦\d{1,3}(,\d{3})*$/.test(text);
      }),
    );
  });
});

describe('progressPercent (rounded, not capped)', () => {
  it.each([
    [0, 100, 0],
    [50, 100, 50],
    [1, 3, 33],
    [2, 3, 67],
    [250, 100, 250],
    [1000, 0, 0],
    [10, -5, 0],
    [1_000_000_000_000, 1_000_000_000_000, 100],
    [Number.NaN, 100, 0],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, 0],
  ])('progressPercent(%d, %d) is %d', (raised, target, expected) => {
    expect(progressPercent(raised, target)).toBe(expected);
  });
});

describe('progressBarWidth (capped at 100, never negative)', () => {
  it.each([
    [0, 100, 0],
    [50, 200, 25],
    [1, 3, 100 / 3],
    [250, 100, 100],
    [-10, 100, 0],
    [10, 0, 0],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, 0],
  ])('progressBarWidth(%d, %d) is %d', (raised, target, expected) => {
    expect(progressBarWidth(raised, target)).toBeCloseTo(expected, 10);
  });

  it('stays within 0..100 for any amounts', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (raised, target) => {
        const w = progressBarWidth(raised, target);
        return w >= 0 && w <= 100;
      }),
    );
  });
});

describe('splitNumberedLines', () => {
  it('makes one list of consecutive numbered lines', () => {
    expect(splitNumberedLines('1. a\n2. b')).toEqual([{ kind: 'list', items: ['a', 'b'] }]);
    expect(splitNumberedLines('1) first\r\n2) second')).toEqual([{ kind: 'list', items: ['first', 'second'] }]);
  });

  it('keeps paragraphs between lists and skips blank lines', () => {
    expect(splitNumberedLines('Intro line\n\n1. one\n2. two\nMiddle\n3. three\n  \nEnd')).toEqual([
      { kind: 'paragraph', text: 'Intro line' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'Middle' },
      { kind: 'list', items: ['three'] },
      { kind: 'paragraph', text: 'End' },
    ]);
  });

  it('does not take a number without a dot or bracket and space for an item', () => {
    expect(splitNumberedLines('2026 was good\n3.5 million people')).toEqual([
      { kind: 'paragraph', text: '2026 was good' },
      { kind: 'paragraph', text: '3.5 million people' },
    ]);
  });

  it('answers nothing for blank text', () => {
    expect(splitNumberedLines('')).toEqual([]);
    expect(splitNumberedLines(' \n\n ')).toEqual([]);
  });
});

describe('formatDate', () => {
  it.each([null, undefined, ''])('%j is "Date not available"', (value) => {
    expect(formatDate(value)).toBe('Date not available');
  });

  it.each(['nonsense', '2026-13-45', 'yesterday'])('%j is "Invalid date"', (value) => {
    expect(formatDate(value)).toBe('Invalid date');
  });

  it('formats a valid date with day, month name and year', () => {
    expect(formatDate('2026-03-01T12:00:00Z')).toBe('1 March 2026');
    expect(formatDate(new Date('2025-12-25T12:00:00Z'))).toBe('25 December 2025');
  });
});

describe('formatMinutes (rounded up, at least one, singular and plural)', () => {
  it.each([
    [1, '1 minute'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
    [0, '1 minute'],
  ])('%i s → %s', (seconds, text) => {
    expect(formatMinutes(seconds)).toBe(text);
  });
});

describe('dates written by hand read as Intl writes them in English (en-NG)', () => {
  const longDate = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric' });
  const lagosDateTime = new Intl.DateTimeFormat('en-NG', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Lagos',
  });
  // ICU versions differ on September's short name ("Sep", "Sept"): the catalogue's is "Sep".
  const catalogueMonths = (text: string) => text.replace('Sept ', 'Sep ');
  const anyInstant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms));

  it('formatDate on any day', () => {
    fc.assert(fc.property(anyInstant, (date) => formatDate(date) === longDate.format(date)));
  });
  it('formatDateTime in Lagos on any minute', () => {
    fc.assert(fc.property(anyInstant, (date) => formatDateTime(date) === catalogueMonths(lagosDateTime.format(date))));
  });
});
