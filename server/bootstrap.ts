/**
 * Everything between configuration and a listening server: open the database (with a one-line
 * error for a bad DATABASE_URL), migrate, make sure an admin exists, add demo content.
 */

import { resolveJwtSecret } from './auth/secret';
import { ensureAdmin } from './auth/service';
import { createTokenSigner, type TokenSigner } from './auth/tokens';
import { type Config, ConfigError } from './config';
import { type DatabaseHandle, openPglite, openPostgres } from './db/database';
import { migrateToLatest } from './db/migrator';
import { createPublicData } from './db/public-data';
import { openPublicDataVersion } from './db/public-data-version';
import type { Deps } from './deps';
import { createWakeSignal } from './lib/wake';
import { seedDemoContent } from './seed/demo';

export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (!config.databaseUrl) return openPglite(config.dataDir);
  const handle = openPostgres(config.databaseUrl);
  try {
    await handle.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
  } catch (error) {
    await handle.close().catch(() => {});
    const url = new URL(config.databaseUrl);
    const reason = (error as { code?: string; message?: string }).code ?? (error as Error).message;
    throw new ConfigError(
      `Invalid configuration: DATABASE_URL cannot reach ${url.hostname}:${url.port || 5432}${url.pathname} (${reason})`,
    );
  }
  return handle;
}

export interface Prepared {
  deps: Deps;
  handle: DatabaseHandle;
  /** Set on the very first start without ADMIN_* variables: print it once. */
  firstAdmin: { email: string; password: string } | null;
  seeded: number;
}

/** What services need, over an open database: the one place deps are put together (tests too). */
export async function createDeps(
  handle: DatabaseHandle,
  config: Config,
  tokens: TokenSigner,
  now: () => Date,
): Promise<Deps> {
  const publicDataVersion = await openPublicDataVersion(handle);
  return {
    db: handle.db,
    config,
    tokens,
    now,
    publicDataVersion,
    publicData: createPublicData(publicDataVersion),
    mailQueued: createWakeSignal(),
    editionsDue: createWakeSignal(),
  };
}

export async function prepare(config: Config, now: () => Date = () => new Date()): Promise<Prepared> {
  const handle = await openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    const tokens = createTokenSigner(resolveJwtSecret(config.jwtSecret, config.dataDir), config.tokenTtlHours, now);
    const deps = await createDeps(handle, config, tokens, now);
    const firstAdmin = await ensureAdmin(handle.db, config.admin, now);
    const seeded = config.seedDemo ? await seedDemoContent(deps) : 0;
    return { deps, handle, firstAdmin, seeded };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}
