/**
 * What an acknowledged write survives: many at once, a PostgreSQL crash and restart under load,
 * `kill -9` of the embedded server mid-write; and two instances on one PostgreSQL that see each
 * other's writes at once. An acknowledged row (201 with its id) must be stored, exactly once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrator';
import { ADMIN, createTestApp, type TestApp, type TwoInstances, twoInstances } from '../helpers/app';
import { type TestDatabase, testDatabases } from '../helpers/databases';
import { campaignPayload, contactPayload, uniqueEmail } from '../helpers/fixtures';
import { type PrivatePostgres, postgresBinaries, startPrivatePostgres } from '../helpers/private-postgres';
import { exited, freePort, startTs, waitForReady } from '../helpers/processes';
import { waitFor } from '../helpers/wait';

/**
 * Posts contact messages from `clients` loops until `stop()` is called; `acknowledged` holds the
 * ids the server acknowledged so far and `failed` counts the requests that failed, as they happen.
 */
function writeUnderLoad(base: string, clients: number) {
  const load = { acknowledged: [] as string[], failed: 0, stop };
  let done = false;
  const loop = async () => {
    while (!done) {
      try {
        const res = await fetch(`${base}/api/submissions/contact/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(contactPayload({ email: uniqueEmail('load') })),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status === 201) load.acknowledged.push(((await res.json()) as { data: { _id: string } }).data._id);
        else {
          load.failed++;
          await res.body?.cancel();
        }
      } catch {
        load.failed++;
        // The server is unreachable: a client backs off a little before trying again.
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const loops = Promise.all(Array.from({ length: clients }, loop));
  /** Ends the loops once their requests in flight are answered. */
  async function stop() {
    done = true;
    await loops;
  }
  return load;
}

describe.each(testDatabases())('many writes at once on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('stores 1,000 concurrent submissions exactly once each', async () => {
    const emails = Array.from({ length: 1000 }, () => uniqueEmail('burst'));
    const answers = await Promise.all(
      emails.map((email) =>
        t.app.inject({ method: 'POST', url: '/api/submissions/contact/register', payload: contactPayload({ email }) }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const rows = await t.deps.db.selectFrom('contact_messages').select(['id', 'email']).execute();
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => r.email))).toEqual(new Set(emails));
    expect(new Set(answers.map((a) => a.json().data._id))).toEqual(new Set(rows.map((r) => r.id)));
  });
});

/**
 * The crash test needs PostgreSQL's own programs (initdb, pg_ctl) to run a server it may crash.
 * Without them it is skipped, loudly, on a developer's machine; on CI (CI set, as runners do) a
 * missing program is a failure, so the test can never pass there by not running.
 */
const programsMissing = postgresBinaries() === null;
const onCI = Boolean(process.env.CI) && !['false', '0'].includes(process.env.CI!.toLowerCase());
const MISSING = 'PostgreSQL programs (initdb, pg_ctl) are not installed under /usr/lib/postgresql';
if (programsMissing && !onCI) {
  const bar = '!'.repeat(78);
  console.warn(`\n${bar}\n${MISSING}: SKIPPING the PostgreSQL crash test. On CI this fails.\n${bar}\n`);
}

const skipCrashTest = programsMissing ? !onCI : !testDatabases().includes('postgres');

describe.skipIf(skipCrashTest)('a PostgreSQL crash and restart under write load', () => {
  let server: PrivatePostgres;
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    if (programsMissing) return; // the test fails, naming what is missing
    server = await startPrivatePostgres();
    const handle = openPostgres(server.url, { max: 8 });
    await migrateToLatest(handle.db);
    database = { ...handle, url: server.url };
    t = await createTestApp('postgres', { database });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await server?.stop();
  });

  it('loses no acknowledged write, and the server takes writes again once PostgreSQL is back', async () => {
    if (programsMissing) expect.fail(`${MISSING}, and CI is set: this test must run on CI`);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const load = writeUnderLoad(base, 16);
    try {
      await waitFor(() => load.acknowledged.length > 50, {
        what: 'more than 50 writes acknowledged before the crash',
        timeoutMs: 20_000,
      });
      // PostgreSQL stays down until the writers have met the outage.
      const failedBefore = load.failed;
      await server.crashAndRestart(() =>
        waitFor(() => load.failed > failedBefore, { what: 'writes failing while PostgreSQL is down' }),
      );
      const acknowledgedAtRestart = load.acknowledged.length;
      await waitFor(() => load.acknowledged.length >= acknowledgedAtRestart + 50, {
        what: '50 more writes acknowledged after PostgreSQL restarted',
        timeoutMs: 30_000,
      });
    } finally {
      await load.stop();
    }
    const { acknowledged, failed } = load;
    const stored = new Set((await t.deps.db.selectFrom('contact_messages').select('id').execute()).map((r) => r.id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    expect(acknowledged.length).toBeGreaterThan(50);
    // Requests in flight when it went down failed, as they must; none was answered 201 wrongly.
    expect(failed).toBeGreaterThan(0);
    const after = await fetch(`${base}/api/submissions/contact/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(contactPayload()),
    });
    expect(after.status).toBe(201);
  }, 60_000);
});

describe.skipIf(!testDatabases().includes('postgres'))('two instances on one PostgreSQL', () => {
  let instances: TwoInstances;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    instances = await twoInstances();
    ({ a, b } = instances);
  });
  afterAll(() => instances.close());

  it('see each other’s campaign writes in the next request', async () => {
    // Both have served (and cached) the list before the write.
    expect((await a.app.inject({ method: 'GET', url: '/campaigns' })).json()).toEqual([]);
    expect((await b.app.inject({ method: 'GET', url: '/campaigns' })).json()).toEqual([]);
    const created = await a.asAdmin({
      method: 'POST',
      url: '/campaigns',
      payload: campaignPayload({ title: 'From A' }),
    });
    const id = created.json().campaign._id;
    expect(
      (await b.app.inject({ method: 'GET', url: '/campaigns' })).json().map((c: { _id: string }) => c._id),
    ).toEqual([id]);
    await b.asAdmin({ method: 'PUT', url: `/campaigns/${id}`, payload: campaignPayload({ title: 'Edited on B' }) });
    expect((await a.app.inject({ method: 'GET', url: `/campaigns/${id}` })).json().title).toBe('Edited on B');
    expect((await a.publicCaller.campaign.byId({ id })).title).toBe('Edited on B');
    await a.asAdmin({ method: 'DELETE', url: `/campaigns/${id}` });
    expect((await b.app.inject({ method: 'GET', url: `/campaigns/${id}` })).statusCode).toBe(404);
  });

  it('share sessions and sign-in limits', async () => {
    const token = (await a.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).json().token;
    const verifyOn = (app: TestApp) =>
      app.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });
    expect((await verifyOn(b)).statusCode).toBe(200);
    await b.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect((await verifyOn(a)).statusCode).toBe(401);

    const wrong = { email: ADMIN.email, password: 'a wrong password here' };
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? a : b;
      expect((await app.app.inject({ method: 'POST', url: '/api/auth/login', payload: wrong })).statusCode).toBe(401);
    }
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).statusCode).toBe(429);
    expect((await b.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).statusCode).toBe(429);
  });
});

describe('kill -9 of the embedded server mid-write', () => {
  it('loses no acknowledged write', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-kill-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      JWT_SECRET: 'a-secret-for-this-test-that-is-long-enough',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      FORM_RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_PER_MINUTE: '1000000',
    };
    const first = startTs('server/main.ts', env);
    await waitForReady(base, first.child, first.output);
    const load = writeUnderLoad(base, 8);
    try {
      // Killed mid-write: once many writes are acknowledged, with more in flight.
      await waitFor(() => load.acknowledged.length > 100, {
        what: 'more than 100 writes acknowledged before kill -9',
        timeoutMs: 30_000,
      });
    } finally {
      first.child.kill('SIGKILL');
      await exited(first.child);
      await load.stop();
    }
    const { acknowledged } = load;
    expect(acknowledged.length).toBeGreaterThan(20);

    const second = startTs('server/main.ts', env);
    try {
      await waitForReady(base, second.child, second.output);
      const { token } = (await (
        await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        })
      ).json()) as { token: string };
      // Every stored contact message, a page at a time.
      const stored = new Set<string>();
      let before: string | null = '';
      while (before !== null) {
        const page = (await (
          await fetch(`${base}/api/submissions?type=contact&limit=500${before ? `&before=${before}` : ''}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { contact: { _id: string }[]; next: { contact: string | null } };
        for (const c of page.contact) stored.add(c._id);
        before = page.next.contact;
      }
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      second.child.kill('SIGKILL');
      await exited(second.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
