/**
 * The mail outbox (docs/email.md). A message is a row written by `enqueueMail` inside the
 * transaction of the change that causes it: a rolled-back change sends nothing, a committed one
 * cannot lose its message. The worker (worker.ts) claims due rows under a lease, sends them and
 * records the outcome; every outcome is written only while the claim that made it still holds
 * (same status, same attempt number), so a late worker cannot overwrite another's result.
 *
 * Delivery is at least once. A process that dies after the SMTP server accepted a message but
 * before `markSent` committed leaves the row 'sending'; when its lease runs out another worker
 * sends it again. That duplicate is rare and carries the same Message-ID, set once at enqueue,
 * so mail clients fold the two copies into one.
 *
 * States: queued → sending → sent; a failed attempt puts the row back to queued, due after 1, 2,
 * 4 … minutes (at most an hour between attempts); a failure 24 hours or more after the row was
 * made (or sent again by staff) ends it as failed, with the last error kept, and so does a
 * permanent refusal at once.
 *
 * A message that cannot be sent as given (a subject over a header line's length, a line break in a
 * header, a bad address) is stored failed at once, with why, and no attempt: the change that
 * caused it still commits (a gift is recorded though its receipt could not be written), and the
 * failed row shows on the dashboard and in the mail alerts like any mail given up on.
 */
import { type Insertable, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import { email } from '../../shared/schemas/fields';
import type { DB } from '../db/database';
import { newId } from '../db/ids';
import type { Database, Row } from '../db/schema';
import type { Deps } from '../deps';

export type OutboxRow = Row<'mail_outbox'>;

export interface OutgoingMail {
  /** What the message is, for the logs and for counting: 'newsletter.confirm'. */
  kind: string;
  to: string;
  language: 'en' | 'ha';
  subject: string;
  html: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe. The transport sets From, To, Subject and the like. */
  headers?: Record<string, string>;
  /** One message per key, ever (one receipt per gift): a second enqueue with it adds nothing. */
  dedupeKey?: string;
  /** A bulk send's message (batches.ts): its body is the batch's template filled with `slots`. */
  batch?: { id: string; slots: string[] };
  /** An attachment by name, made as the message is sent (attachments.ts): 'gift-receipt:R2026-000123'. */
  attachment?: string;
  /**
   * A message made as it leaves, by the maker this names (composers.ts): 'password-reset'. Its
   * subject is a placeholder and its body empty until then; the maker may find nothing to send.
   */
  composer?: string;
  /** Not to be sent before this time; now unless given. */
  dueAt?: Date;
}

/** How long a claim holds: longer than the transport's timeouts added up (transport.ts). */
export const LEASE_MS = 5 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** Retries stop this long after the message was queued. */
export const GIVE_UP_AFTER_MS = 24 * 60 * MINUTE_MS;
const MAX_DELAY_MS = 60 * MINUTE_MS;

/** The wait after the `attempts`-th failed attempt: 1, 2, 4 … minutes, at most an hour. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(MINUTE_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);

// CR or LF would end a header and start another (header injection); no control character belongs
// in a header at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const CONTROL = /[\u0000-\u001f\u007f]/;
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
// Headers the transport writes from the row and the configuration.
const RESERVED = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'reply-to',
  'sender',
  'message-id',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'dkim-signature',
]);

const address = email();
const ATTACHMENT = /^[a-z]+(?:-[a-z]+)*:[A-Za-z0-9-]{1,64}$/;
const COMPOSER = /^[a-z]+(?:-[a-z]+)*(?::[A-Za-z0-9-]{1,64})?$/;
const noNul = (v: string) => !v.includes('\u0000');

const outgoing = z
  .object({
    kind: z.string().regex(/^[a-z0-9]+(?:[._-][a-z0-9]+)*$/, 'must be a name such as newsletter.confirm'),
    to: address,
    language: z.enum(['en', 'ha']),
    subject: z
      .string()
      .min(1, 'must not be empty')
      .max(998, 'is too long for a header')
      .refine((v) => !CONTROL.test(v), 'must not hold line breaks or other control characters'),
    html: z.string().refine(noNul, 'must not hold U+0000'),
    text: z.string().refine(noNul, 'must not hold U+0000'),
    headers: z
      .record(
        z
          .string()
          .regex(HEADER_NAME, 'must be a header name')
          .refine((k) => !RESERVED.has(k.toLowerCase()), 'is set by the transport'),
        z.string().refine((v) => !CONTROL.test(v), 'must not hold line breaks or other control characters'),
      )
      .default({}),
    dedupeKey: z.string().min(1).max(200).optional(),
    batch: z
      .object({ id: z.uuid(), slots: z.array(z.string().max(4096).refine(noNul, 'must not hold U+0000')).max(16) })
      .optional(),
    attachment: z.string().regex(ATTACHMENT, 'must name an attachment, such as gift-receipt:R2026-000123').optional(),
    composer: z.string().regex(COMPOSER, 'must name a maker, such as password-reset').optional(),
    dueAt: z.date().optional(),
  })
  // A batch's message takes its body from the batch, a composed one from its maker; any other needs its own.
  .refine((m) => m.batch !== undefined || m.composer !== undefined || m.text !== '', {
    path: ['text'],
    message: 'must not be empty',
  });

export interface Enqueued {
  id: string;
  messageId: string;
  /**
   * False when nothing is to be sent: a message with the same dedupe key was already there (nothing
   * was added), or this one could not be sent as written (it is stored failed).
   */
  queued: boolean;
}

/**
 * Queues a message in the caller's transaction. A message that cannot be sent as given (a bad
 * address, a subject too long for a header, line breaks or control characters in the subject or a
 * header value) is stored failed instead, with why (notSendable): it never fails the caller.
 */
export async function enqueueMail(
  trx: Transaction<Database>,
  deps: Pick<Deps, 'config' | 'now' | 'mailQueued'>,
  message: OutgoingMail,
  /** Why the message could not be made (its template failed): stored failed with this reason. */
  unmade?: string,
): Promise<Enqueued> {
  const row = unmade === undefined ? outboxRow(deps, message) : notSendable(deps, message, unmade);
  const inserted = await trx
    .insertInto('mail_outbox')
    .values(row)
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  const { id, messageId } = row;
  if (!inserted) {
    const existing = await trx
      .selectFrom('mail_outbox')
      .select(['id', 'messageId'])
      .where('dedupeKey', '=', row.dedupeKey!)
      .executeTakeFirstOrThrow();
    return { ...existing, queued: false };
  }
  if (row.status === 'failed') return { id, messageId, queued: false };
  // The worker looks shortly after; should this transaction still be open then, its next poll
  // finds the row.
  deps.mailQueued.wake();
  return { id, messageId, queued: true };
}

/**
 * Queues many messages with one statement (a batch of sign-ups' acknowledgements), each checked
 * as `enqueueMail` checks it. Messages whose dedupe key is taken add nothing. Answers how many were queued.
 */
export async function enqueueMails(
  trx: Transaction<Database>,
  deps: Pick<Deps, 'config' | 'now' | 'mailQueued'>,
  messages: OutgoingMail[],
): Promise<number> {
  const rows = messages.map((message) => outboxRow(deps, message));
  let queued = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await trx
      .insertInto('mail_outbox')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column('dedupeKey').doNothing())
      .returning('status')
      .execute();
    queued += inserted.filter((row) => row.status === 'queued').length;
  }
  if (queued > 0) deps.mailQueued.wake();
  return queued;
}

/** The row of a message, checked: failed at once, with why, when it cannot be sent as given. */
function outboxRow(deps: Pick<Deps, 'config' | 'now'>, message: OutgoingMail): Insertable<Database['mail_outbox']> {
  const parsed = outgoing.safeParse(message);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return notSendable(deps, message, `${issue.path.join('.') || 'message'} ${issue.message}`);
  }
  const m = parsed.data;
  const now = deps.now();
  const id = newId(now.getTime());
  return {
    id,
    kind: m.kind,
    toAddress: m.to,
    language: m.language,
    subject: m.subject,
    html: m.batch ? '' : m.html,
    text: m.batch ? '' : m.text,
    headers: JSON.stringify(m.headers),
    batchId: m.batch?.id ?? null,
    slots: m.batch ? JSON.stringify(m.batch.slots) : null,
    attachment: m.attachment ?? null,
    composer: m.composer ?? null,
    messageId: `<${id}@${deps.config.mail.fromDomain}>`,
    dedupeKey: m.dedupeKey ?? null,
    dueAt: m.dueAt ?? now,
    createdAt: now,
  };
}

/** How a message that could not be sent as given starts its last error. */
const NOT_SENDABLE = 'Not sendable as written';
// biome-ignore lint/suspicious/noControlCharactersInRegex: what cannot be stored (U+0000) or shown on one line.
const UNPRINTABLE = /[\u0000-\u001f\u007f]/g;
/** Text PostgreSQL can store (no U+0000), and on one line where it names something. */
const storable = (value: unknown, oneLine = false) =>
  oneLine ? String(value ?? '').replace(UNPRINTABLE, ' ') : String(value ?? '').replaceAll('\u0000', '');

/**
 * The row of a message that cannot be sent as given: failed, with why and without an attempt
 * (staff cannot send it again: outbox-admin.ts). It keeps what the Outbox shows of it, made
 * storable, and its dedupe key, so the same occasion does not queue it twice.
 */
function notSendable(
  deps: Pick<Deps, 'config' | 'now'>,
  message: OutgoingMail,
  reason: string,
): Insertable<Database['mail_outbox']> {
  const now = deps.now();
  const id = newId(now.getTime());
  const batchId = z.uuid().safeParse(message.batch?.id);
  return {
    id,
    kind: storable(message.kind, true).slice(0, 200),
    toAddress: storable(message.to, true).slice(0, 320),
    language: message.language === 'ha' ? 'ha' : 'en',
    subject: storable(message.subject, true).slice(0, 998),
    html: message.batch ? '' : storable(message.html),
    text: message.batch ? '' : storable(message.text),
    headers: '{}',
    batchId: batchId.success ? batchId.data : null,
    slots: null,
    attachment: null,
    messageId: `<${id}@${deps.config.mail.fromDomain}>`,
    dedupeKey: message.dedupeKey ? storable(message.dedupeKey, true).slice(0, 200) : null,
    status: 'failed',
    lastError: `${NOT_SENDABLE}: ${storable(reason, true)}`.slice(0, 2000),
    dueAt: now,
    createdAt: now,
  };
}

/**
 * Claims up to `limit` due rows for this worker: 'sending' ones whose lease ran out (their worker
 * died), then queued ones whose time has come, one-off messages before bulk ones (batches.ts),
 * and none of a held batch. Rows another worker is claiming are skipped, so two workers never
 * take the same row.
 */
export async function claimDue(db: DB, now: Date, limit: number, leaseMs = LEASE_MS): Promise<OutboxRow[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  // Materialized CTEs: each locked, limited pick runs once, whatever plan the update gets.
  const claim = async (pick: ReturnType<typeof sql>, max: number) =>
    (
      await sql<OutboxRow>`
        with picked as materialized (${pick} limit ${max} for update skip locked)
        update mail_outbox m
        set status = 'sending', lease_until = ${leaseUntil}, attempts = m.attempts + 1
        from picked
        where m.id = picked.id
        returning m.*`.execute(db)
    ).rows;
  const stale = await claim(
    sql`select id from mail_outbox where status = 'sending' and lease_until < ${now} order by due_at`,
    limit,
  );
  const due =
    stale.length < limit
      ? await claim(
          sql`select id from mail_outbox
              where status = 'queued' and due_at <= ${now}
                and (batch_id is null or batch_id not in (select id from mail_batches where held))
              order by (batch_id is not null), due_at`,
          limit - stale.length,
        )
      : [];
  return [
    ...stale,
    ...due.sort(
      (a, b) => Number(a.batchId !== null) - Number(b.batchId !== null) || a.dueAt.getTime() - b.dueAt.getTime(),
    ),
  ];
}

/** What a composed message turned out to be as it left: kept with the row, for staff to read. */
export type MadeMessage = Pick<OutboxRow, 'subject' | 'html' | 'text' | 'language'>;

/**
 * Records a delivery; `note` says where a message kept as a file went, `made` what a composed
 * message was made of. False if the claim was lost.
 */
export async function markSent(db: DB, row: OutboxRow, now: Date, note?: string, made?: MadeMessage): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sentAt: now, leaseUntil: null, lastError: note ?? null, ...made })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records a failed attempt: the row is due again after the backoff, or failed for good once the
 * message has been trying for 24 hours (since staff last sent it again, if they did), or at once
 * when the refusal is `permanent` (a 5xx answer: no such mailbox). False if the claim was lost.
 */
export async function markRetry(
  db: DB,
  row: OutboxRow,
  now: Date,
  error: string,
  permanent = false,
): Promise<{ settled: boolean; status: 'queued' | 'failed' }> {
  const tryingSince = row.retriedAt ?? row.createdAt;
  const giveUp = permanent || now.getTime() - tryingSince.getTime() >= GIVE_UP_AFTER_MS;
  const status = giveUp ? 'failed' : 'queued';
  const result = await db
    .updateTable('mail_outbox')
    .set({
      status,
      leaseUntil: null,
      lastError: error.slice(0, 2000),
      ...(giveUp ? {} : { dueAt: new Date(now.getTime() + retryDelayMs(row.attempts)) }),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return { settled: result.numUpdatedRows > 0n, status };
}

/**
 * Takes away a claimed message that turned out to have nothing to send (its maker found nothing:
 * no such account, no pledge, nothing more to tell): it never was a message. False if the claim
 * was lost.
 */
export async function dropClaimed(db: DB, row: OutboxRow): Promise<boolean> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Gives back rows claimed but never tried (a stopping worker): queued again, the attempt undone. */
export async function release(db: DB, rows: OutboxRow[]): Promise<void> {
  for (const row of rows) {
    await db
      .updateTable('mail_outbox')
      .set({ status: 'queued', leaseUntil: null, attempts: row.attempts - 1 })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', row.attempts)
      .execute();
  }
}
