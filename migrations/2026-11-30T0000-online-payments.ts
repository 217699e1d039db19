/**
 * Online payment through Paystack (server/payments/):
 * - payment_attempts: each try to pay a pledge online, under a reference of its own
 *   (`<pledge reference>-<n>`), with what was asked of the provider and how it ended;
 * - gifts gain what an online payment brings: the channel, the provider's transaction id (one
 *   gift per transaction, whoever records it first: the return page or the webhook), the gross,
 *   the provider's fee and the net in kobo, why finance should look at it, and the bank credit
 *   that settled it;
 * - a statement line can be a provider's settlement: neither a donation nor unmatched;
 * - the provider's fee rule, kept in the settings so that staff change it without a deploy.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('pledge_id', 'uuid', (c) => c.notNull().references('pledges.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull().check(sql`attempt > 0`))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('paystack'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull().check(sql`amount_kobo > 0`))
    .addColumn('cover_kobo', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`cover_kobo >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('started').check(sql`status in ('started', 'paid', 'failed', 'abandoned', 'review')`),
    )
    .addColumn('authorization_url', 'text')
    .addColumn('note', 'text')
    .addColumn('checked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payment_attempts_pledge_attempt', ['pledge_id', 'attempt'])
    .execute();

  await db.schema
    .alterTable('gifts')
    .addColumn('channel', 'text')
    .addColumn('provider', 'text')
    .addColumn('provider_transaction_id', 'text')
    .addColumn('provider_reference', 'text')
    .addColumn('gross_kobo', 'bigint')
    .addColumn('fee_kobo', 'bigint')
    .addColumn('net_kobo', 'bigint')
    .addColumn('review', 'text')
    .addColumn('settlement_line_id', 'uuid', (c) => c.references('statement_lines.id').onDelete('set null'))
    .execute();
  // One gift per provider transaction, reversed or not: a replayed event after a refund adds nothing.
  await sql`create unique index gifts_one_per_transaction on gifts (provider, provider_transaction_id)
    where provider_transaction_id is not null`.execute(db);
  // The online gifts a settlement credit may pay out.
  await sql`create index gifts_unsettled on gifts (received_on)
    where provider is not null and settlement_line_id is null and reversed_at is null`.execute(db);
  await sql`create index gifts_settlement on gifts (settlement_line_id) where settlement_line_id is not null`.execute(
    db,
  );

  await sql`alter table statement_lines drop constraint statement_lines_status_check`.execute(db);
  await sql`alter table statement_lines add constraint statement_lines_status_check
    check (status in ('open', 'confirmed', 'not_donation', 'settlement'))`.execute(db);

  // Paystack's local-card rule as published: 1.5% + ₦100, the ₦100 waived under ₦2,500, capped at ₦2,000.
  await db.schema
    .alterTable('site_settings')
    .addColumn('fee_percent_bps', 'integer', (c) => c.notNull().defaultTo(150))
    .addColumn('fee_flat', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('fee_waived_below', 'integer', (c) => c.notNull().defaultTo(2500))
    .addColumn('fee_cap', 'integer', (c) => c.notNull().defaultTo(2000))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('site_settings')
    .dropColumn('fee_percent_bps')
    .dropColumn('fee_flat')
    .dropColumn('fee_waived_below')
    .dropColumn('fee_cap')
    .execute();
  await sql`update statement_lines set status = 'open' where status = 'settlement'`.execute(db);
  await sql`alter table statement_lines drop constraint statement_lines_status_check`.execute(db);
  await sql`alter table statement_lines add constraint statement_lines_status_check
    check (status in ('open', 'confirmed', 'not_donation'))`.execute(db);
  await sql`drop index if exists gifts_settlement`.execute(db);
  await sql`drop index if exists gifts_unsettled`.execute(db);
  await sql`drop index if exists gifts_one_per_transaction`.execute(db);
  await db.schema
    .alterTable('gifts')
    .dropColumn('channel')
    .dropColumn('provider')
    .dropColumn('provider_transaction_id')
    .dropColumn('provider_reference')
    .dropColumn('gross_kobo')
    .dropColumn('fee_kobo')
    .dropColumn('net_kobo')
    .dropColumn('review')
    .dropColumn('settlement_line_id')
    .execute();
  await db.schema.dropTable('payment_attempts').ifExists().execute();
}
