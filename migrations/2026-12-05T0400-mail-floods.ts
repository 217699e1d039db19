/**
 * What keeps the public forms from flooding an inbox (docs/decisions/034-mail-floods.md):
 * - mailbox_sends: per mailbox (an address without its +tag, in lower case) and kind of mail, the
 *   times of the last day's mails a stranger caused; one statement both checks a limit and takes
 *   a place in it (server/mail/mailbox.ts).
 * - mail_outbox.composer: a message made as it leaves, by the maker it names, from the records as
 *   they are then; it may find nothing to send, and the row goes (server/mail/composers.ts).
 * - pledges.mail_withheld: a pledge made past its mailbox's limit, which gets no instructions and
 *   no reminder.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mailbox_sends')
    .addColumn('mailbox', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', sql`timestamptz[]`, (c) => c.notNull())
    .addPrimaryKeyConstraint('mailbox_sends_pkey', ['mailbox', 'kind'])
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('composer', 'text').execute();
  await db.schema
    .alterTable('pledges')
    .addColumn('mail_withheld', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pledges').dropColumn('mail_withheld').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('composer').execute();
  await db.schema.dropTable('mailbox_sends').execute();
}
