/**
 * Opens the database: PostgreSQL through pg when a URL is given, otherwise PGlite persisted in a
 * folder. The same Kysely queries and migrations serve both.
 *
 * Queries name columns in camelCase and get camelCase rows back; the CamelCasePlugin turns
 * identifiers into the database's snake_case. It does not touch raw SQL text (`sql` fragments
 * keep snake_case column names), but it does camelCase the keys of every result row, raw queries
 * included. Migrations run without it (server/db/migrator.ts).
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, type Dialect, Kysely, type KyselyConfig, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  kind: 'postgres' | 'pglite';
  /**
   * Calls `onMessage` for each NOTIFY on `channel`. PostgreSQL: over a connection of its own,
   * which the caller watches (`onLost`) and closes. PGlite: in process, never lost, and
   * delivered before the committing query returns.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: (error: Error) => void): Promise<Listener>;
  close(): Promise<void>;
}

export interface Listener {
  /** Runs a query on the listening connection (its lease is renewed there, see public-data-version.ts). */
  query<R>(text: string, values?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

/**
 * pg answers int8 (counts, sums of naira) and numeric as strings, PGlite as numbers. One rule for
 * both: naira amounts stay far below 2^53, so they are parsed to exact JavaScript integers.
 */
const INT8 = 20;
const NUMERIC = 1700;
const toNumber = (value: string) => Number(value);
export const typeParsers: Record<number, (value: string) => unknown> = { [INT8]: toNumber, [NUMERIC]: toNumber };

/**
 * JSON columns come back as parsed values; their keys are data, not column names, so the plugin
 * leaves nested objects as they are.
 */
export const withDialect = (dialect: Dialect, log?: KyselyConfig['log']): DB =>
  new Kysely<Database>({
    dialect,
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
    ...(log ? { log } : {}),
  });

export function openPostgres(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // A client that loses its server (a restart, a network cut) must not crash the process: an idle
  // one is reported to the pool, and one checked out between two statements of a transaction
  // reports to itself. Its queries fail and the pool drops it; the next query reconnects.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = withDialect(new PostgresDialect({ pool }));
  return { db, kind: 'postgres', listen: (...args) => listenPostgres(url, ...args), close: () => db.destroy() };
}

async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: (error: Error) => void,
): Promise<Listener> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 5000,
    application_name: 'foundation-listener',
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  let closing = false;
  const lost = (error: Error) => {
    if (!closing) onLost(error);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('the listening connection ended')));
  client.on('notification', (message) => {
    if (message.channel === channel) onMessage(message.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    closing = true;
    await client.end().catch(() => {});
    throw error;
  }
  // One query at a time on this connection: acknowledgements fired from notifications may meet a
  // lease renewal, and pg stops queueing a second query on a busy client in its next major.
  let last: Promise<unknown> = Promise.resolve();
  return {
    query: <R>(text: string, values?: unknown[]) => {
      const rows = last.then(() => client.query(text, values)).then((result) => result.rows as R[]);
      last = rows.catch(() => {});
      return rows;
    },
    async close() {
      closing = true;
      await client.end().catch(() => {});
    },
  };
}

export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers: typeParsers });
  const db = withDialect(new PGliteDialect({ pglite }));
  return {
    db,
    kind: 'pglite',
    async listen(channel, onMessage) {
      const stop = await pglite.listen(channel, onMessage);
      return {
        query: async <R>(text: string, values?: unknown[]) => (await pglite.query<R>(text, values)).rows,
        close: () => stop(),
      };
    },
    close: () => db.destroy(),
  };
}

/** True when the database answers a trivial query. */
export async function isReachable(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
