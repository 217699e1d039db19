/**
 * How many mails a stranger can make the site send to one inbox (docs/decisions/034). Every mail
 * a public form causes is counted per mailbox, not per address as typed: `Amina+1@example.org`,
 * `amina+2@example.org` and `AMINA@example.org` reach one inbox and share one count. Two rules:
 *
 * - Kinds that may go more than once a day (pledge instructions, lookups, password resets) have
 *   limits per hour and per day (MAILBOX_LIMITS), held in `mailbox_sends` by one statement that
 *   checks them and takes a place at once: no read before, and two requests at once are counted
 *   one after the other on the row's lock.
 * - Kinds that go at most once a day (acknowledgements, the newsletter's confirmation) carry a
 *   dedupe key per mailbox and Lagos day (onceADay): the outbox's unique index refuses the second,
 *   as it is queued, or for the confirmation as it is made (claimOnceADay).
 *
 * A pledge reminder follows its instructions (none for a pledge whose instructions were withheld),
 * and the staff's own mails (invitations, welcomes, receipts of gifts) are not a stranger's doing.
 */
import { sql } from 'kysely';
import { lagosToday } from '../../shared/lagos-time';
import type { Limit } from '../auth/throttle';
import type { DB } from '../db/database';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Mailboxes whose provider ignores dots in the name: x.y@gmail.com is xy@gmail.com. */
const DOTLESS = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The mailbox an address delivers to: in lower case, without its +tag (sub-addressing, which
 * every large provider delivers to the same inbox), and for Gmail without the dots of its name.
 * The one normalisation every limit on mail a stranger causes counts by.
 */
export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let name = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = name.indexOf('+');
  if (plus > 0) name = name.slice(0, plus);
  const dotless = DOTLESS.get(domain);
  if (dotless) {
    name = name.replaceAll('.', '');
    domain = dotless;
  }
  return `${name}@${domain}`;
}

/** The kinds of mail counted in `mailbox_sends`, each with its limits per mailbox. */
export const MAILBOX_LIMITS = {
  'pledge.instructions': [
    { max: 3, windowMs: HOUR_MS },
    { max: 10, windowMs: DAY_MS },
  ],
  'pledge.lookup': [
    { max: 3, windowMs: HOUR_MS },
    { max: 10, windowMs: DAY_MS },
  ],
  'password.reset': [
    { max: 3, windowMs: HOUR_MS },
    { max: 10, windowMs: DAY_MS },
  ],
} as const satisfies Record<string, readonly Limit[]>;

export type LimitedKind = keyof typeof MAILBOX_LIMITS;

/** The longest window of any limit: a mailbox's times older than this count for nothing. */
const KEPT_MS = Math.max(...Object.values(MAILBOX_LIMITS).flatMap((limits) => limits.map((l) => l.windowMs)));

/**
 * Takes a place for one mail of `kind` to the mailbox of `address`, if its limits allow: true when
 * taken, false when the mailbox has had its share (and nothing is counted). Inside the caller's
 * transaction, the place is given back if it rolls back.
 */
export async function reserveMailbox(db: DB, kind: LimitedKind, address: string, now: Date): Promise<boolean> {
  const within = MAILBOX_LIMITS[kind].map(
    ({ max, windowMs }) =>
      sql`(select count(*) from unnest(s.sent_at) as t(sent) where t.sent > ${new Date(now.getTime() - windowMs)}) < ${max}`,
  );
  const { rows } = await sql<{ taken: number }>`
    insert into mailbox_sends as s (mailbox, kind, sent_at)
    values (${mailboxOf(address)}, ${kind}, array[${now}::timestamptz])
    on conflict (mailbox, kind) do update
      set sent_at = array(
        select t.sent from unnest(s.sent_at) as t(sent)
        where t.sent > ${new Date(now.getTime() - KEPT_MS)} order by t.sent
      ) || ${now}::timestamptz
      where ${sql.join(within, sql` and `)}
    returning 1 as taken`.execute(db);
  return rows.length > 0;
}

/**
 * The dedupe key of a kind that goes at most once a Lagos day to a mailbox: a second message with
 * it that day is not queued (outbox.ts). `kind` may name a sub-kind: 'application.received:partner'.
 */
export const onceADay = (kind: string, address: string, now: Date): string =>
  `${kind}:${mailboxOf(address)}:${lagosToday(now)}`;

/**
 * For a message made as it leaves (composers.ts): gives its row the once-a-day key, unless another
 * row of the day has it. The unique index decides, at send time, so the requests that queued the
 * rows each wrote one alike. True when the row holds the key (also when it did already: a retry).
 */
export async function claimOnceADay(db: DB, rowId: string, key: string): Promise<boolean> {
  try {
    await db.updateTable('mail_outbox').set({ dedupeKey: key }).where('id', '=', rowId).execute();
    return true;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'mail_outbox_dedupe_key_key') return false;
    throw error;
  }
}

/** Forgets mailboxes whose last counted mail is older than every window, so the table stays small. */
export async function pruneMailboxSends(db: DB, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - KEPT_MS);
  await sql`delete from mailbox_sends s
    where not exists (select 1 from unnest(s.sent_at) as t(sent) where t.sent > ${cutoff})`.execute(db);
}
