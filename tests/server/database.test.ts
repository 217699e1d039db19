import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations';
import { newId } from '../../server/db/ids';
import { migrateToLatest } from '../../server/db/migrator';
import { freshDatabase, type TestDatabase, testDatabases } from '../helpers/databases';

const TABLES = [
  'admin_sessions',
  'admin_users',
  'advocate_submissions',
  'amount_adjustments',
  'audit_events',
  'auth_throttle',
  'bank_statements',
  'cache_listeners',
  'campaign_updates',
  'campaigns',
  'contact_messages',
  'data_versions',
  'gifts',
  'mail_batch_templates',
  'mail_batches',
  'mail_outbox',
  'mailbox_sends',
  'newsletter_editions',
  'newsletter_subscriptions',
  'partner_submissions',
  'payment_attempts',
  'pledges',
  'receipt_builds',
  'receipt_pdfs',
  'site_settings',
  'spent_link_tokens',
  'statement_lines',
  'statement_mappings',
  'submission_counts',
  'submission_notes',
  'text_overrides',
  'upload_variants',
  'uploads',
  'volunteer_submissions',
];

describe.each(testDatabases())('migrations and constraints on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(kind, { migrate: false });
  });
  afterAll(() => database.close());

  it('creates every table from an empty database, and a second run changes nothing', async () => {
    const applied = await migrateToLatest(database.db);
    expect(applied).toEqual(Object.keys(migrations));
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(database.db);
    expect(rows.map((r) => r.name)).toEqual(TABLES);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('refuses statuses the spec does not allow', async () => {
    const insert = (status: string) =>
      database.db
        .insertInto('newsletter_subscriptions')
        .values({ id: newId(), email: `${status}@example.org`, status: status as 'active' })
        .execute();
    await expect(insert('active')).resolves.toBeDefined();
    await expect(insert('deleted')).rejects.toThrow(/check/i);
    await expect(
      database.db
        .insertInto('contact_messages')
        .values({ id: newId(), name: 'n', email: 'e', phone: 'p', subject: 's', message: 'm' })
        .execute(),
    ).resolves.toBeDefined();
  });

  it('keeps admin emails unique whatever their case', async () => {
    const add = (email: string) =>
      database.db.insertInto('admin_users').values({ id: newId(), email, passwordHash: 'x' }).execute();
    await add('Staff@Example.org');
    await expect(add('staff@example.ORG')).rejects.toThrow(/unique|duplicate/i);
  });

  it('stores naira exactly and reads bigint sums back as numbers on both drivers', async () => {
    const base = {
      title: 't',
      description: 'd',
      image: '',
      location: 'Kano' as const,
      galleryImages: '[]',
    };
    await database.db
      .insertInto('campaigns')
      .values([
        { ...base, id: newId(), target: 9_000_000_000_000, amountRaised: 4_503_599_627_370_495 },
        { ...base, id: newId(), target: 10, amountRaised: 1 },
      ])
      .execute();
    const row = await database.db
      .selectFrom('campaigns')
      .select([
        sql<number>`sum(amount_raised)`.as('total'),
        sql<number>`count(*)`.as('count'),
        sql<number>`max(target)`.as('max'),
      ])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ total: 4_503_599_627_370_496, count: 2, max: 9_000_000_000_000 });
    await expect(
      database.db
        .insertInto('campaigns')
        .values({ ...base, id: newId(), target: -1, amountRaised: 0 })
        .execute(),
    ).rejects.toThrow(/check/i);
  });

  it('bumps the campaign version on every change, whoever makes it', async () => {
    const version = async () =>
      (
        await database.db
          .selectFrom('data_versions')
          .select('version')
          .where('name', '=', 'campaigns')
          .executeTakeFirstOrThrow()
      ).version;
    const before = await version();
    await sql`update campaigns set title = title || '!'`.execute(database.db);
    const afterUpdate = await version();
    expect(afterUpdate).toBeGreaterThan(before);
    await sql`delete from campaign_updates`.execute(database.db);
    expect(await version()).toBeGreaterThan(afterUpdate);
  });

  it('makes ids that sort by creation time', () => {
    const ids = Array.from({ length: 500 }, () => newId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
