/**
 * client_id on every public form's table: the id the sender's browser gave the submission, so a
 * form sent again (a retry, a form kept offline and sent later, a double tap) stores one row. Null
 * for submissions sent without one, and for those made before; unique where set.
 */
import type { Kysely } from 'kysely';

const TABLES = [
  'volunteer_submissions',
  'partner_submissions',
  'advocate_submissions',
  'contact_messages',
  'newsletter_subscriptions',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES)
    await db.schema
      .alterTable(table)
      .addColumn('client_id', 'uuid', (column) => column.unique())
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('client_id').execute();
}
