/**
 * Interface texts staff correct (server/texts/): one row per message and language, holding the
 * staff's text in place of the catalogue's (or none: the catalogue's) and the review mark. A
 * review holds the text it was given for, so a later change of the text, here or in the code,
 * leaves the text "not reviewed" again without anyone clearing the mark. A change of a text bumps
 * the public data version: cached pages in that language hold the old words.
 * A new role, translator, edits texts and nothing else.
 */
import { type Kysely, sql } from 'kysely';

const ROLES_BEFORE = sql`role in ('admin', 'editor', 'finance', 'reviewer')`;
const ROLES_AFTER = sql`role in ('admin', 'editor', 'finance', 'reviewer', 'translator')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('text_overrides')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('en', 'ha')`))
    .addColumn('text', 'text')
    // The catalogue's English when the text was written: a later English makes it stale.
    .addColumn('english_then', 'text')
    .addColumn('changed_by', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('changed_at', 'timestamptz')
    .addColumn('reviewed_text', 'text')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    // The reviewer's name as it was, so the mark outlives the account.
    .addColumn('reviewed_by_name', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addPrimaryKeyConstraint('text_overrides_pkey', ['key', 'locale'])
    .execute();
  await sql`
    create trigger text_overrides_bump_version after insert or delete or update of text on text_overrides
    for each statement execute function bump_campaigns_version()`.execute(db);

  await sql`alter table admin_users drop constraint admin_users_role_check`.execute(db);
  await sql`alter table admin_users add constraint admin_users_role_check check (${ROLES_AFTER})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('admin_users').set({ role: 'reviewer' }).where('role', '=', 'translator').execute();
  await sql`alter table admin_users drop constraint admin_users_role_check`.execute(db);
  await sql`alter table admin_users add constraint admin_users_role_check check (${ROLES_BEFORE})`.execute(db);
  await db.schema.dropTable('text_overrides').execute();
}
