/**
 * Restores a backup (format.ts) into a database: migrations up to the backup's level, then every
 * row in one transaction, checked part by part against the manifest, then the migrations after
 * it. Any failure (a cut or changed file, a wrong passphrase, counts that differ, an entry the
 * manifest does not list) rolls the rows back: the target keeps what it had. Parts are read as
 * they stream, a line at a time, so memory stays bounded whatever the file holds.
 */
import { createHash, type Hash } from 'node:crypto';
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
import { BackupError, type BackupHeader, FORMAT, FORMAT_VERSION, MAX_LINE_BYTES, type Manifest } from './format';
import { backupTables } from './tables';

const INSERT_ROWS = 500;
/** Characters of JSON in one insert at most (plus one row), so a part never sits in memory whole. */
const INSERT_CHARS = 4 * 1024 * 1024;
const LIMIT = `${MAX_LINE_BYTES / 1024 / 1024} MB`;
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

const tooLong = (name: string) =>
  new BackupError(
    `${name} holds a line longer than ${LIMIT}, more than any row of the site: the file was changed or damaged`,
  );

/**
 * The lines of one entry as it streams, each fed to `hash` as read. A line is refused as soon as
 * it would pass MAX_LINE_BYTES, before more of it is held.
 */
async function* lines(name: string, body: AsyncIterable<Buffer>, hash: Hash): AsyncGenerator<string> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      if (heldBytes + end - start > MAX_LINE_BYTES) throw tooLong(name);
      held.push(chunk.subarray(start, end));
      const line = Buffer.concat(held).toString('utf8');
      held = [];
      heldBytes = 0;
      if (line) yield line;
      start = end + 1;
    }
    if (heldBytes + chunk.length - start > MAX_LINE_BYTES) throw tooLong(name);
    held.push(chunk.subarray(start));
    heldBytes += chunk.length - start;
  }
  if (heldBytes > 0) yield Buffer.concat(held).toString('utf8');
}

/** A JSON document entry (backup.json, manifest.json), held to the same bound as a line. */
async function readJson<T>(name: string, body: AsyncIterable<Buffer>): Promise<T> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_LINE_BYTES)
      throw new BackupError(
        `${name} is longer than ${LIMIT}, more than the site writes: the file was changed or damaged`,
      );
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
}

/** Inserts a part's rows as they stream, a batch at a time. */
async function insertPart(trx: DB, table: string, rows: AsyncIterable<string>): Promise<number> {
  let batch: string[] = [];
  let batchChars = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const json = `[${batch.join(',')}]`;
    batch = [];
    batchChars = 0;
    await sql`insert into ${sql.table(table)} select * from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(
      trx,
    );
  };
  for await (const row of rows) {
    batch.push(row);
    batchChars += row.length;
    count++;
    if (batch.length >= INSERT_ROWS || batchChars >= INSERT_CHARS) await flush();
  }
  await flush();
  return count;
}

/**
 * The archive's entries in order, each a stream the caller reads to its end before asking for
 * the next. Only plain files: the writer makes nothing else, and a link or a folder in a backup
 * means someone else made it.
 */
async function* entries(
  input: Readable,
  passphrase: string | undefined,
): AsyncGenerator<{ name: string; body: AsyncIterable<Buffer> }> {
  const extract = tar.extract();
  const gunzip = zlib.createGunzip();
  const source = passphrase ? [input, decryptStream(passphrase), gunzip, extract] : [input, gunzip, extract];
  const piped = pipeline(source as unknown as [Readable, NodeJS.WritableStream]).catch((error: unknown) => {
    extract.destroy(error as Error);
  });
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file')
        throw new BackupError(
          `The backup holds ${name}, a ${type ?? 'special entry'} rather than a file: the file was changed or damaged`,
        );
      yield { name, body: entry as AsyncIterable<Buffer> };
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
  /** Rows restored per table, in the order they came. */
  const restored = new Map<string, number>();
  const parts = new Map<string, { rows: number; sha256: string }>();
  const names = new Set<string>();
  let header: BackupHeader;
  let manifest: Manifest | undefined;
  const archive = entries(input, options.passphrase);
  try {
    const first = await archive.next();
    if (first.done) throw new BackupError('The backup file is empty');
    if (first.value.name !== 'backup.json') throw new BackupError('This file is not a backup of this site');
    header = await readJson<BackupHeader>('backup.json', first.value.body);
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
        if (names.has(name)) throw new BackupError(`The backup holds ${name} twice: the file was changed or damaged`);
        names.add(name);
        if (name === 'manifest.json') {
          manifest = await readJson<Manifest>(name, body);
          continue;
        }
        const match = /^tables\/([a-z_]+)\/\d+\.jsonl$/.exec(name);
        if (!match || !tables.includes(match[1]!)) throw new BackupError(`The backup holds an unknown part: ${name}`);
        const table = match[1]!;
        // The manifest comes last, so each part is checked against it once all are in.
        const hash = createHash('sha256');
        const rows = await insertPart(trx, table, lines(name, body, hash));
        restored.set(table, (restored.get(table) ?? 0) + rows);
        parts.set(name, { rows, sha256: hash.digest('hex') });
      }
      if (!manifest) throw new BackupError('The backup file is cut short: its manifest is missing');
      const listed = new Set(manifest.tables.flatMap((table) => table.parts.map((part) => part.name)));
      for (const name of parts.keys())
        if (!listed.has(name))
          throw new BackupError(
            `The backup holds ${name}, which its manifest does not list: the file was changed or damaged`,
          );
      for (const table of manifest.tables) {
        for (const part of table.parts) {
          const seen = parts.get(part.name);
          if (!seen) throw new BackupError(`The backup is missing ${part.name}`);
          if (seen.sha256 !== part.sha256 || seen.rows !== part.rows)
            throw new BackupError(`${part.name} does not match its checksum: the file was changed or damaged`);
        }
        const rows = restored.get(table.name) ?? 0;
        if (rows !== table.rows) throw new BackupError(`${table.name}: ${rows} rows, the manifest says ${table.rows}`);
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
  return { header, tables: [...restored].map(([name, rows]) => ({ name, rows })) };
}

/** Whether a file starts like an encrypted backup (so the CLI can ask for the passphrase). */
export const isEncrypted = (firstBytes: Buffer) =>
  firstBytes.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC);
