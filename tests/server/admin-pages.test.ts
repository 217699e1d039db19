/**
 * The admin lists at scale: keyset pages that see every row once, newest first; counts kept in
 * the same transaction as the rows; and, on the real PostgreSQL with 100,000 rows, no admin query
 * that scans a large table.
 */

import { type CompiledQuery, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../server/auth/tokens';
import { adminCampaignPage } from '../../server/campaigns/service';
import { type DB, withDialect } from '../../server/db/database';
import { newId } from '../../server/db/ids';
import { createPublicData } from '../../server/db/public-data';
import { openPublicDataVersion } from '../../server/db/public-data-version';
import type { Deps } from '../../server/deps';
import { createWakeSignal } from '../../server/lib/wake';
import { listSubmissions, submissionCounts, submissionPage } from '../../server/submissions/service';
import { SUBMISSION_TYPES } from '../../shared/constants';
import { createTestApp, TEST_SECRET, type TestApp, testConfig } from '../helpers/app';
import { freshDatabase, type TestDatabase, testDatabases } from '../helpers/databases';
import { campaignPayload, contactPayload, FORMS, uniqueEmail, volunteerPayload } from '../helpers/fixtures';

/** Adds `n` volunteers straight in SQL, `sameInstant` of them sharing one registration time. */
async function addVolunteers(db: DB, n: number, sameInstant = 0) {
  const base = Date.parse('2026-01-01T00:00:00Z');
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId(),
    firstName: `First${i}`,
    lastName: 'Volunteer',
    email: `v${i}@example.org`,
    phone: '08030000000',
    occupation: '',
    interests: '[]',
    availability: 'Weekends' as const,
    experience: '',
    motivation: 'To help.',
    // Microseconds apart, so a cursor that kept only milliseconds would lose rows.
    registrationDate: sql<Date>`${new Date(base + Math.max(0, i - sameInstant) * 1000).toISOString()}::timestamptz + ${i % 7} * interval '1 microsecond'`,
  }));
  await db.insertInto('volunteer_submissions').values(rows).execute();
  return rows.map((r) => r.id);
}

describe.each(testDatabases())('admin pages on %s', (kind) => {
  let t: TestApp;
  let ids: string[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    ids = await addVolunteers(t.deps.db, 130, 20);
  });
  afterAll(() => t.close());

  it('pages through every volunteer exactly once, newest first, with tRPC', async () => {
    const seen: string[] = [];
    const dates: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await t.adminCaller.submission.page({ type: 'volunteer', limit: 50, cursor });
      seen.push(...page.items.map((v) => v._id));
      dates.push(...page.items.map((v) => (v as { registrationDate: string }).registrationDate));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(130);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers GET /api/submissions in pages: first 100 per kind, then on with type and before', async () => {
    const first = await t.asAdmin({ method: 'GET', url: '/api/submissions' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual([
      'advocate',
      'contact',
      'counts',
      'newsletter',
      'next',
      'partner',
      'volunteer',
    ]);
    expect(body.volunteer).toHaveLength(100);
    expect(body.counts.volunteer).toBe(130);
    expect(body.next.volunteer).toEqual(expect.any(String));
    expect(body.next.partner).toBeNull();
    const rest = await t.asAdmin({
      method: 'GET',
      url: `/api/submissions?type=volunteer&before=${encodeURIComponent(body.next.volunteer)}&limit=500`,
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.statusCode).toBe(200);
    expect(rest.json().volunteer).toHaveLength(30);
    expect(rest.json().partner).toEqual([]);
    expect(rest.json().next.volunteer).toBeNull();
    const all = [...body.volunteer, ...rest.json().volunteer].map((v: { _id: string }) => v._id);
    expect(new Set(all)).toEqual(new Set(ids));
    const small = await t.asAdmin({ method: 'GET', url: '/api/submissions?limit=7' });
    expect(small.json().volunteer).toHaveLength(7);
    // The tRPC twin answers the same.
    expect(await t.adminCaller.submission.list({ limit: 7 })).toEqual(small.json());
  });

  it.each([
    [
      'before without type',
      '?before=1767225600000000_01900000-0000-7000-8000-000000000000',
      'Give the type whose list the cursor continues',
    ],
    [
      'a forged cursor',
      "?type=volunteer&before=1_x'or'1'='1",
      'This page link is not valid: start again from the first page',
    ],
    [
      'a cursor with too many digits',
      '?type=volunteer&before=123456789012345678_01900000-0000-7000-8000-000000000000',
      'This page link is not valid: start again from the first page',
    ],
    ['limit 0', '?limit=0', 'limit must be from 1 to 500'],
    ['limit 501', '?limit=501', 'limit must be from 1 to 500'],
    ['a limit that is not a number', '?limit=ten', 'limit must be from 1 to 500'],
    ['an unknown type', '?type=donor', 'Unknown submission type'],
    [
      'more than 100 per kind for every kind at once',
      '?limit=101',
      'More than 100 rows at a time come for one type only: add type',
    ],
  ])('refuses %s with 400', async (_name, query, message) => {
    const res = await t.asAdmin({ method: 'GET', url: `/api/submissions${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('keeps the counts true through inserts, repeats, erasure and parallel writes', async () => {
    const before = await submissionCounts(t.deps);
    const email = uniqueEmail('counted');
    await t.app.inject({ method: 'POST', url: '/api/submissions/newsletter/register', payload: { email } });
    await t.app.inject({ method: 'POST', url: '/api/submissions/newsletter/register', payload: { email } });
    const posts = await Promise.all(
      Array.from({ length: 60 }, () =>
        t.app.inject({ method: 'POST', url: '/api/submissions/contact/register', payload: contactPayload() }),
      ),
    );
    expect(posts.every((p) => p.statusCode === 201)).toBe(true);
    const bot = { ...volunteerPayload(), website: 'spam' };
    await t.app.inject({ method: 'POST', url: '/api/submissions/volunteer/register', payload: bot });
    await t.asAdmin({ method: 'DELETE', url: `/api/submissions/contact/${posts[0]!.json().data._id}` });
    const after = await submissionCounts(t.deps);
    expect(after).toEqual({ ...before, newsletter: before.newsletter + 1, contact: before.contact + 59 });
    for (const type of SUBMISSION_TYPES) {
      const { n } = await t.deps.db
        .selectFrom(FORMS[type].table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(after[type], type).toBe(Number(n));
    }
    expect(await t.adminCaller.submission.counts()).toEqual(after);
  });

  it('pages the campaigns table for admins, newest first', async () => {
    for (let i = 0; i < 5; i++) await t.adminCaller.campaign.create(campaignPayload({ title: `Campaign ${i}` }));
    const first = await t.adminCaller.campaign.adminPage({ limit: 3 });
    const second = await t.adminCaller.campaign.adminPage({ limit: 3, cursor: first.nextCursor! });
    expect([...first.items, ...second.items].map((c) => c.title)).toEqual([4, 3, 2, 1, 0].map((i) => `Campaign ${i}`));
    expect(second.nextCursor).toBeNull();
    await expect(t.publicCaller.campaign.adminPage({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

/** Every plan node of an EXPLAIN (FORMAT JSON) answer. */
function planNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(planNodes)];
}

describe.skipIf(!testDatabases().includes('postgres'))('admin queries on PostgreSQL with 100,000 rows', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let deps: Deps;
  const queries: CompiledQuery[] = [];
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    const db = database.db;
    // Unlogged, so the bulk load writes no WAL: the plans are the same, and the load stays a few
    // seconds even on a machine whose disk the rest of the suite keeps busy.
    await sql`alter table volunteer_submissions set unlogged`.execute(db);
    await sql`alter table contact_messages set unlogged`.execute(db);
    for (const [table, columns] of [
      ['volunteer_submissions', `first_name, last_name, email, phone, availability, motivation, registration_date`],
      ['contact_messages', `name, email, phone, subject, message, created_at`],
    ] as const) {
      const values =
        table === 'volunteer_submissions'
          ? sql`'First ' || g, 'Last', 'v' || g || '@example.org', '0803', 'Weekends', 'To help', now() - g * interval '1 second'`
          : sql`'Name ' || g, 'c' || g || '@example.org', '0803', 'Subject', 'A message', now() - g * interval '1 second'`;
      await sql`insert into ${sql.table(table)} (id, ${sql.raw(columns)})
        select gen_random_uuid(), ${values} from generate_series(1, 100000) g`.execute(db);
    }
    await sql`insert into campaigns (id, title, description, short_description, target, location)
      select gen_random_uuid(), 'C ' || g, 'D', 'S', 1000, 'Kano' from generate_series(1, 2000) g`.execute(db);
    await sql`analyze`.execute(db);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const logged = withDialect(new PostgresDialect({ pool }), (event) => {
      if (event.level === 'query') queries.push(event.query);
    });
    const publicDataVersion = await openPublicDataVersion({ ...database, db: logged });
    deps = {
      db: logged,
      config: testConfig(),
      tokens: createTokenSigner(TEST_SECRET, 12),
      now: () => new Date(),
      publicDataVersion,
      publicData: createPublicData(publicDataVersion),
      mailQueued: createWakeSignal(),
      editionsDue: createWakeSignal(),
    };
  }, 300_000);
  afterAll(async () => {
    await deps?.publicDataVersion.close();
    await pool?.end();
    await database?.close();
  });

  it('uses an index for every list page, deep pages, counts and the campaigns table', async () => {
    const first = await submissionPage(deps, 'volunteer', { limit: 50 });
    const deep = await submissionPage(deps, 'contact', { limit: 50 });
    await submissionPage(deps, 'contact', { limit: 50, cursor: deep.nextCursor! });
    await submissionPage(deps, 'volunteer', { limit: 50, cursor: first.nextCursor! });
    await listSubmissions(deps, {});
    await submissionCounts(deps);
    const campaigns = await adminCampaignPage(deps, { limit: 50 });
    await adminCampaignPage(deps, { limit: 50, cursor: campaigns.nextCursor! });

    const large = new Set(['volunteer_submissions', 'contact_messages', 'campaigns']);
    const client = await pool.connect();
    try {
      expect(queries.length).toBeGreaterThan(8);
      for (const query of queries) {
        const { rows } = await client.query(`explain (format json) ${query.sql}`, query.parameters as unknown[]);
        const plan = (rows[0] as { 'QUERY PLAN': { Plan: Record<string, unknown> }[] })['QUERY PLAN'][0]!.Plan;
        const scans = planNodes(plan).filter(
          (node) => node['Node Type'] === 'Seq Scan' && large.has(String(node['Relation Name'])),
        );
        expect(
          scans.map((s) => s['Relation Name']),
          query.sql,
        ).toEqual([]);
      }
    } finally {
      client.release();
    }
  });
});
