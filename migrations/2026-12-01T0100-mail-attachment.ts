/**
 * mail_outbox.attachment: what a message carries as an attachment, named, not stored: the worker
 * makes it as the message leaves (server/mail/attachments.ts), so a row holds a few bytes whatever
 * the file's size, and the rows of a bulk send hold nothing. 'gift-receipt:<receipt number>' is
 * the PDF receipt of that gift.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('attachment', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachment').execute();
}
