/**
 * What the site's mails need to know (server/mail/, docs/email.md):
 * - the language of the page each sign-up, application, message and pledge came from, so every
 *   mail to that person is in that language;
 * - newsletter double opt-in: an address counts as a subscriber once confirmed. Rows stored before
 *   this change were told "Successfully subscribed!", so they count as confirmed;
 * - each staff member's choice of alerts per kind ('each', 'daily', 'none'), and how far their
 *   last daily digest reached;
 * - whether approving an application sends a welcome mail (off until an admin turns it on);
 * - the reminder sent before a pledge expires;
 * - link tokens already used, for the links that may be used once (server/auth/link-tokens.ts).
 */
import { type Kysely, sql } from 'kysely';

const LANGUAGE_TABLES = [
  'volunteer_submissions',
  'partner_submissions',
  'advocate_submissions',
  'newsletter_subscriptions',
  'contact_messages',
  'pledges',
] as const;

const ALERT_CHOICE = (column: string) => sql.raw(`${column} in ('each', 'daily', 'none')`);

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of LANGUAGE_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en').check(sql`language in ('en', 'ha')`))
      .execute();
  }

  await db.schema
    .alterTable('newsletter_subscriptions')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('confirm_sent_at', 'timestamptz')
    .execute();
  await sql`update newsletter_subscriptions set confirmed_at = subscription_date`.execute(db);

  await db.schema
    .alterTable('admin_users')
    .addColumn('alert_submissions', 'text', (c) =>
      c.notNull().defaultTo('daily').check(ALERT_CHOICE('alert_submissions')),
    )
    .addColumn('alert_giving', 'text', (c) => c.notNull().defaultTo('daily').check(ALERT_CHOICE('alert_giving')))
    .addColumn('digest_through', 'timestamptz')
    .execute();

  await db.schema
    .alterTable('site_settings')
    .addColumn('welcome_mail', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema.alterTable('pledges').addColumn('reminded_at', 'timestamptz').execute();
  // The reminder's scan: open pledges with an email, by expiry.
  await db.schema
    .createIndex('pledges_reminder_due')
    .on('pledges')
    .column('expires_at')
    .where(sql.ref('status'), '=', 'pending')
    .where(sql.ref('reminded_at'), 'is', null)
    .where(sql.ref('email'), 'is not', null)
    .execute();

  await db.schema
    .createTable('spent_link_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_sent_at').on('mail_outbox').column('sent_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_sent_at').execute();
  await db.schema.dropTable('spent_link_tokens').execute();
  await db.schema.dropIndex('pledges_reminder_due').execute();
  await db.schema.alterTable('pledges').dropColumn('reminded_at').execute();
  await db.schema.alterTable('site_settings').dropColumn('welcome_mail').execute();
  await db.schema
    .alterTable('admin_users')
    .dropColumn('alert_submissions')
    .dropColumn('alert_giving')
    .dropColumn('digest_through')
    .execute();
  await db.schema
    .alterTable('newsletter_subscriptions')
    .dropColumn('confirmed_at')
    .dropColumn('confirm_sent_at')
    .execute();
  for (const table of LANGUAGE_TABLES) await db.schema.alterTable(table).dropColumn('language').execute();
}
