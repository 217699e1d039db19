/**
 * What donors and staff stumbled over:
 * - site_settings.confirm_working_days: how long confirming a transfer usually takes, told on the
 *   pledge page ("within 2 working days" until an admin changes it);
 * - site_settings.cac_rc_number: the foundation's registration number, printed on receipts;
 * - gifts.general_fund: a credit recorded for the foundation's general fund (the donate page's
 *   account), not for a campaign: it has no campaign and moves no campaign's total.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('site_settings')
    .addColumn('confirm_working_days', 'integer', (c) =>
      c.notNull().defaultTo(2).check(sql`confirm_working_days between 1 and 30`),
    )
    .addColumn('cac_rc_number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('gifts')
    .addColumn('general_fund', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`alter table gifts add constraint gifts_general_fund_no_campaign
    check (not general_fund or campaign_id is null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table gifts drop constraint if exists gifts_general_fund_no_campaign`.execute(db);
  await db.schema.alterTable('gifts').dropColumn('general_fund').execute();
  await db.schema.alterTable('site_settings').dropColumn('confirm_working_days').dropColumn('cac_rc_number').execute();
}
