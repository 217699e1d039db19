/** Builds the real Fastify app on a fresh database, with a signed-in admin, for inject tests. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type AppOptions, buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/password';
import { issueToken } from '../../server/auth/service';
import { createTokenSigner, type TokenSigner } from '../../server/auth/tokens';
import { createDeps } from '../../server/bootstrap';
import { type Config, loadConfig } from '../../server/config';
import { type DB, openPostgres } from '../../server/db/database';
import { newId } from '../../server/db/ids';
import type { Deps } from '../../server/deps';
import { createInnerContext } from '../../server/trpc/context';
import { appRouter } from '../../server/trpc/root';
import { createCallerFactory } from '../../server/trpc/trpc';
import type { Role } from '../../shared/roles';
import { type DatabaseKind, freshDatabase, type TestDatabase } from './databases';

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const ADMIN = { email: 'admin@example.org', password: 'correct horse battery staple' };

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  database: TestDatabase;
  /** A valid admin token. */
  token: string;
  /** tRPC caller as a visitor, and as the signed-in admin. */
  publicCaller: Caller;
  adminCaller: Caller;
  /** inject with the admin's bearer token. */
  asAdmin(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Adds an admin with that email and password straight to the table. */
export async function insertAdmin(db: DB, who: { email: string; password: string }) {
  const row = { id: newId(), email: who.email, passwordHash: await hashPassword(who.password) };
  await db.insertInto('admin_users').values(row).execute();
  return { id: row.id, email: row.email, tokenVersion: 0 };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: '/tmp/foundation-test-data',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    FORM_RATE_LIMIT_PER_MINUTE: '100000',
    SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
    ...overrides,
  });
}

export async function createTestApp(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    now?: () => Date;
    tokens?: TokenSigner;
    staticDir?: string;
    renderer?: AppOptions['renderer'];
    logger?: AppOptions['logger'];
    onRoute?: AppOptions['onRoute'];
    /** A database already made and migrated, shared with another app (closed by its owner). */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const shared = options.database;
  const database = shared ?? (await freshDatabase(kind));
  const config = testConfig(options.env);
  const now = options.now ?? (() => new Date());
  const tokens = options.tokens ?? createTokenSigner(TEST_SECRET, config.tokenTtlHours, now);
  const deps = await createDeps(database, config, tokens, now);
  const admin =
    (await database.db.selectFrom('admin_users').select(['id', 'email', 'tokenVersion']).executeTakeFirst()) ??
    (await insertAdmin(database.db, ADMIN));
  const token = await issueToken(deps, admin);
  const sessionId = (await tokens.verify(token))!.sessionId;
  const app = await buildApp(deps, {
    staticDir: options.staticDir,
    renderer: options.renderer,
    logger: options.logger,
    onRoute: options.onRoute,
  });
  await app.ready();
  return {
    app,
    deps,
    database,
    token,
    publicCaller: createCaller(createInnerContext(deps, null)),
    adminCaller: createCaller(
      createInnerContext(deps, {
        id: admin.id,
        email: admin.email,
        name: '',
        role: 'admin',
        mustChangePassword: false,
        sessionId,
      }),
    ),
    asAdmin: (opts) => app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } }),
    async close() {
      await app.close();
      await deps.publicDataVersion.close();
      if (!shared) await database.close();
    },
  };
}

export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  /** The database both use, for statements made outside either instance. */
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * Two apps on one fresh PostgreSQL database, each with a pool and a listening connection of its
 * own, as two server instances behind a load balancer have.
 */
export async function twoInstances(): Promise<TwoInstances> {
  const database = await freshDatabase('postgres');
  const second = openPostgres(database.url!, { max: 4 });
  const a = await createTestApp('postgres', { database });
  const b = await createTestApp('postgres', { database: { ...second, url: database.url } });
  return {
    a,
    b,
    database,
    async close() {
      await a.close();
      await b.close();
      await second.close();
      await database.close();
    },
  };
}

/** A staff account of that role, straight into the table, with its password already its own. */
export async function insertStaff(db: DB, role: Role, email = `${role}-${newId().slice(-8)}@example.org`) {
  const row = {
    id: newId(),
    email,
    name: `${role[0]!.toUpperCase()}${role.slice(1)} Person`,
    role,
    passwordHash: await hashPassword(ADMIN.password),
  };
  await db.insertInto('admin_users').values(row).execute();
  return { id: row.id, email: row.email, tokenVersion: 0 };
}
