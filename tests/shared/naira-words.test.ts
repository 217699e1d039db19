/**
 * Amounts of naira in words, in English and Hausa, as receipts write them beside the figures: the
 * words of each amount, and the law that makes them worth writing, that no two amounts share their
 * words and that the words read as one amount only.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../shared/messages';
import { nairaInWords } from '../../shared/naira-words';
import { GIFT_MAX } from '../../shared/schemas/giving';
import { readingsOf } from '../helpers/naira-readings';

describe('nairaInWords in English', () => {
  it.each([
    [0, 'Zero naira'],
    [1, 'One naira'],
    [15, 'Fifteen naira'],
    [21, 'Twenty-one naira'],
    [100, 'One hundred naira'],
    [150, 'One hundred and fifty naira'],
    [999, 'Nine hundred and ninety-nine naira'],
    [1_000, 'One thousand naira'],
    [2_005, 'Two thousand and five naira'],
    [20_005, 'Twenty thousand and five naira'],
    [25_000, 'Twenty-five thousand naira'],
    [100_050, 'One hundred thousand and fifty naira'],
    [150_000, 'One hundred and fifty thousand naira'],
    [5_000, 'Five thousand naira'],
    [20_000, 'Twenty thousand naira'],
    [25_500, 'Twenty-five thousand five hundred naira'],
    [250_000, 'Two hundred and fifty thousand naira'],
    [1_000_000, 'One million naira'],
    [2_345_678, 'Two million three hundred and forty-five thousand six hundred and seventy-eight naira'],
    [3_850_000, 'Three million eight hundred and fifty thousand naira'],
    [1_000_000_000, 'One billion naira'],
  ])('%d is "%s"', (amount, words) => {
    expect(nairaInWords(amount, 'en')).toBe(words);
  });
});

describe('nairaInWords in Hausa', () => {
  it.each([
    [0, 'Naira sifili'],
    [1, 'Naira ɗaya'],
    [4, 'Naira huɗu'],
    [10, 'Naira goma'],
    [12, 'Naira goma sha biyu'],
    [25, 'Naira ashirin da biyar'],
    [40, "Naira arba'in"],
    [99, "Naira casa'in da tara"],
    [100, 'Naira ɗari'],
    [105, 'Naira ɗari da biyar'],
    [200, 'Naira ɗari biyu'],
    [250, 'Naira ɗari biyu da hamsin'],
    [1_000, 'Naira dubu ɗaya'],
    [1_005, 'Naira dubu ɗaya da naira biyar'],
    [1_500, 'Naira dubu ɗaya da ɗari biyar'],
    [5_000, 'Naira dubu biyar'],
    [10_000, 'Naira dubu goma'],
    [15_000, 'Naira dubu goma sha biyar'],
    [20_000, 'Naira dubu ashirin'],
    [20_005, 'Naira dubu ashirin da naira biyar'],
    [25_000, 'Naira dubu ashirin da biyar'],
    [100_000, 'Naira dubu ɗari'],
    [100_050, 'Naira dubu ɗari da naira hamsin'],
    [100_100, 'Naira dubu ɗari da ɗari'],
    [150_000, 'Naira dubu ɗari da hamsin'],
    [200_050, 'Naira dubu ɗari biyu da naira hamsin'],
    [250_000, 'Naira dubu ɗari biyu da hamsin'],
    [1_000_000, 'Naira miliyan ɗaya'],
    [1_005_000, 'Naira miliyan ɗaya da dubu biyar'],
    [2_300_050, 'Naira miliyan biyu da dubu ɗari uku da naira hamsin'],
    [2_350_000, 'Naira miliyan biyu da dubu ɗari uku da hamsin'],
    [2_500_000, 'Naira miliyan biyu da dubu ɗari biyar'],
    [3_850_000, 'Naira miliyan uku da dubu ɗari takwas da hamsin'],
    [1_234_567, 'Naira miliyan ɗaya da dubu ɗari biyu da talatin da huɗu da ɗari biyar da sittin da bakwai'],
    [20_000_001, 'Naira miliyan ashirin da naira ɗaya'],
    [21_000_000, 'Naira miliyan ashirin da ɗaya'],
    [2_000_000_000, 'Naira biliyan biyu'],
  ])('%d is "%s"', (amount, words) => {
    expect(nairaInWords(amount, 'ha')).toBe(words);
  });
});

describe('nairaInWords on any amount', () => {
  it('writes every whole amount in both languages, in words only, without doubled spaces', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
        for (const locale of ['en', 'ha'] as const) {
          const words = nairaInWords(n, locale);
          expect(words).not.toMatch(/\d|\s{2}|undefined|^\s|\s$/);
          expect(words).toMatch(/naira/i);
        }
      }),
    );
  });

  it('refuses what is not a whole amount it can write', () => {
    for (const amount of [-1, 1.5, Number.NaN, 1e12]) {
      expect(() => nairaInWords(amount, 'en')).toThrow(RangeError);
    }
  });
});

/** Loops of a million calls: generous on a busy machine, where they have taken 15 s. */
const LONG = 120_000;

describe.each(['en', 'ha'] as const)('amounts in words in %s', (locale: Locale) => {
  it(
    'are distinct for every amount from ₦0 to ₦1,000,000',
    () => {
      const seen = new Map<string, number>();
      for (let amount = 0; amount <= 1_000_000; amount++) {
        const words = nairaInWords(amount, locale);
        const before = seen.get(words);
        if (before !== undefined) expect.fail(`${before} and ${amount} are both "${words}"`);
        seen.set(words, amount);
      }
    },
    LONG,
  );

  it(
    'read as their own amount and no other, for 200,000 amounts up to the largest gift',
    () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: GIFT_MAX }), (amount) => {
          expect(readingsOf(nairaInWords(amount, locale), locale)).toEqual([amount]);
        }),
        { numRuns: 200_000 },
      );
    },
    LONG,
  );
});

describe('the reader of amounts in words', () => {
  it('reads a count after its unit as far as it runs, and a part of naira after "naira" or "ɗari"', () => {
    expect(readingsOf('Naira dubu ashirin da biyar', 'ha')).toEqual([25_000]);
    expect(readingsOf('Naira dubu ashirin da naira biyar', 'ha')).toEqual([20_005]);
    expect(readingsOf('Naira dubu ɗaya da ɗari biyar', 'ha')).toEqual([1_500]);
    expect(readingsOf('Naira biyar da dubu ɗaya', 'ha')).toEqual([]);
    expect(readingsOf('Two hundred and fifty thousand naira', 'en')).toEqual([250_000]);
    expect(readingsOf('Two hundred thousand and fifty naira', 'en')).toEqual([200_050]);
  });
});
