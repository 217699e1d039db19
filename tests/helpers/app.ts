/** Builds the real Fastify app on a fresh database, with a signed-in admin, for inject tests. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type AppOptions, buildApp } from '../../server/app';
import { upsertAdmin } from '../../server/auth/service';
import { createTokenSigner, type TokenSigner } from '../../server/auth/tokens';
import { createCampaignCatalog } from '../../server/campaigns/catalog';
import { type Config, loadConfig } from '../../server/config';
import type { Deps } from '../../server/deps';
import { createInnerContext } from '../../server/trpc/context';
import { appRouter } from '../../server/trpc/root';
import { createCallerFactory } from '../../server/trpc/trpc';
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

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: '/tmp/foundation-test-data',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    FORM_RATE_LIMIT_PER_MINUTE: '100000',
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
    logger?: AppOptions['logger'];
    onRoute?: AppOptions['onRoute'];
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase(kind);
  const config = testConfig(options.env);
  const now = options.now ?? (() => new Date());
  const tokens = options.tokens ?? createTokenSigner(TEST_SECRET, config.tokenTtlHours, now);
  const deps: Deps = { db: database.db, config, tokens, now, catalog: createCampaignCatalog() };
  await upsertAdmin(database.db, ADMIN.email, ADMIN.password);
  const admin = await database.db.selectFrom('admin_users').select(['id', 'email']).executeTakeFirstOrThrow();
  const token = await tokens.sign(admin);
  const app = await buildApp(deps, { staticDir: options.staticDir, logger: options.logger, onRoute: options.onRoute });
  await app.ready();
  return {
    app,
    deps,
    database,
    token,
    publicCaller: createCaller(createInnerContext(deps, null)),
    adminCaller: createCaller(createInnerContext(deps, admin)),
    asAdmin: (opts) => app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
