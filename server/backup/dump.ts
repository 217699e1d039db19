/**
 * Writes a backup (format.ts) of the database to a stream: every table read inside one
 * repeatable-read transaction, so the file is one consistent snapshot even while the site writes.
 * Rows come through a cursor, a few hundred at a time, and go out a part at a time.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import tar from 'tar-stream';
import type { DatabaseHandle, DB } from '../db/database';
import { encryptStream } from './crypto';
import { type BackupHeader, FORMAT, FORMAT_VERSION, type Manifest, PART_BYTES, type PartEntry } from './format';
import { backupTables, sequenceValues } from './tables';

const FETCH_ROWS = 500;

export interface BackupResult {
  bytes: number;
  manifest: Manifest;
  header: BackupHeader;
}

export async function migrationLevel(db: DB): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
    db,
  );
  if (!rows[0]) throw new Error('The database has no schema yet');
  return rows[0].name;
}

/** Adds one entry to the archive and waits while the file's reader is behind. */
async function addEntry(pack: tar.Pack, name: string, body: Buffer, out: Writable): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    pack.entry({ name, size: body.length, mtime: new Date(0) }, body, (error) => (error ? reject(error) : resolve())),
  );
  if (out.writableNeedDrain) await once(out, 'drain');
}

async function dumpTable(trx: DB, table: string, index: number, pack: tar.Pack, out: Writable) {
  const cursor = `backup_cursor_${index}`;
  await sql`declare ${sql.raw(cursor)} no scroll cursor for select row_to_json(t)::text as j from ${sql.table(table)} t`.execute(
    trx,
  );
  const parts: PartEntry[] = [];
  let rows = 0;
  let lines: string[] = [];
  let size = 0;
  const flush = async () => {
    if (lines.length === 0) return;
    const body = Buffer.from(`${lines.join('\n')}\n`);
    const name = `tables/${table}/${String(parts.length + 1).padStart(6, '0')}.jsonl`;
    await addEntry(pack, name, body, out);
    parts.push({ name, rows: lines.length, sha256: createHash('sha256').update(body).digest('hex') });
    lines = [];
    size = 0;
  };
  for (;;) {
    const { rows: batch } = await sql<{
      j: string;
    }>`fetch forward ${sql.raw(String(FETCH_ROWS))} from ${sql.raw(cursor)}`.execute(trx);
    for (const { j } of batch) {
      lines.push(j);
      size += j.length + 1;
      rows++;
      if (size >= PART_BYTES) await flush();
    }
    if (batch.length < FETCH_ROWS) break;
  }
  await flush();
  await sql`close ${sql.raw(cursor)}`.execute(trx);
  return { name: table, rows, parts };
}

/**
 * Streams a backup of the handle's database into `out` (compressed; sealed when a passphrase is
 * given). Resolves when the last byte is written.
 */
export async function writeBackup(
  handle: Pick<DatabaseHandle, 'db' | 'kind'>,
  out: Writable,
  options: { passphrase?: string | undefined; now?: Date } = {},
): Promise<BackupResult> {
  const pack = tar.pack();
  let bytes = 0;
  const counter = new PassThrough();
  counter.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  const gzip = zlib.createGzip({ level: 6 });
  const written = options.passphrase
    ? pipeline(pack, gzip, encryptStream(options.passphrase), counter, out)
    : pipeline(pack, gzip, counter, out);

  const result = await handle.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      const header: BackupHeader = {
        format: FORMAT,
        version: FORMAT_VERSION,
        migration: await migrationLevel(trx),
        createdAt: (options.now ?? new Date()).toISOString(),
        engine: handle.kind,
        sequences: await sequenceValues(trx),
      };
      await addEntry(pack, 'backup.json', Buffer.from(JSON.stringify(header, null, 2)), out);
      const manifest: Manifest = { tables: [] };
      const tables = await backupTables(trx);
      for (const [index, table] of tables.entries())
        manifest.tables.push(await dumpTable(trx, table, index, pack, out));
      await addEntry(pack, 'manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)), out);
      return { header, manifest };
    })
    .catch((error: unknown) => {
      pack.destroy(error as Error);
      throw error;
    });
  pack.finalize();
  await written;
  return { ...result, bytes };
}
