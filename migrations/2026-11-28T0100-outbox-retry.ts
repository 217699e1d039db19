/**
 * The outbox in the dashboard (server/mail/outbox-admin.ts):
 * - retried_at: when staff last sent a message again; its retries give up a day after that, not a
 *   day after it was first queued;
 * - the list's order, newest first, all rows or one state's, as two indexes the keyset pages read.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('retried_at', 'timestamptz').execute();
  await db.schema.createIndex('mail_outbox_list').on('mail_outbox').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('mail_outbox_status_list')
    .on('mail_outbox')
    .columns(['status', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_status_list').execute();
  await db.schema.dropIndex('mail_outbox_list').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('retried_at').execute();
}
