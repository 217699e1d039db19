/**
 * Bulk sends: one message per recipient (a newsletter edition to every subscriber) without one
 * body per recipient. A batch stores its body once per language, rendered with slots
 * (compose.ts `slotMarkers`); each of its outbox rows carries only its own slot values (an
 * unsubscribe link) and is filled in as the worker sends it. Batch rows go after one-off messages
 * in the worker's claim, so a password reset never waits behind 20,000 newsletters, and a held
 * batch's rows are not claimed at all (pause).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { fillSlots, type RenderedMail } from './compose';
import { enqueueMails, type OutboxRow } from './outbox';

export interface BatchTemplate extends RenderedMail {
  language: 'en' | 'ha';
}

/** Creates a batch with its body in each language it will be sent in. */
export async function createBatch(
  trx: Transaction<Database>,
  batch: { id: string; kind: string; now: Date },
  templates: BatchTemplate[],
): Promise<void> {
  await trx.insertInto('mail_batches').values({ id: batch.id, kind: batch.kind, createdAt: batch.now }).execute();
  await trx
    .insertInto('mail_batch_templates')
    .values(templates.map((template) => ({ batchId: batch.id, ...template })))
    .execute();
}

export interface BatchMail {
  to: string;
  language: 'en' | 'ha';
  subject: string;
  /** The values of the template's slots, in the order it was rendered with. */
  slots: string[];
  headers?: Record<string, string>;
}

/** Queues a batch's messages in the caller's transaction (checked as every message is); answers how many. */
export function queueBatchMails(
  trx: Transaction<Database>,
  deps: Pick<Deps, 'config' | 'now' | 'mailQueued'>,
  batch: { id: string; kind: string },
  mails: BatchMail[],
): Promise<number> {
  return enqueueMails(
    trx,
    deps,
    mails.map((mail) => ({
      kind: batch.kind,
      to: mail.to,
      language: mail.language,
      subject: mail.subject,
      // The body is the batch's template: nothing per row but the slots.
      html: '',
      text: '-',
      ...(mail.headers ? { headers: mail.headers } : {}),
      batch: { id: batch.id, slots: mail.slots },
    })),
  );
}

/** Holds (pauses) or releases a batch: the worker claims no queued message of a held batch. */
export async function holdBatch(db: Kysely<Database>, id: string, held: boolean): Promise<void> {
  await db.updateTable('mail_batches').set({ held }).where('id', '=', id).execute();
}

export interface BatchCounts {
  /** Waiting, or being sent. */
  queued: number;
  sent: number;
  failed: number;
}

export async function batchCounts(db: Kysely<Database>, id: string): Promise<BatchCounts> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('batchId', '=', id)
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { queued: count('queued') + count('sending'), sent: count('sent'), failed: count('failed') };
}

/**
 * Withdraws the bulk messages not yet sent to an address (it left the list): called in the
 * transaction that records the leaving, so no message queued before it goes out after it.
 */
export async function withdrawBatchMail(trx: Kysely<Database>, address: string): Promise<number> {
  const removed = await trx
    .deleteFrom('mail_outbox')
    .where('toAddress', '=', address)
    .where('batchId', 'is not', null)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/**
 * A batch row's body, filled in from its batch's template; other rows as they are. Templates do
 * not change once made, so a few are kept in memory: a send reads its two from the database once.
 */
export function batchBodies(db: DB): (row: OutboxRow) => Promise<OutboxRow> {
  const templates = new Map<string, Promise<RenderedMail | undefined>>();
  return async (row) => {
    if (!row.batchId) return row;
    const key = `${row.batchId}:${row.language}`;
    let template = templates.get(key);
    if (!template) {
      if (templates.size >= 16) templates.delete(templates.keys().next().value!);
      template = db
        .selectFrom('mail_batch_templates')
        .select(['html', 'text'])
        .where('batchId', '=', row.batchId)
        .where('language', '=', row.language)
        .executeTakeFirst();
      templates.set(key, template);
      template.catch(() => templates.delete(key));
    }
    const found = await template;
    if (!found) {
      templates.delete(key);
      throw new Error(`mail batch ${row.batchId} has no ${row.language} template`);
    }
    return { ...row, ...fillSlots(found, row.slots ?? []) };
  };
}
