/**
 * payments_checked_at on pledges: when the pledge page last asked the payment provider about the
 * pledge's open attempts. Claimed with one conditional update, it lets one request on any
 * instance ask at a time, at most once per pledge every few seconds, however many pages load.
 * Null for pledges never asked about.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pledges').addColumn('payments_checked_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pledges').dropColumn('payments_checked_at').execute();
}
