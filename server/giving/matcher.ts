/**
 * Which pledge a bank credit pays, in order of certainty:
 * 1. sure: a valid payment reference in the narration (or the bank's reference column) that
 *    names a pledge not cancelled. References tolerate spaces, dashes, case and look-alikes, and
 *    their check character catches a typo (server/giving/reference.ts).
 * 2. likely: a pending pledge of exactly the credited amount, made within three days of the
 *    transfer either way, whose donor's name is like a name in the narration. When several fit,
 *    the nearest in time.
 * 3. otherwise unmatched: staff assign it or set it aside.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { findReferences, normaliseReference } from './reference';

export interface CreditToMatch {
  date: string;
  narration: string;
  amountKobo: number;
  reference: string | null;
}

export interface Match {
  kind: 'sure' | 'likely';
  pledgeId: string;
}

const LIKELY_WINDOW_DAYS = 3;

/** A day (YYYY-MM-DD) moved by whole days. */
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Upper-case words of letters only, at least three long: what names are compared on. */
const nameWords = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((w) => w.length >= 3);

/** Edit distance, stopped early past `max`. */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, current[j]!);
    }
    if (best > max) return false;
    previous = current;
  }
  return previous[b.length]! <= max;
}

/**
 * Whether a donor's name appears in a narration: one of its words (three letters or more) is a
 * word there, allowing one slip in words of five letters or more (Abubakar / Abubakr).
 */
export function nameIsLike(name: string, narration: string): boolean {
  const said = nameWords(narration);
  return nameWords(name).some((word) =>
    said.some((other) => other === word || (word.length >= 5 && withinEdits(word, other, 1))),
  );
}

/** The sure or likely pledge of a credit, or null. */
export async function matchCredit(db: DB, credit: CreditToMatch): Promise<Match | null> {
  const references = [
    ...findReferences(credit.narration),
    ...(credit.reference ? [normaliseReference(credit.reference)].filter((r): r is string => r !== null) : []),
  ];
  if (references.length > 0) {
    const sure = await db
      .selectFrom('pledges')
      .select(['id', 'reference'])
      .where('reference', 'in', references)
      .where('status', '!=', 'cancelled')
      .execute();
    // The first reference in the narration that names a pledge.
    const found = references.map((r) => sure.find((p) => p.reference === r)).find(Boolean);
    if (found) return { kind: 'sure', pledgeId: found.id };
  }
  if (credit.amountKobo % 100 !== 0) return null;
  const candidates = await db
    .selectFrom('pledges')
    .select(['id', 'name', sql<number>`abs(created_at::date - ${credit.date}::date)`.as('days')])
    .where('status', '=', 'pending')
    .where('amount', '=', credit.amountKobo / 100)
    .where(sql<boolean>`created_at::date between ${shiftDay(credit.date, -LIKELY_WINDOW_DAYS)}::date
      and ${shiftDay(credit.date, LIKELY_WINDOW_DAYS)}::date`)
    .orderBy('days')
    .orderBy('createdAt')
    .limit(50)
    .execute();
  const likely = candidates.find((p) => p.name !== '' && nameIsLike(p.name, credit.narration));
  return likely ? { kind: 'likely', pledgeId: likely.id } : null;
}
