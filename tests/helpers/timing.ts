/**
 * Comparing how long two ways through the same request take, on a shared and noisy machine: the
 * samples are interleaved (a, b, a, b …) so drift in the machine's load falls on both alike, and
 * two distributions count as apart only when they are both far apart (medians more than a ratio
 * apart) and surely apart (a rank test, Mann–Whitney U, below a small p). Either alone flakes:
 * a rank test finds any steady difference of microseconds, a ratio of medians a bad minute.
 */
import { performance } from 'node:perf_hooks';

export interface Comparison {
  medianA: number;
  medianB: number;
  /** The larger median over the smaller. */
  ratio: number;
  /** Two-sided p of the Mann–Whitney U test (normal approximation, ties corrected). */
  p: number;
}

/** Times `n` runs of each, interleaved, after `warmUp` untimed runs of each. */
export async function interleavedSamples(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  n: number,
  warmUp = 3,
): Promise<{ a: number[]; b: number[] }> {
  for (let i = 0; i < warmUp; i++) {
    await a();
    await b();
  }
  const times = { a: [] as number[], b: [] as number[] };
  const timed = async (run: () => Promise<unknown>) => {
    const start = performance.now();
    await run();
    return performance.now() - start;
  };
  for (let i = 0; i < n; i++) {
    // Which goes first alternates too, so neither always follows the other's garbage.
    if (i % 2 === 0) {
      times.a.push(await timed(a));
      times.b.push(await timed(b));
    } else {
      times.b.push(await timed(b));
      times.a.push(await timed(a));
    }
  }
  return times;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The standard normal's upper tail, P(Z > z), by the Abramowitz–Stegun approximation 7.1.26. */
function upperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const tail = (erfc * Math.exp(-x * x)) / 2;
  return z >= 0 ? tail : 1 - tail;
}

export function compare(a: number[], b: number[]): Comparison {
  const all = [...a.map((v) => ({ v, a: true })), ...b.map((v) => ({ v, a: false }))].sort((x, y) => x.v - y.v);
  // Ranks, ties sharing their mean rank.
  let rankSumA = 0;
  let tieTerm = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j++;
    const rank = (i + j + 2) / 2;
    const tied = j - i + 1;
    tieTerm += tied ** 3 - tied;
    for (let k = i; k <= j; k++) if (all[k]!.a) rankSumA += rank;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const n = n1 + n2;
  const sd = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  const p = sd === 0 ? 1 : Math.min(1, 2 * upperTail(Math.abs(u - mean) / sd));
  const medianA = median(a);
  const medianB = median(b);
  const ratio = Math.max(medianA, medianB) / Math.max(Math.min(medianA, medianB), 1e-9);
  return { medianA, medianB, ratio, p };
}

/** Apart: medians more than `ratio` apart and a rank test below `p`. */
export const apart = (c: Comparison, limits = { ratio: 1.25, p: 0.001 }) => c.ratio > limits.ratio && c.p < limits.p;
