/**
 * Sign-in throttle. Counters live in PostgreSQL so every instance shares them, and an attempt is
 * counted BEFORE its password is checked: a burst of parallel guesses (a tRPC batch, many
 * connections) cannot slip past the limit while the slow hashes run.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface Reservation {
  allowed: boolean;
  /** This attempt's number in the window, 1 for the first. */
  count: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/** Counts one attempt under `key` and says whether it is within the limit. */
export async function reserveAttempt(db: DB, key: string, limit: Limit, now: Date): Promise<Reservation> {
  const cutoff = new Date(now.getTime() - limit.windowMs);
  const { rows } = await sql<{ count: number; windowStart: Date }>`
    insert into auth_throttle (key, count, window_start) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when auth_throttle.window_start <= ${cutoff} then 1 else auth_throttle.count + 1 end,
      window_start = case when auth_throttle.window_start <= ${cutoff} then ${now} else auth_throttle.window_start end
    returning count, window_start`.execute(db);
  const row = rows[0]!;
  const ends = new Date(row.windowStart).getTime() + limit.windowMs;
  return {
    allowed: row.count <= limit.max,
    count: row.count,
    retryAfter: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)),
  };
}

/** Forgets the counter: a successful sign-in clears its account's failures. */
export async function clearAttempts(db: DB, key: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}

/** Drops counters whose window has long passed, so the table stays small. */
export async function pruneAttempts(db: DB, olderThan: Date): Promise<void> {
  await db.deleteFrom('auth_throttle').where('windowStart', '<', olderThan).execute();
}
