/** Amounts of naira in words, in English and Hausa, as receipts write them beside the figures. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nairaInWords } from '../../shared/naira-words';

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
    [1_500, 'Naira dubu ɗaya da ɗari biyar'],
    [5_000, 'Naira dubu biyar'],
    [10_000, 'Naira dubu goma'],
    [15_000, 'Naira dubu goma sha biyar'],
    [20_000, 'Naira dubu ashirin'],
    [25_000, 'Naira dubu ashirin da biyar'],
    [100_000, 'Naira dubu ɗari'],
    [250_000, 'Naira dubu ɗari biyu da hamsin'],
    [1_000_000, 'Naira miliyan ɗaya'],
    [2_500_000, 'Naira miliyan biyu da dubu ɗari biyar'],
    [3_850_000, 'Naira miliyan uku da dubu ɗari takwas da hamsin'],
    [1_234_567, 'Naira miliyan ɗaya da dubu ɗari biyu da talatin da huɗu da ɗari biyar da sittin da bakwai'],
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
