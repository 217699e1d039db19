/**
 * Staff: each account gets a name, a role, a disabled mark, a must-change-password mark for
 * one-time passwords, and its last sign-in. The foundation's settings move into the database
 * (one row; a change bumps the public data version, so cached pages and campaigns follow at once).
 * Submissions get internal notes, and the audit trail an index per person for the activity page.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admin_users')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    // Accounts made before roles were all-powerful: they stay admins.
    .addColumn('role', 'text', (c) =>
      c.notNull().defaultTo('admin').check(sql`role in ('admin', 'editor', 'finance', 'reviewer')`),
    )
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_sign_in_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('site_settings')
    // One row: the key is always true.
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('contact_phone', 'text', (c) => c.notNull())
    .addColumn('contact_address', 'text', (c) => c.notNull())
    .addColumn('pledge_expiry_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    create trigger site_settings_bump_version after insert or update or delete on site_settings
    for each statement execute function bump_campaigns_version()`.execute(db);

  await db.schema
    .createTable('submission_notes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('submission_id', 'uuid', (c) => c.notNull())
    .addColumn('author_id', 'uuid', (c) => c.references('admin_users.id').onDelete('set null'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('submission_notes_entry')
    .on('submission_notes')
    .columns(['kind', 'submission_id', 'created_at'])
    .execute();

  await db.schema.createIndex('audit_events_at_id').on('audit_events').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_events_actor_at').on('audit_events').columns(['actor_id', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_events_actor_at').ifExists().execute();
  await db.schema.dropIndex('audit_events_at_id').ifExists().execute();
  await db.schema.dropTable('submission_notes').ifExists().execute();
  await db.schema.dropTable('site_settings').ifExists().execute();
  await db.schema
    .alterTable('admin_users')
    .dropColumn('last_sign_in_at')
    .dropColumn('must_change_password')
    .dropColumn('disabled_at')
    .dropColumn('role')
    .dropColumn('name')
    .execute();
}
