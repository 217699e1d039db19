/**
 * Receipt PDFs made once and kept (server/giving/receipt-store.ts): one row per pledge and
 * language, with the hash of the content it was made from. A read whose content hashes the same
 * is answered with the row; different content (a gift corrected, a text or setting changed) makes
 * it again. And the queue of pledges whose receipts are to be made, written in the transaction
 * that records or reverses a gift and emptied by a background builder, so that transaction never
 * waits for a PDF. `generation` grows with each change queued: a build that began before it does
 * not take the row off.
 *
 * Both are made from the gifts and can always be made again: backups leave them out.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('receipt_pdfs')
    .addColumn('pledge_id', 'uuid', (c) => c.notNull().references('pledges.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'ha')`))
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('pdf', 'bytea', (c) => c.notNull())
    .addColumn('built_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('receipt_pdfs_pkey', ['pledge_id', 'language'])
    .execute();
  await db.schema
    .createTable('receipt_builds')
    .addColumn('pledge_id', 'uuid', (c) => c.primaryKey().references('pledges.id').onDelete('cascade'))
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('receipt_builds').execute();
  await db.schema.dropTable('receipt_pdfs').execute();
}
