/**
 * Numbers as Nigerians write them (en-NG): thousands grouped by commas, `₦` before naira, in
 * both languages. The same text as `Intl.NumberFormat('en-NG')`, written out by hand for two
 * reasons: a browser's first NumberFormat costs about 20 ms of loading number data (80 ms on a
 * cheap phone), all in the task that starts the page's script; and a phone whose browser lacks
 * en-NG data would write the amounts differently from the server that rendered the page.
 */

const MAX_FRACTION_DIGITS = 3;

/**
 * A number ≥ 0 rounded to `places` decimals, half away from zero, from the digits JavaScript
 * writes at its shortest (what Intl rounds too: 1.0005 is "1.0005", not the double just below
 * it), exponent or not; the decimals' trailing zeros dropped.
 */
function rounded(value: number, places: number): { whole: string; fraction: string } {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const [head = '', tail = ''] = mantissa.split('.');
  const digits = head + tail;
  // How many of the digits are kept: the point's place, moved by the exponent and the decimals.
  const count = head.length + Number(exponent) + places;
  const roundsUp = count >= 0 && (digits[count] ?? '0') >= '5';
  const kept = count > 0 ? digits.slice(0, count).padEnd(count, '0') : '0';
  const scaled = String(BigInt(kept) + BigInt(roundsUp)).padStart(places + 1, '0');
  const point = scaled.length - places;
  return { whole: scaled.slice(0, point), fraction: scaled.slice(point).replace(/0+$/, '') };
}

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** The sign Intl writes: a minus for a negative number and for -0, which rounding can leave. */
const minus = (value: number) => (value < 0 || Object.is(value, -0) ? '-' : '');

/** A number with thousands separators and at most three decimals (rounded half away from zero). */
export function groupDigits(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return `${minus(value)}∞`;
  const { whole, fraction } = rounded(Math.abs(value), MAX_FRACTION_DIGITS);
  return minus(value) + grouped(whole) + (fraction ? `.${fraction}` : '');
}

/** Naira in whole units: "₦1,500,000"; a value that is not a finite number reads as ₦0. */
export function nairaText(amount: number): string {
  if (!Number.isFinite(amount)) return '₦0';
  return `${minus(amount)}₦${grouped(rounded(Math.abs(amount), 0).whole)}`;
}
