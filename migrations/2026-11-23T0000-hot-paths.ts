/**
 * Hot paths: the campaigns version is announced with NOTIFY so every instance drops its cached
 * answers without asking the database per request; instances hold short leases in
 * `cache_listeners` so a writer can wait until each live one has seen its change. Submission
 * lists get indexes for keyset pages, and their counts are kept by statement triggers in the same
 * transaction (spread over shards so concurrent inserts do not queue on one row).
 */
import { type Kysely, sql } from 'kysely';

const SUBMISSION_TABLES = [
  ['volunteer', 'volunteer_submissions', 'registration_date'],
  ['partner', 'partner_submissions', 'registration_date'],
  ['advocate', 'advocate_submissions', 'registration_date'],
  ['newsletter', 'newsletter_subscriptions', 'subscription_date'],
  ['contact', 'contact_messages', 'created_at'],
] as const;

/** Connections spread their count changes over this many rows per kind (see the trigger). */
const COUNT_SHARDS = 16;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function bump_campaigns_version() returns trigger language plpgsql as $$
    declare next_version bigint;
    begin
      update data_versions set version = version + 1 where name = 'campaigns' returning version into next_version;
      perform pg_notify('data_changed', 'campaigns:' || next_version);
      return null;
    end
    $$`.execute(db);

  await db.schema
    .createTable('cache_listeners')
    .addColumn('instance_id', 'uuid', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('submission_counts')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('shard', 'smallint', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('submission_counts_pkey', ['kind', 'shard'])
    .execute();

  // Statement triggers: one counter change per statement, however many rows (public writes come
  // in batches, see server/db/insert-batcher.ts, and a bulk load is one statement). The shard
  // follows the connection, so a transaction locks one counter row per kind: shards picked at
  // random would lock several in random order, and concurrent writers could deadlock.
  await sql`
    create function count_submissions() returns trigger language plpgsql as $$
    declare change bigint;
    begin
      if tg_op = 'INSERT' then
        select count(*) into change from inserted;
      else
        select -count(*) into change from deleted;
      end if;
      if change <> 0 then
        insert into submission_counts (kind, shard, n)
        values (tg_argv[0], (pg_backend_pid() % ${sql.lit(COUNT_SHARDS)})::smallint, change)
        on conflict (kind, shard) do update set n = submission_counts.n + excluded.n;
      end if;
      return null;
    end
    $$`.execute(db);

  for (const [kind, table, orderColumn] of SUBMISSION_TABLES) {
    await db.schema.createIndex(`${table}_${orderColumn}_id_idx`).on(table).columns([orderColumn, 'id']).execute();
    // Triggers first, then the count: creating a trigger locks out writers until the migration
    // commits, so no row is inserted between the count and the first counted insert.
    await sql`
      create trigger ${sql.raw(`${table}_count_insert`)} after insert on ${sql.table(table)}
      referencing new table as inserted for each statement execute function count_submissions(${sql.lit(kind)})`.execute(
      db,
    );
    await sql`
      create trigger ${sql.raw(`${table}_count_delete`)} after delete on ${sql.table(table)}
      referencing old table as deleted for each statement execute function count_submissions(${sql.lit(kind)})`.execute(
      db,
    );
    await sql`
      insert into submission_counts (kind, shard, n)
      select ${kind}, 0, count(*) from ${sql.table(table)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [, table, orderColumn] of SUBMISSION_TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_count_insert`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`${table}_count_delete`)} on ${sql.table(table)}`.execute(db);
    await db.schema.dropIndex(`${table}_${orderColumn}_id_idx`).ifExists().execute();
  }
  await sql`drop function if exists count_submissions()`.execute(db);
  await db.schema.dropTable('submission_counts').ifExists().execute();
  await db.schema.dropTable('cache_listeners').ifExists().execute();
  await sql`
    create or replace function bump_campaigns_version() returns trigger language plpgsql as $$
    begin
      update data_versions set version = version + 1 where name = 'campaigns';
      return null;
    end
    $$`.execute(db);
}
