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
import { CamelCasePlugin, type Dialect, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  kind: 'postgres' | 'pglite';
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
const withDialect = (dialect: Dialect): DB =>
  new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })] });

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
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = withDialect(new PostgresDialect({ pool }));
  return { db, kind: 'postgres', close: () => db.destroy() };
}

export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), parsers: typeParsers });
  const db = withDialect(new PGliteDialect({ pglite }));
  return { db, kind: 'pglite', close: () => db.destroy() };
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
