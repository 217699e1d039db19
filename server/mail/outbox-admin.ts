/**
 * The outbox as staff see it: the list, one message with its bodies, sending a message again,
 * the dashboard's figures, and the daily removal of messages done with (outbox.ts has the
 * delivery side). Bodies hold personal data: only admins reach any of this (shared/roles.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExpressionBuilder } from 'kysely';
import { t } from '../../shared/messages';
import {
  OUTBOX_PAGE_SIZE,
  type OutboxItem,
  type OutboxListQuery,
  type OutboxMessage,
} from '../../shared/schemas/outbox';
import { type Actor, audit } from '../audit/audit';
import type { DB } from '../db/database';
import { isId } from '../db/ids';
import { after, cursorOf, pageOf } from '../db/keyset';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { ConflictError, NotFoundError } from '../errors';
import { batchBodies } from './batches';
import type { OutboxRow } from './outbox';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Failed messages are kept longer than sent ones: someone may still be looking into them. */
const FAILED_KEEP_DAYS = 90;

const LIST_COLUMNS = [
  'id',
  'toAddress',
  'kind',
  'subject',
  'status',
  'attempts',
  'lastError',
  'createdAt',
  'sentAt',
] as const;

const toItem = (row: Pick<OutboxRow, (typeof LIST_COLUMNS)[number]>): OutboxItem => ({
  id: row.id,
  to: row.toAddress,
  kind: row.kind,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** GET /api/outbox: newest first, a page at a time, one state or all. */
export async function listOutbox(deps: Pick<Deps, 'db'>, query: OutboxListQuery) {
  const limit = query.limit ?? OUTBOX_PAGE_SIZE.default;
  let select = deps.db
    .selectFrom('mail_outbox')
    .select(LIST_COLUMNS)
    .select(cursorOf('createdAt'))
    // Emptied by housekeeping (pruneOutbox): nothing left to show.
    .where('toAddress', '<>', '')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (query.status) select = select.where('status', '=', query.status);
  if (query.before) select = select.where(after('createdAt', query.before));
  const { rows, nextCursor } = pageOf(await select.execute(), limit);
  return { items: rows.map(toItem), next: nextCursor };
}

async function findRow(db: DB, id: string): Promise<OutboxRow> {
  const row = isId(id)
    ? await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw new NotFoundError(t('outbox.notFound'));
  return row;
}

/** GET /api/outbox/{id}: one message with its HTML and plain-text parts. */
export async function getOutboxMessage(deps: Pick<Deps, 'db'>, id: string): Promise<OutboxMessage> {
  const stored = await findRow(deps.db, id);
  // A bulk message's body is its batch's template, filled in as it would be sent.
  const row = stored.batchId && stored.toAddress !== '' ? await batchBodies(deps.db)(stored) : stored;
  return {
    ...toItem(row),
    language: row.language,
    dueAt: row.dueAt.toISOString(),
    retriedAt: row.retriedAt?.toISOString() ?? null,
    html: withoutTokens(row.html),
    text: withoutTokens(row.text),
  };
}

/**
 * A mailed link's token is the right it grants (set a password, confirm an address): whoever
 * reads it in the outbox could use it as its addressee. The view shows the links without them.
 */
const withoutTokens = (body: string) => body.replace(/([?&](?:amp;)?token=)[^&"'\s<>]+/g, '$1…');

/** A message stored failed without an attempt: it could not be sent as written (outbox.ts). */
const isNotSendable = (row: Pick<OutboxRow, 'status' | 'attempts'>) => row.status === 'failed' && row.attempts === 0;

/**
 * POST /api/outbox/{id}/retry: a failed or queued message is due now, and its day of retries
 * starts again from now. A message sent, or being sent, is refused: it would go out twice; so is
 * one that could not be sent as written, which would fail again. The
 * change applies only to a row still in the state it was read in, so a worker's claim in between
 * is refused too.
 */
export async function retryOutboxMessage(
  deps: Pick<Deps, 'db' | 'now' | 'mailQueued'>,
  id: string,
  actor: Actor,
): Promise<{ message: string; data: OutboxItem }> {
  const now = deps.now();
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await findRow(trx, id);
    if (row.status === 'sent') throw new ConflictError(t('outbox.alreadySent'));
    // Failed without an attempt: it could not be written as a mail (outbox.ts), and
    // sending the same row again would fail the same way.
    if (isNotSendable(row)) throw new ConflictError(t('outbox.notSendable'));
    if (row.status === 'sending') throw new ConflictError(t('outbox.beingSent'));
    const changed = await trx
      .updateTable('mail_outbox')
      .set({ status: 'queued', dueAt: now, retriedAt: now, leaseUntil: null })
      .where('id', '=', row.id)
      .where('status', 'in', ['queued', 'failed'])
      .returning(LIST_COLUMNS)
      .executeTakeFirst();
    if (!changed) throw new ConflictError(t('outbox.beingSent'));
    await audit(trx, actor, 'outbox.retry', row.id, `${row.kind}, was ${row.status}`);
    return changed;
  });
  deps.mailQueued.wake();
  return { message: t('outbox.retried'), data: toItem(updated) };
}

/**
 * The dashboard's figures: how mail leaves, messages not delivered yet, and, without SMTP, how
 * many are kept as files in which folder (the .eml files there now: those an operator has not
 * cleared away).
 */
export async function outboxSummary(deps: Pick<Deps, 'db' | 'config'>) {
  const counts = await deps.db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('status', 'in', ['queued', 'failed'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(counts.find((c) => c.status === status)?.count ?? 0);
  const smtp = deps.config.mail.smtpUrl !== undefined;
  const directory = path.join(deps.config.dataDir, 'mail');
  const files = smtp ? 0 : await emlFilesIn(directory);
  return { smtp, queued: count('queued'), failed: count('failed'), files, directory };
}

async function emlFilesIn(directory: string): Promise<number> {
  try {
    return (await fs.readdir(directory)).filter((name) => name.endsWith('.eml')).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/**
 * Removes what messages done with hold of people: sent ones MAIL_KEEP_DAYS after they left,
 * failed ones 90 days (or MAIL_KEEP_DAYS, if longer) after their last attempt was due. A message
 * with a dedupe key stays as an empty row, so its key still stops a second receipt or welcome.
 * Files kept without SMTP stay.
 */
export async function pruneOutbox(deps: Pick<Deps, 'db' | 'config'>, now: Date) {
  const { keepDays } = deps.config.mail;
  const sentBefore = new Date(now.getTime() - keepDays * DAY_MS);
  const failedBefore = new Date(now.getTime() - Math.max(keepDays, FAILED_KEEP_DAYS) * DAY_MS);
  const done = (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
    eb.or([
      eb.and([eb('status', '=', 'sent'), eb('sentAt', '<', sentBefore)]),
      eb.and([eb('status', '=', 'failed'), eb('dueAt', '<', failedBefore)]),
    ]);
  const removed = await deps.db
    .deleteFrom('mail_outbox')
    .where(done)
    .where('dedupeKey', 'is', null)
    .returning('status')
    .execute();
  const emptied = await deps.db
    .updateTable('mail_outbox')
    .set({ toAddress: '', subject: '', html: '', text: '', headers: '{}', slots: null, lastError: null })
    .where(done)
    .where('dedupeKey', 'is not', null)
    .where('toAddress', '<>', '')
    .returning('status')
    .execute();
  const count = (status: string) => [...removed, ...emptied].filter((row) => row.status === status).length;
  return { sent: count('sent'), failed: count('failed') };
}
