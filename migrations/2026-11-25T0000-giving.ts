/**
 * Giving that reconciles. A donor's pledge gets a payment reference; staff import bank statements,
 * whose credit lines are stored once each (by fingerprint) and matched to pledges; a confirmed
 * gift moves its campaign's total and supporters in the same transaction.
 *
 * The rule the tables keep: amount_raised = opening_amount + active gifts + adjustments, per
 * campaign (supporters likewise). The opening amount is what a campaign had before gifts were
 * recorded here: what it holds now, or what it is created with.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('opening_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('opening_supporters', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update campaigns set opening_amount = amount_raised, opening_supporters = supporters`.execute(db);

  await db.schema
    .createTable('pledges')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    // A campaign deleted later leaves its pledges and gifts, with the title they were made under.
    .addColumn('campaign_id', 'uuid', (c) => c.references('campaigns.id').onDelete('set null'))
    .addColumn('campaign_title', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('anonymous', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hide_amount', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    // 'expired' is not stored: a pending pledge past expires_at is expired.
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'confirmed', 'cancelled')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pledges_created').on('pledges').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('pledges_status_amount').on('pledges').columns(['status', 'amount']).execute();

  await db.schema
    .createTable('bank_statements')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('uploaded_by_id', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('duplicates', 'integer', (c) => c.notNull())
    .addColumn('debits', 'integer', (c) => c.notNull())
    .addColumn('problems', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('statement_lines')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // The statement that first brought the line: a later overlapping statement adds nothing.
    .addColumn('statement_id', 'uuid', (c) => c.notNull().references('bank_statements.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
    .addColumn('row', 'integer', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('narration', 'text', (c) => c.notNull())
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull().check(sql`amount_kobo > 0`))
    .addColumn('bank_reference', 'text')
    .addColumn('balance_kobo', 'bigint')
    .addColumn('match_kind', 'text', (c) => c.check(sql`match_kind in ('sure', 'likely')`))
    .addColumn('pledge_id', 'uuid', (c) => c.references('pledges.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status in ('open', 'confirmed', 'not_donation')`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('statement_lines_statement')
    .on('statement_lines')
    .columns(['statement_id', 'row'])
    .execute();
  await db.schema.createIndex('statement_lines_status').on('statement_lines').columns(['status', 'date']).execute();

  // Column choices staff made for a header the reader did not recognise, kept for the next file.
  await db.schema
    .createTable('statement_mappings')
    .addColumn('header_key', 'text', (c) => c.primaryKey())
    .addColumn('mapping', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`create sequence gift_receipt_numbers`.execute(db);
  await db.schema
    .createTable('gifts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('receipt_number', 'text', (c) => c.notNull().unique())
    .addColumn('campaign_id', 'uuid', (c) => c.references('campaigns.id').onDelete('set null'))
    .addColumn('campaign_title', 'text', (c) => c.notNull())
    .addColumn('pledge_id', 'uuid', (c) => c.references('pledges.id').onDelete('restrict'))
    .addColumn('statement_line_id', 'uuid', (c) => c.references('statement_lines.id').onDelete('restrict'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('received_on', 'date', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('anonymous', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hide_amount', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('confirmed_by_id', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('confirmed_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A reversed gift stays on record but no longer counts.
    .addColumn('reversed_at', 'timestamptz')
    .addColumn('reversed_by', 'text')
    .execute();
  // One counting gift per statement line, whoever confirms it and however often.
  await sql`create unique index gifts_one_per_line on gifts (statement_line_id)
    where statement_line_id is not null and reversed_at is null`.execute(db);
  await sql`create index gifts_campaign_active on gifts (campaign_id, received_on)
    where reversed_at is null`.execute(db);
  await db.schema.createIndex('gifts_pledge').on('gifts').column('pledge_id').execute();
  await db.schema.createIndex('gifts_created').on('gifts').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('amount_adjustments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('campaign_id', 'uuid', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('amount_delta', 'bigint', (c) => c.notNull())
    .addColumn('supporters_delta', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('amount_adjustments_campaign').on('amount_adjustments').column('campaign_id').execute();

  // Confirmed gifts are shown on public pages (the supporter wall): cached pages follow them.
  await sql`
    create trigger gifts_bump_version after insert or update or delete on gifts
    for each statement execute function bump_campaigns_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists gifts_bump_version on gifts`.execute(db);
  await db.schema.dropTable('amount_adjustments').ifExists().execute();
  await db.schema.dropTable('gifts').ifExists().execute();
  await sql`drop sequence if exists gift_receipt_numbers`.execute(db);
  await db.schema.dropTable('statement_mappings').ifExists().execute();
  await db.schema.dropTable('statement_lines').ifExists().execute();
  await db.schema.dropTable('bank_statements').ifExists().execute();
  await db.schema.dropTable('pledges').ifExists().execute();
  await db.schema.alterTable('campaigns').dropColumn('opening_supporters').dropColumn('opening_amount').execute();
}
