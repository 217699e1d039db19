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

/**
 * Posts contact messages from `clients` loops until `stop()` resolves; answers the ids the server
 * acknowledged and how many requests failed.
 */
async function writeUnderLoad(base: string, clients: number, until: Promise<unknown>) {
  const acknowledged: string[] = [];
  let failed = 0;
  let done = false;
  void until.then(() => (done = true));
  const loop = async () => {
    while (!done) {
      try {
        const res = await fetch(`${base}/api/submissions/contact/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(contactPayload({ email: uniqueEmail('load') })),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status === 201) acknowledged.push(((await res.json()) as { data: { _id: string } }).data._id);
        else {
          failed++;
          await res.body?.cancel();
        }
      } catch {
        failed++;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  return { acknowledged, failed };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

const privatePostgres = postgresBinaries() !== null && testDatabases().includes('postgres');

describe.skipIf(!privatePostgres)('a PostgreSQL crash and restart under write load', () => {
  let server: PrivatePostgres;
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
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
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const load = writeUnderLoad(
      base,
      16,
      (async () => {
        await sleep(1500);
        await server.crashAndRestart(1000);
        await sleep(2500);
      })(),
    );
    const { acknowledged, failed } = await load;
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
    const { acknowledged } = await writeUnderLoad(
      base,
      8,
      (async () => {
        await sleep(2000);
        first.child.kill('SIGKILL');
      })(),
    );
    await exited(first.child);
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
