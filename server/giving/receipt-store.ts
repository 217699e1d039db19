/**
 * Receipt PDFs as stored (migration 2026-12-05T0300): one per pledge and language, kept under the
 * hash of the content it was made from, and the queue of pledges whose receipts are to be made.
 * The queue is an outbox: a row written in the transaction that records or reverses a gift, so
 * that transaction makes no PDF and cannot fail because of one, and a builder that claims rows
 * (`for update skip locked`, under a lease: any number of instances may run one) and takes each off
 * once its receipts are made, unless a later change queued it again meanwhile.
 */
import { sql } from 'kysely';
import type { Locale } from '../../shared/messages';
import type { DB } from '../db/database';

/** Queues the receipts of these pledges to be made (again), in the caller's transaction. */
export async function queueReceiptBuilds(trx: DB, pledgeIds: string[]): Promise<void> {
  const ids = [...new Set(pledgeIds)];
  if (ids.length === 0) return;
  await trx
    .insertInto('receipt_builds')
    .values(ids.map((pledgeId) => ({ pledgeId })))
    .onConflict((conflict) =>
      conflict.column('pledgeId').doUpdateSet({
        generation: sql`receipt_builds.generation + 1`,
        queuedAt: sql`now()`,
        claimedUntil: null,
      }),
    )
    .execute();
}

export interface ReceiptBuildClaim {
  pledgeId: string;
  generation: number;
}

/** Claims up to `limit` queued pledges, oldest first, until `now + leaseMs`. */
export async function claimReceiptBuilds(
  db: DB,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<ReceiptBuildClaim[]> {
  const { rows } = await sql<ReceiptBuildClaim>`
    with picked as materialized (
      select pledge_id from receipt_builds
       where claimed_until is null or claimed_until < ${now}
       order by queued_at limit ${limit} for update skip locked)
    update receipt_builds b set claimed_until = ${new Date(now.getTime() + leaseMs)}
      from picked where b.pledge_id = picked.pledge_id
    returning b.pledge_id, b.generation`.execute(db);
  return rows;
}

/** Takes a claimed pledge off the queue: not if a change queued it again since the claim. */
export async function finishReceiptBuild(db: DB, claim: ReceiptBuildClaim): Promise<void> {
  await db
    .deleteFrom('receipt_builds')
    .where('pledgeId', '=', claim.pledgeId)
    .where('generation', '=', claim.generation)
    .execute();
}

/*
 * The bytes travel as base64 text, encoded and decoded by the database: PGlite's own bytea
 * conversion walks the hex text a byte at a time in JavaScript, a few milliseconds of the event
 * loop for each receipt read.
 */

/** The stored PDF of a pledge's receipt in a language, if it was made from content of this hash. */
export async function storedReceiptPdf(
  db: DB,
  pledgeId: string,
  language: Locale,
  contentHash: string,
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('receipt_pdfs')
    .select(sql<string>`encode(pdf, 'base64')`.as('pdf'))
    .where('pledgeId', '=', pledgeId)
    .where('language', '=', language)
    .where('contentHash', '=', contentHash)
    .executeTakeFirst();
  return row && Buffer.from(row.pdf, 'base64');
}

/** Keeps a receipt's PDF, in place of the one made before. */
export async function storeReceiptPdf(
  db: DB,
  receipt: { pledgeId: string; language: Locale; contentHash: string; pdf: Buffer },
): Promise<void> {
  const pdf = sql<Uint8Array>`decode(${receipt.pdf.toString('base64')}, 'base64')`;
  await db
    .insertInto('receipt_pdfs')
    .values({ ...receipt, pdf })
    .onConflict((conflict) =>
      conflict
        .columns(['pledgeId', 'language'])
        .doUpdateSet({ contentHash: receipt.contentHash, pdf, builtAt: sql`now()` }),
    )
    .execute();
}

/** Drops a pledge's stored receipts: nothing it received counts any more. */
export async function forgetReceiptPdfs(db: DB, pledgeId: string): Promise<void> {
  await db.deleteFrom('receipt_pdfs').where('pledgeId', '=', pledgeId).execute();
}
