/**
 * Opens the database: PostgreSQL through pg when a URL is given, otherwise PGlite persisted in a
 * folder. The same Kysely queries and migrations serve both.
 *
 * Queries name columns in camelCase and get camelCase rows back; the CamelCasePlugin turns
 * identifiers into the database's snake_case. It does not touch raw SQL text (`sql` fragments
 * keep snake_case column names), but it does camelCase the keys of every result row, raw queries
 * included. Migrations run without it (server/db/migrator.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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

/** The connections behind a database, as the metrics report them (server/http/metrics.ts). */
export interface PoolStats {
  /** Connections open (PGlite: its one). */
  size: number;
  /** Of those, how many wait for work. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

const poolStatsOf = new WeakMap<DB, () => PoolStats>();

/** The pool's figures now, for a database opened here; undefined for one opened elsewhere. */
export const poolStats = (db: DB): PoolStats | undefined => poolStatsOf.get(db)?.();

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
  poolStatsOf.set(db, () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
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

/**
 * Postgres settings sized for a small site on a small server. PGlite's memory only grows, so every
 * buffer it touches stays for the life of the process: its default 128 MB of shared buffers are
 * touched at start. The tables live in files the operating system caches anyway.
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
};
const pgliteStartParams = () => [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

/**
 * Creates the database files (initdb) in a short-lived process: initdb and its own Postgres
 * instance take several hundred MB that a WebAssembly memory never hands back, so the server then
 * opens the finished folder with only what it needs.
 */
async function createPgliteDataDir(dataDir: string): Promise<void> {
  const module = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(module)});
PGlite.create({ dataDir: process.argv[1], startParams: JSON.parse(process.argv[2]) })
  .then((db) => db.close())
  .then(() => process.exit(0), (error) => { console.error(error && error.message); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', script, dataDir, JSON.stringify(pgliteStartParams())], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`creating the database in ${dataDir} failed: ${stderr.trim() || `exit ${code}`}`);
}

export async function openPglite(
  dataDir: string | undefined,
  options: {
    /** A data directory dumped by PGlite's dumpDataDir to start a new in-memory database from, instead of initdb. */
    image?: Blob;
  } = {},
): Promise<DatabaseHandle> {
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await createPgliteDataDir(dataDir);
  }
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.image ? { loadDataDir: options.image } : {}),
    parsers: typeParsers,
    startParams: pgliteStartParams(),
  });
  const db = withDialect(new PGliteDialect({ pglite }));
  // One connection, which runs one statement or transaction at a time: the rest wait their turn.
  let pending = 0;
  // biome-ignore lint/suspicious/noExplicitAny: wraps PGlite's generic methods unchanged.
  const counted = <F extends (...args: any[]) => Promise<unknown>>(run: F): F =>
    ((...args: Parameters<F>) => {
      pending++;
      return run(...args).finally(() => pending--);
    }) as F;
  pglite.query = counted(pglite.query.bind(pglite));
  pglite.exec = counted(pglite.exec.bind(pglite));
  pglite.transaction = counted(pglite.transaction.bind(pglite));
  poolStatsOf.set(db, () => ({ size: 1, idle: pending === 0 ? 1 : 0, waiting: Math.max(0, pending - 1) }));
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
