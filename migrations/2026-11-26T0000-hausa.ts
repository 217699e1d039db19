/**
 * Campaign texts in Hausa, beside the English ones: title, short description, description, the four
 * overview sections and each update. Empty means "not yet in Hausa": pages show the English with a
 * note, and the API answers the English fields as it always has.
 */
import type { Kysely } from 'kysely';

const HAUSA_CAMPAIGN_COLUMNS = [
  'title_ha',
  'short_description_ha',
  'description_ha',
  'overview_main_ha',
  'overview_challenge_ha',
  'overview_solution_ha',
  'overview_impact_ha',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of HAUSA_CAMPAIGN_COLUMNS) {
    await db.schema
      .alterTable('campaigns')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema
    .alterTable('campaign_updates')
    .addColumn('content_ha', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaign_updates').dropColumn('content_ha').execute();
  for (const column of HAUSA_CAMPAIGN_COLUMNS) await db.schema.alterTable('campaigns').dropColumn(column).execute();
}
