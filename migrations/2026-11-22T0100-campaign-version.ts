/**
 * A version number that every change to campaigns or their updates bumps, by trigger, so each
 * server instance can keep the campaign list in memory and know with one tiny query whether it
 * is still current — whoever made the change, on whichever instance.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('data_versions').values({ name: 'campaigns', version: 0 }).execute();
  await sql`
    create function bump_campaigns_version() returns trigger language plpgsql as $$
    begin
      update data_versions set version = version + 1 where name = 'campaigns';
      return null;
    end
    $$`.execute(db);
  for (const table of ['campaigns', 'campaign_updates']) {
    await sql`
      create trigger ${sql.raw(`${table}_bump_version`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_campaigns_version()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['campaigns', 'campaign_updates']) {
    await sql`drop trigger if exists ${sql.raw(`${table}_bump_version`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists bump_campaigns_version()`.execute(db);
  await db.schema.dropTable('data_versions').ifExists().execute();
}
