/**
 * Sign-in throttle. Counters live in PostgreSQL so every instance shares them, and an attempt is
 * counted BEFORE its password is checked: a burst of parallel guesses (a tRPC batch, many
 * connections) cannot slip past the limit while the slow hashes run.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database';
import { isId } from '../db/ids';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Sign-ins to one account from browsers not known to it (no valid device cookie, see
 * device-cookie.ts): ten per quarter of an hour, counted before the password is checked and
 * cleared by a success. The eleventh is refused even with the right password: the account is
 * locked for unknown browsers until the window ends or clearAccountLock runs.
 */
export const ACCOUNT_LIMIT: Limit = { max: 10, windowMs: 15 * 60_000 };
/** Sign-ins from one known browser (one device cookie): five per quarter of an hour; then it counts as unknown. */
export const DEVICE_LIMIT: Limit = { max: 5, windowMs: 15 * 60_000 };

/** The counter of an account's sign-ins from unknown browsers: by email, so unknown emails count too. */
export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
/** The counter of one known browser's sign-ins to an account. */
export const deviceKey = (accountId: string, nonce: string) => `device:${accountId}:${nonce}`;

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

/**
 * Ends the account's lock: its count of sign-ins from unknown browsers, and the spent budgets of
 * its known ones. The one place a lock ends early: a successful sign-in, a new password (one's
 * own, an admin's reset, admin:create or ADMIN_PASSWORD) and, once there is mail, a password
 * reset by mail. Takes a transaction too.
 */
export async function clearAccountLock(db: DB, userId: string): Promise<void> {
  if (!isId(userId)) return;
  await db
    .deleteFrom('auth_throttle')
    .where((eb) =>
      eb.or([
        eb(
          'key',
          '=',
          eb
            .selectFrom('admin_users')
            .select(sql<string>`'account:' || lower(email)`.as('key'))
            .where('id', '=', userId),
        ),
        eb('key', 'like', `${deviceKey(userId, '')}%`),
      ]),
    )
    .execute();
}

/** Drops counters whose window has long passed, so the table stays small. */
export async function pruneAttempts(db: DB, olderThan: Date): Promise<void> {
  await db.deleteFrom('auth_throttle').where('windowStart', '<', olderThan).execute();
}
