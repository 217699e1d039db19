/**
 * Fresh databases for tests: an in-memory PGlite, or a new database on the test PostgreSQL server
 * (dropped afterwards), so test files run in parallel without seeing each other's rows.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrator';
import type { PgliteImages } from '../setup/pglite-images';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases this run covers: PGlite always, PostgreSQL when the global setup reached it. */
export function testDatabases(): DatabaseKind[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase extends DatabaseHandle {
  /** A connection string for the fresh database (PostgreSQL only), for starting a real server. */
  url: string | undefined;
}

/** Creates an empty database of that kind; `migrate: false` leaves it without tables. */
export async function freshDatabase(kind: DatabaseKind, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let url: string | undefined;
  let drop = async () => {};
  if (kind === 'pglite') {
    handle = await openPglite(undefined, { image: pgliteImage(options.migrate !== false ? 'migrated' : 'bare') });
  } else {
    const serverUrl = inject('postgresUrl');
    if (!serverUrl) throw new Error('PostgreSQL is not available in this run');
    const scratch = await scratchDatabase(serverUrl, 't');
    url = scratch.url;
    handle = openPostgres(url, { max: 4 });
    drop = scratch.drop;
  }
  // An image is already migrated; this still checks there is nothing left to run.
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

const images = new Map<keyof PgliteImages, Blob>();
/** The image a fresh PGlite starts from (tests/setup/pglite-images.ts), read once per test file. */
function pgliteImage(which: keyof PgliteImages): Blob {
  const image = images.get(which) ?? new Blob([fs.readFileSync(inject('pgliteImages')[which])]);
  images.set(which, image);
  return image;
}

/** A new, empty database on a PostgreSQL server, named with `prefix`, and how to drop it. */
export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (c) => c.query(`create database ${name}`));
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: () =>
      withAdminClient(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
