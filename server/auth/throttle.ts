/**
 * Sign-in throttle. Counters live in PostgreSQL so every instance shares them, and an attempt is
 * counted BEFORE its password is checked: a burst of parallel guesses (a tRPC batch, many
 * connections) cannot slip past the limit while the slow hashes run.
 */
import { isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { DB } from '../db/database';

/**
 * The key a client address is counted under. An IPv4 address as itself, also when it arrives
 * IPv4-mapped (::ffff:a.b.c.d); an IPv6 address by its /64, the block one subscriber is given,
 * since anyone holding one could otherwise rotate through its 2^64 addresses.
 */
export function addressKey(ip: string | null | undefined): string {
  if (!ip) return 'address:unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `address:${mapped[1]}`;
  if (!isIPv6(ip)) return `address:${ip}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `address:${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

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
