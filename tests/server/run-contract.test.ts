/**
 * The run contract as an operator meets it: configuration errors, the admin bootstrap, the
 * generated JWT secret, admin:create and a graceful stop — with real processes and databases.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { actorOf } from '../../server/audit/audit';
import { resolveJwtSecret } from '../../server/auth/secret';
import { ensureAdmin, FIRST_ADMIN_EMAIL, login as loginAdmin } from '../../server/auth/service';
import { createTokenSigner } from '../../server/auth/tokens';
import { ConfigError, loadConfig } from '../../server/config';
import { testConfig } from '../helpers/app';
import { freshDatabase, type TestDatabase, testDatabases } from '../helpers/databases';
import { exited, freePort, runTs, startTs, waitForReady } from '../helpers/processes';
import { waitFor } from '../helpers/wait';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'foundation-test-'));

/**
 * Tests that start the server or a command as processes, each compiling TypeScript and opening its
 * database, on a machine that runs other test files at the same time.
 */
const PROCESSES_MS = 120_000;

describe('configuration', () => {
  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'not a url' }, /^Invalid configuration: DATABASE_URL /],
    [{ DATABASE_URL: 'mysql://localhost/x' }, /^Invalid configuration: DATABASE_URL /],
    [{ SEED_DEMO: 'maybe' }, /^Invalid configuration: SEED_DEMO /],
    [{ CORS_ORIGINS: 'example.org' }, /^Invalid configuration: CORS_ORIGINS /],
    [{ JWT_SECRET: 'short' }, /^Invalid configuration: JWT_SECRET /],
    [{ ADMIN_EMAIL: 'a@example.org' }, /ADMIN_EMAIL and ADMIN_PASSWORD must be set together/],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long enough password' }, /^Invalid configuration: ADMIN_EMAIL /],
    // Paystack sends donors back to the site: its address must be the real one.
    [{ PAYSTACK_SECRET_KEY: 'sk_test_0123456789abcdef' }, /PUBLIC_URL must be set with PAYSTACK_SECRET_KEY/],
    [{ PAYSTACK_SECRET_KEY: 'pk_test_0123456789abcdef' }, /^Invalid configuration: PAYSTACK_SECRET_KEY /],
    [{ PAYSTACK_API_URL: 'api.paystack.co' }, /^Invalid configuration: PAYSTACK_API_URL /],
  ])('%o is refused naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('has defaults for everything, and demo content only on the embedded database', () => {
    const embedded = loadConfig({});
    expect(embedded).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      seedDemo: true,
      uploadMaxBytes: 10 * 1024 * 1024,
    });
    expect(embedded.dataDir).toBe(path.resolve('./data'));
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('turns online payment on with a Paystack key, in the mode the key says', () => {
    expect(loadConfig({}).paystack).toBeUndefined();
    const site = { PUBLIC_URL: 'https://example.org' };
    expect(loadConfig({ ...site, PAYSTACK_SECRET_KEY: 'sk_test_0123456789abcdef' }).paystack).toEqual({
      secretKey: 'sk_test_0123456789abcdef',
      apiUrl: 'https://api.paystack.co',
      mode: 'test',
    });
    expect(loadConfig({ ...site, PAYSTACK_SECRET_KEY: 'sk_live_0123456789abcdef' }).paystack?.mode).toBe('live');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' }, 'DATABASE_URL'],
    [{ DATABASE_URL: '::::' }, 'DATABASE_URL'],
  ])(
    'the server stops with one clear line for %o',
    async (env, variable) => {
      const result = await runTs('server/main.ts', [], { DATA_DIR: tmp(), ...env });
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(variable);
      expect(result.stderr).not.toMatch(/^\s+at /m);
    },
    PROCESSES_MS,
  );
});

describe('JWT secret', () => {
  it('is generated once, kept owner-only in DATA_DIR and reused', () => {
    const dir = tmp();
    const first = resolveJwtSecret(undefined, dir);
    const file = path.join(dir, 'jwt-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
    expect(resolveJwtSecret('configured-secret-configured-secret', dir)).toBe('configured-secret-configured-secret');
  });
});

describe.each(testDatabases())('admin bootstrap on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.close());

  const deps = () => ({
    db: database.db,
    tokens: createTokenSigner('x'.repeat(40), 1),
    config: testConfig(),
    now: () => new Date(),
  });
  const visitor = actorOf(null, '127.0.0.1');

  it('creates a first admin with a random password once, and never again', async () => {
    const first = await ensureAdmin(database.db, undefined);
    expect(first?.email).toBe(FIRST_ADMIN_EMAIL);
    expect(first?.password.length).toBeGreaterThanOrEqual(12);
    await expect(
      loginAdmin(deps(), { email: FIRST_ADMIN_EMAIL, password: first!.password }, visitor),
    ).resolves.toHaveProperty('token');
    expect(await ensureAdmin(database.db, undefined)).toBeNull();
  });

  it('makes sure the ADMIN_EMAIL admin exists and has ADMIN_PASSWORD', async () => {
    await ensureAdmin(database.db, { email: 'Director@Example.org', password: 'first password 123' });
    await ensureAdmin(database.db, { email: 'director@example.org', password: 'second password 456' });
    const admins = await database.db
      .selectFrom('admin_users')
      .select('email')
      .where('email', 'ilike', 'director@example.org')
      .execute();
    expect(admins).toHaveLength(1);
    await expect(
      loginAdmin(deps(), { email: 'director@example.org', password: 'first password 123' }, visitor),
    ).rejects.toThrow();
    await expect(
      loginAdmin(deps(), { email: 'director@example.org', password: 'second password 456' }, visitor),
    ).resolves.toHaveProperty('token');
  });

  it(
    'admin:create creates or resets an admin from the command line',
    async () => {
      const env: Record<string, string> = database.url ? { DATABASE_URL: database.url } : { DATA_DIR: tmp() };
      if (!database.url) {
        // PGlite allows one process at a time: this half runs against its own folder.
        const created = await runTs('server/cli/admin-create.ts', ['ops@example.org', 'a long password 1'], env);
        expect(created.stdout).toContain('Admin ops@example.org created.');
        const reset = await runTs('server/cli/admin-create.ts', ['ops@example.org'], env);
        expect(reset.code).toBe(0);
        expect(reset.stdout).toMatch(/Admin ops@example.org updated\. Password: \S{12,}/);
        const bad = await runTs('server/cli/admin-create.ts', ['not-an-email', 'a long password 1'], env);
        expect(bad.code).toBe(1);
        expect(bad.stderr).toContain('admin:create: email');
        return;
      }
      const created = await runTs('server/cli/admin-create.ts', ['ops@example.org', 'a long password 1'], env);
      expect(created.code).toBe(0);
      await expect(
        loginAdmin(deps(), { email: 'ops@example.org', password: 'a long password 1' }, visitor),
      ).resolves.toHaveProperty('token');
      const reset = await runTs('server/cli/admin-create.ts', ['OPS@example.org', 'another password 2'], env);
      expect(reset.stdout).toContain('updated');
      await expect(
        loginAdmin(deps(), { email: 'ops@example.org', password: 'another password 2' }, visitor),
      ).resolves.toHaveProperty('token');
    },
    PROCESSES_MS,
  );
});

describe('the server process', () => {
  it(
    'prints the first admin password once, persists PGlite in DATA_DIR, and stops gracefully mid-request',
    async () => {
      const dataDir = tmp();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' };

      const first = startTs('server/main.ts', env);
      onTestFinished(() => void first.child.kill('SIGKILL'));
      await waitForReady(url, first.child, first.output);
      expect(first.output()).toMatch(/First admin created: admin@example\.org \/ \S{12,}/);
      expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      // A request whose body is still arriving when SIGTERM comes must still be answered.
      const body = JSON.stringify({ email: 'late@example.org' });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      let response = '';
      socket.on('data', (d) => (response += d));
      // `Expect: 100-continue` makes the server say when it has the request's head and is reading
      // its body: SIGTERM comes only then.
      socket.write(
        `POST /api/submissions/newsletter/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
      );
      const interim = 'HTTP/1.1 100 Continue\r\n\r\n';
      await waitFor(() => response.startsWith(interim), { what: 'the server to take the request (100 Continue)' });
      first.child.kill('SIGTERM');
      // The rest of the body comes once the server is stopping: it takes no new request by then.
      await waitFor(
        async () => {
          try {
            const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
            await res.arrayBuffer();
            return res.status === 503;
          } catch {
            return true;
          }
        },
        { what: 'the server to stop taking new requests after SIGTERM' },
      );
      socket.write(body.slice(5));
      await new Promise((r) => socket.once('close', r));
      expect(response.slice(interim.length)).toMatch(/^HTTP\/1\.1 201/);
      expect(await exited(first.child)).toBe(0);

      // The second start finds the admin and the subscription kept in DATA_DIR.
      const second = startTs('server/main.ts', env);
      onTestFinished(() => void second.child.kill('SIGKILL'));
      await waitForReady(url, second.child, second.output);
      expect(second.output()).not.toContain('First admin created');
      const password = /First admin created: \S+ \/ (\S+)/.exec(first.output())![1]!;
      const signIn = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: FIRST_ADMIN_EMAIL, password }),
      });
      const { token } = (await signIn.json()) as { token: string };
      const lists = await fetch(`${url}/api/submissions`, { headers: { authorization: `Bearer ${token}` } });
      const { newsletter } = (await lists.json()) as { newsletter: { email: string }[] };
      expect(newsletter.map((n) => n.email)).toEqual(['late@example.org']);
      second.child.kill('SIGINT');
      expect(await exited(second.child)).toBe(0);
    },
    PROCESSES_MS,
  );
});
