/**
 * Restores a backup (format.ts) into a database: migrations up to the backup's level, then every
 * row in one transaction, checked part by part against the manifest, then the migrations after
 * it. Any failure (a cut or changed file, a wrong passphrase, counts that differ) rolls the rows
 * back: the target keeps what it had.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import tar from 'tar-stream';
import { migrations } from '../../migrations';
import type { DatabaseHandle, DB } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { decryptStream, ENCRYPTED_MAGIC } from './crypto';
import { BackupError, type BackupHeader, FORMAT, FORMAT_VERSION, type Manifest } from './format';
import { backupTables } from './tables';

const INSERT_ROWS = 500;
const MIGRATIONS = Object.keys(migrations).sort();

export interface RestoreResult {
  header: BackupHeader;
  tables: { name: string; rows: number }[];
}

async function targetLevel(db: DB): Promise<string | null> {
  const { rows } = await sql<{ present: boolean }>`
    select exists (select 1 from information_schema.tables
                    where table_schema = 'public' and table_name = 'kysely_migration') as present`.execute(db);
  if (!rows[0]?.present) return null;
  const { rows: last } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return last[0]?.name ?? null;
}

/** Brings the target's schema to the backup's level, refusing what cannot be restored into. */
async function prepareSchema(db: DB, level: string): Promise<void> {
  if (!MIGRATIONS.includes(level))
    throw new BackupError(
      `This backup comes from a newer version of the site (schema ${level}): update the site first`,
    );
  const current = await targetLevel(db);
  if (current && current > level)
    throw new BackupError(
      `The target database is at a newer schema (${current}) than the backup (${level}): restore into an empty database`,
    );
  const migrator = new Migrator({ db: db.withoutPlugins(), provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(level);
  if (error) throw new BackupError(`Preparing the schema failed: ${(error as Error).message}`);
}

async function holdsData(trx: DB, tables: string[]): Promise<string | undefined> {
  for (const table of tables) {
    const { rows } = await sql<{ any: boolean }>`select exists (select 1 from ${sql.table(table)}) as any`.execute(trx);
    if (rows[0]?.any) return table;
  }
  return undefined;
}

async function insertPart(trx: DB, table: string, body: Buffer): Promise<number> {
  const lines = body.toString('utf8').split('\n').filter(Boolean);
  for (let i = 0; i < lines.length; i += INSERT_ROWS) {
    const json = `[${lines.slice(i, i + INSERT_ROWS).join(',')}]`;
    await sql`insert into ${sql.table(table)} select * from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(
      trx,
    );
  }
  return lines.length;
}

/** Reads the archive's entries one at a time, each whole (a part is at most a few MB). */
async function* entries(
  input: Readable,
  passphrase: string | undefined,
): AsyncGenerator<{ name: string; body: Buffer }> {
  const extract = tar.extract();
  const gunzip = zlib.createGunzip();
  const source = passphrase ? [input, decryptStream(passphrase), gunzip, extract] : [input, gunzip, extract];
  const piped = pipeline(source as unknown as [Readable, NodeJS.WritableStream]).catch((error: unknown) => {
    extract.destroy(error as Error);
  });
  try {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      yield { name: entry.header.name, body: Buffer.concat(chunks) };
    }
  } finally {
    await piped;
  }
}

const readable = (error: unknown) =>
  error instanceof BackupError
    ? error
    : new BackupError(
        /incorrect header check|unexpected end|Z_BUF_ERROR|Unexpected end|premature|invalid/i.test(
          String((error as Error)?.message),
        )
          ? 'The backup file is damaged or cut short'
          : `The backup could not be read: ${(error as Error)?.message ?? error}`,
      );

/**
 * Restores `input` into the handle's database. `replace` allows a target that holds data (its
 * rows are replaced); `passphrase` opens an encrypted backup.
 */
export async function restoreBackup(
  handle: Pick<DatabaseHandle, 'db'>,
  input: Readable,
  options: { replace?: boolean; passphrase?: string | undefined } = {},
): Promise<RestoreResult> {
  const db = handle.db;
  const restored: { name: string; rows: number; parts: Map<string, { rows: number; sha256: string }> }[] = [];
  let header: BackupHeader;
  let manifest: Manifest | undefined;
  const archive = entries(input, options.passphrase);
  try {
    const first = await archive.next();
    if (first.done) throw new BackupError('The backup file is empty');
    if (first.value.name !== 'backup.json') throw new BackupError('This file is not a backup of this site');
    header = JSON.parse(first.value.body.toString('utf8')) as BackupHeader;
    if (header.format !== FORMAT || header.version > FORMAT_VERSION)
      throw new BackupError('This file is not a backup this version of the site can read');
    // The schema first, outside the rows' transaction (migrations run their own).
    await prepareSchema(db, header.migration);
    await db.transaction().execute(async (trx) => {
      const tables = await backupTables(trx);
      const filled = await holdsData(trx, tables);
      if (filled && !options.replace)
        throw new BackupError(`The target database already holds data (${filled}): add --replace to overwrite it`);
      if (filled) {
        const all = [...tables, 'submission_counts'].map((t) => sql.table(t));
        await sql`truncate ${sql.join(all)} restart identity cascade`.execute(trx);
      }
      for await (const { name, body } of archive) {
        if (name === 'manifest.json') {
          manifest = JSON.parse(body.toString('utf8')) as Manifest;
          continue;
        }
        const match = /^tables\/([a-z_]+)\/\d+\.jsonl$/.exec(name);
        if (!match || !tables.includes(match[1]!)) throw new BackupError(`The backup holds an unknown part: ${name}`);
        const table = match[1]!;
        let entry = restored.find((r) => r.name === table);
        if (!entry) {
          entry = { name: table, rows: 0, parts: new Map() };
          restored.push(entry);
        }
        const rows = await insertPart(trx, table, body);
        entry.rows += rows;
        entry.parts.set(name, { rows, sha256: createHash('sha256').update(body).digest('hex') });
      }
      if (!manifest) throw new BackupError('The backup file is cut short: its manifest is missing');
      for (const table of manifest.tables) {
        const got = restored.find((r) => r.name === table.name);
        for (const part of table.parts) {
          const seen = got?.parts.get(part.name);
          if (!seen) throw new BackupError(`The backup is missing ${part.name}`);
          if (seen.sha256 !== part.sha256 || seen.rows !== part.rows)
            throw new BackupError(`${part.name} does not match its checksum: the file was changed or damaged`);
        }
        if ((got?.rows ?? 0) !== table.rows)
          throw new BackupError(`${table.name}: ${got?.rows ?? 0} rows, the manifest says ${table.rows}`);
      }
      for (const [sequence, next] of Object.entries(header.sequences)) {
        await sql`select setval(${sequence}::regclass, ${next}, false)`.execute(trx);
      }
    });
  } catch (error) {
    await archive.return(undefined).catch(() => {});
    throw readable(error);
  }
  await migrateToLatest(db);
  return { header, tables: restored.map(({ name, rows }) => ({ name, rows })) };
}

/** Whether a file starts like an encrypted backup (so the CLI can ask for the passphrase). */
export const isEncrypted = (firstBytes: Buffer) =>
  firstBytes.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC);
