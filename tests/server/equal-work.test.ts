/**
 * Answers that hide something also take the same work, on both databases: "forgot your password"
 * for a staff account's address and an unknown one, "find my pledge" for an address that pledged
 * and one that did not, and a newsletter sign-up of a known address and a new one (decision 008).
 * Each pair runs the same statements, with their values aside: a deterministic, untimed proof. A
 * loose look at the times follows, interleaved over many samples: the two paths must not be
 * apart by both a wide ratio of medians and a rank test (tests/helpers/timing.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertStaff, type TestApp } from '../helpers/app';
import { freshDatabase, type TestDatabase, testDatabases } from '../helpers/databases';
import { campaignPayload, unique, uniqueEmail } from '../helpers/fixtures';
import { mailEnv } from '../helpers/mail';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { statementRecorder } from '../helpers/statements';
import { apart, compare, interleavedSamples } from '../helpers/timing';

/** Timed samples per path. */
const SAMPLES = 40;
const WARM_UP = 3;

describe.each(testDatabases())('answers alike after the same work on %s', (kind) => {
  const recorder = statementRecorder();
  let database: TestDatabase;
  let t: TestApp;
  let smtp: TestSmtp;
  let campaignId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    database = await freshDatabase(kind);
    t = await createTestApp(kind, {
      database: { ...database, db: recorder.wrap(database.db) },
      env: { ...mailEnv(smtp), ALLOWED_HOSTS: 'localhost' },
    });
    const created = await t.asAdmin({ method: 'POST', url: '/campaigns', payload: campaignPayload() });
    expect(created.statusCode, created.body).toBe(201);
    campaignId = created.json().campaign._id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await smtp?.stop();
  });

  // Each request from its own client, so no per-client budget ever runs out here.
  let client = 0;
  const nextClient = () => {
    client++;
    return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
  };
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: nextClient() });

  const forgot = async (email: string) => {
    const res = await post('/api/auth/forgot-password', { email });
    expect(res.statusCode, res.body).toBe(202);
  };
  const lookup = async (email: string) => {
    const res = await post('/api/pledges/lookup', { email });
    expect(res.statusCode, res.body).toBe(202);
  };
  const subscribe = async (email: string, clientId?: string) => {
    const res = await post('/api/submissions/newsletter/register', { email, ...(clientId ? { clientId } : {}) });
    expect(res.statusCode, res.body).toBe(201);
  };
  const pledgeWith = async (email: string) => {
    const res = await post('/api/pledges', { campaignId, amount: 10_000, name: 'Hauwa Sani', email });
    expect(res.statusCode, res.body).toBe(201);
  };
  const staffAddress = async () => (await insertStaff(t.deps.db, 'editor', uniqueEmail('staff'))).email;
  const pledgedAddress = async () => {
    const email = uniqueEmail('donor');
    await pledgeWith(email);
    return email;
  };
  const subscribedAddress = async () => {
    const email = uniqueEmail('reader');
    await subscribe(email);
    return email;
  };
  /** `count` of what `make` makes, one after another. */
  const many = async (count: number, make: () => Promise<string>) => {
    const made: string[] = [];
    for (let i = 0; i < count; i++) made.push(await make());
    return made;
  };

  /** The statements of each way, after a first run of each: one-time work (a cache filled) is not the path's. */
  async function statementsOf(ways: Record<string, () => Promise<unknown>>) {
    const recorded: Record<string, string[]> = {};
    for (const [name, run] of Object.entries(ways)) recorded[name] = await recorder.during(run);
    return recorded;
  }

  /** Times the two ways interleaved, and says how far apart they are. */
  async function timesOf(a: () => Promise<unknown>, b: () => Promise<unknown>) {
    const { a: timesA, b: timesB } = await interleavedSamples(a, b, SAMPLES, WARM_UP);
    const comparison = compare(timesA, timesB);
    return { comparison, apart: apart(comparison) };
  }

  describe('forgot password', () => {
    it('runs the same statements for an account, a disabled account and an unknown address, queueing a mail job for each', async () => {
      const [warmA, account] = await many(2, staffAddress);
      const [warmD, disabled] = await many(2, staffAddress);
      await t.deps.db
        .updateTable('admin_users')
        .set({ disabledAt: new Date() })
        .where('email', 'in', [warmD!, disabled!])
        .execute();
      await forgot(warmA!);
      await forgot(warmD!);
      await forgot(uniqueEmail('warm'));
      const recorded = await statementsOf({
        account: () => forgot(account!),
        disabled: () => forgot(disabled!),
        unknown: () => forgot(uniqueEmail('nobody')),
      });
      expect(recorded.unknown).toEqual(recorded.account);
      expect(recorded.disabled).toEqual(recorded.account);
      expect(recorded.account!.filter((s) => s.startsWith('Insert mail_outbox'))).toHaveLength(1);
    });

    it('takes the same time for an account and an unknown address, within the noise', async () => {
      const accounts = await many(SAMPLES + WARM_UP, staffAddress);
      const { comparison, apart: differ } = await timesOf(
        () => forgot(accounts.pop()!),
        () => forgot(uniqueEmail('nobody')),
      );
      expect(differ, JSON.stringify(comparison)).toBe(false);
    });
  });

  describe('find my pledge', () => {
    it('runs the same statements for an address that pledged and one that did not, queueing a mail job for each', async () => {
      const [warm, pledged] = await many(2, pledgedAddress);
      await lookup(warm!);
      await lookup(uniqueEmail('warm'));
      const recorded = await statementsOf({
        pledged: () => lookup(pledged!),
        unknown: () => lookup(uniqueEmail('nobody')),
      });
      expect(recorded.unknown).toEqual(recorded.pledged);
      expect(recorded.pledged!.filter((s) => s.startsWith('Insert mail_outbox'))).toHaveLength(1);
    });

    it('takes the same time for an address that pledged and one that did not, within the noise', async () => {
      const pledged = await many(SAMPLES + WARM_UP, pledgedAddress);
      const { comparison, apart: differ } = await timesOf(
        () => lookup(pledged.pop()!),
        () => lookup(uniqueEmail('nobody')),
      );
      expect(differ, JSON.stringify(comparison)).toBe(false);
    });
  });

  describe('newsletter sign-up', () => {
    it('runs the same statements for a known address and a new one, with and without a clientId', async () => {
      const [warm, known, knownToo] = await many(3, subscribedAddress);
      // Confirmed and active, as a subscriber being looked for is.
      await t.deps.db
        .updateTable('newsletter_subscriptions')
        .set({ confirmedAt: new Date() })
        .where('email', '=', knownToo!)
        .execute();
      await subscribe(warm!);
      await subscribe(warm!, crypto.randomUUID());
      await subscribe(uniqueEmail('warm'), crypto.randomUUID());
      const recorded = await statementsOf({
        known: () => subscribe(known!),
        confirmed: () => subscribe(knownToo!),
        fresh: () => subscribe(uniqueEmail('new')),
        knownWithId: () => subscribe(known!, crypto.randomUUID()),
        freshWithId: () => subscribe(uniqueEmail('new'), crypto.randomUUID()),
      });
      expect(recorded.fresh).toEqual(recorded.known);
      expect(recorded.confirmed).toEqual(recorded.known);
      expect(recorded.freshWithId).toEqual(recorded.knownWithId);
      expect(recorded.known!.filter((s) => s.startsWith('Insert mail_outbox'))).toHaveLength(1);
    });

    it('takes the same time for a known address and a new one, within the noise', async () => {
      const known = await many(SAMPLES + WARM_UP, subscribedAddress);
      const { comparison, apart: differ } = await timesOf(
        () => subscribe(known.pop()!, crypto.randomUUID()),
        () => subscribe(`${unique('new')}@example.org`, crypto.randomUUID()),
      );
      expect(differ, JSON.stringify(comparison)).toBe(false);
    });
  });
});
