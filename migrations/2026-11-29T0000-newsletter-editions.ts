/**
 * Newsletter editions (server/newsletter/editions/) and the outbox's bulk sends (server/mail/batches.ts).
 *
 * - newsletter_editions: a subject and a Markdown body in English and Hausa (Hausa may be empty),
 *   an optional featured campaign, and the send's state. `queued_through` is the last subscription
 *   queued: sending goes through the list in id order a batch at a time, each batch committed with
 *   the cursor, so a crash resumes after the last committed batch and skips no one.
 * - mail_batches: one bulk send; `held` pauses its queued messages (the worker's claim skips them).
 *   mail_batch_templates: its body per language, rendered once with slots that each message's
 *   `slots` fill at sending (a 20,000-message send stores two bodies, not 20,000).
 * - the claim takes one-off messages (a password reset) before bulk ones, whatever their age.
 * - the archive's version: starting a send publishes the edition, so it bumps the public data
 *   version as a campaign change does.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_batches')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('held', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('mail_batch_templates')
    .addColumn('batch_id', 'uuid', (c) => c.notNull().references('mail_batches.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'ha')`))
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_batch_templates_pkey', ['batch_id', 'language'])
    .execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('batch_id', 'uuid', (c) => c.references('mail_batches.id').onDelete('cascade'))
    .addColumn('slots', 'jsonb')
    .execute();
  await sql`create index mail_outbox_due on mail_outbox ((batch_id is not null), due_at) where status = 'queued'`.execute(
    db,
  );
  await sql`create index mail_outbox_batch on mail_outbox (batch_id, status) where batch_id is not null`.execute(db);
  await sql`create index mail_outbox_batch_to on mail_outbox (to_address) where batch_id is not null and status = 'queued'`.execute(
    db,
  );

  await db.schema
    .createTable('newsletter_editions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('subject_ha', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('body_ha', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('campaign_id', 'uuid', (c) => c.references('campaigns.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('draft').check(sql`status in ('draft', 'scheduled', 'sending', 'paused', 'sent')`),
    )
    .addColumn('send_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('queued_through', 'uuid')
    .addColumn('queued_all_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('final_counts', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('newsletter_editions_list')
    .on('newsletter_editions')
    .columns(['created_at', 'id'])
    .execute();
  await sql`create index newsletter_editions_archive on newsletter_editions (started_at, id) where started_at is not null`.execute(
    db,
  );
  // Editions whose turn may have come: scheduled ones and sends under way.
  await sql`create index newsletter_editions_due on newsletter_editions (status) where status in ('scheduled', 'sending')`.execute(
    db,
  );
  await sql`
    create trigger newsletter_editions_bump_version after update of started_at on newsletter_editions
    for each statement execute function bump_campaigns_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_editions').execute();
  await sql`drop index if exists mail_outbox_batch_to`.execute(db);
  await sql`drop index if exists mail_outbox_batch`.execute(db);
  await sql`drop index if exists mail_outbox_due`.execute(db);
  await db.schema.alterTable('mail_outbox').dropColumn('slots').dropColumn('batch_id').execute();
  await db.schema.dropTable('mail_batch_templates').execute();
  await db.schema.dropTable('mail_batches').execute();
}
