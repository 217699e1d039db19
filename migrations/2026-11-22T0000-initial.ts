/**
 * The first schema: every entity of the product spec. Frozen once landed; change the schema with
 * a new migration. Money is bigint naira; statuses are enforced by check constraints.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('short_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('overview_main', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('overview_challenge', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('overview_solution', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('overview_impact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gallery_images', 'jsonb', (c) =>
      c
        .notNull()
        .defaultTo(sql`'[]'::jsonb`)
        .check(sql`jsonb_typeof(gallery_images) = 'array' and jsonb_array_length(gallery_images) <= 8`),
    )
    .addColumn('target', 'bigint', (c) => c.notNull().check(sql`target >= 0`))
    .addColumn('amount_raised', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`amount_raised >= 0`))
    .addColumn('supporters', 'integer', (c) => c.notNull().defaultTo(0).check(sql`supporters >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active')`))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('end_date', 'date')
    .addColumn('impact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('account_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('account_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('campaigns_created_at_idx').on('campaigns').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('campaign_updates')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('campaign_id', 'uuid', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaign_updates_campaign_idx')
    .on('campaign_updates')
    .columns(['campaign_id', 'position'])
    .execute();

  const reviewed = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('status', 'text', (c) =>
        c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`),
      )
      .addColumn('registration_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
  const jsonList = sql`'[]'::jsonb`;

  await reviewed('volunteer_submissions')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('occupation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('interests', 'jsonb', (c) => c.notNull().defaultTo(jsonList))
    .addColumn('availability', 'text', (c) => c.notNull())
    .addColumn('experience', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('motivation', 'text', (c) => c.notNull())
    .execute();

  await reviewed('partner_submissions')
    .addColumn('organization_name', 'text', (c) => c.notNull())
    .addColumn('contact_first_name', 'text', (c) => c.notNull())
    .addColumn('contact_last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('organization_type', 'text', (c) => c.notNull())
    .addColumn('partnership_type', 'jsonb', (c) => c.notNull().defaultTo(jsonList))
    .addColumn('project_interests', 'jsonb', (c) => c.notNull().defaultTo(jsonList))
    .addColumn('resource_contribution', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await reviewed('advocate_submissions')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('social_media_handles', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('advocacy_interests', 'jsonb', (c) => c.notNull().defaultTo(jsonList))
    .addColumn('experience', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`status in ('active', 'unsubscribed')`),
    )
    .addColumn('subscription_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('admin_users_email_key')
    .on('admin_users')
    .expression(sql`lower(email)`)
    .unique()
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('upload_variants')
    .addColumn('upload_name', 'text', (c) => c.notNull().references('uploads.name').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_variants_pkey', ['upload_name', 'width'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'upload_variants',
    'uploads',
    'admin_users',
    'contact_messages',
    'newsletter_subscriptions',
    'advocate_submissions',
    'partner_submissions',
    'volunteer_submissions',
    'campaign_updates',
    'campaigns',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
