/** Numbers written by hand read exactly as Intl's en-NG formats write them, on every kind of double. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits, nairaText } from '../../shared/nigerian-digits';

const intlNumber = new Intl.NumberFormat('en-NG');
const intlNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const EDGES = [
  0,
  -0,
  5,
  999,
  1000,
  -1500.5,
  1234567.5,
  2.5,
  -2.5,
  0.5,
  0.0005,
  0.0004,
  -0.0001,
  1234.5678,
  1.0005,
  -0.4,
  Number.MAX_SAFE_INTEGER,
  1e21,
  -1e21,
  1.2345678901234569e23,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];
const anyDouble = fc.oneof(
  fc.double(),
  fc.integer({ min: -1e12, max: 1e12 }),
  fc.double({ min: -1e7, max: 1e7, noNaN: true }),
  fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
);

describe('groupDigits: Intl.NumberFormat("en-NG")', () => {
  it.each(EDGES)('writes %d as Intl does', (value) => {
    expect(groupDigits(value)).toBe(intlNumber.format(value));
  });
  it('agrees with Intl on any double', () => {
    fc.assert(
      fc.property(anyDouble, (value) => groupDigits(value) === intlNumber.format(value)),
      { numRuns: 5000 },
    );
  });
});

describe('nairaText: NGN in whole naira, en-NG', () => {
  it.each(EDGES.filter(Number.isFinite))('writes %d as Intl does', (value) => {
    expect(nairaText(value)).toBe(intlNaira.format(value));
  });
  it('agrees with Intl on any finite double', () => {
    fc.assert(
      fc.property(anyDouble.filter(Number.isFinite), (value) => nairaText(value) === intlNaira.format(value)),
      { numRuns: 5000 },
    );
  });
  it('reads a value that is not a number as ₦0', () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY].map(nairaText)).toEqual(['₦0', '₦0', '₦0']);
  });
});
