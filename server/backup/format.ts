/**
 * The backup file (docs/decisions/015): a gzip-compressed tar, the same from PGlite or PostgreSQL.
 *
 *   backup.json                 format, the schema's migration level, when, the sequences
 *   tables/<table>/<n>.jsonl    rows as JSON lines (row_to_json), parts of at most PART_BYTES
 *   manifest.json               per table its rows, and per part its rows and SHA-256 (last)
 *
 * Rows carry every column, images included (bytea as \x hex), so the file holds the whole site.
 * Left out: the migration bookkeeping (the level says it), and what only a running server needs:
 * sessions, sign-in throttling, the mailbox limits' counts, cache leases, data versions, and the submission counts (derived). The token secret lives outside
 * the database and is never in a backup.
 */
export const FORMAT = 'foundation-backup';
export const FORMAT_VERSION = 1;
/** A part is buffered before it is written (a tar entry states its size first): this bounds memory. */
export const PART_BYTES = 4 * 1024 * 1024;
/**
 * The longest line (one row) a restore reads, and the largest backup.json or manifest: anything
 * longer is refused before it is held whole, so a forged file cannot exhaust memory. The largest
 * row the site writes is an image's full-size variant: every upload is re-encoded to WebP of at
 * most IMAGE_MAX_DIMENSION² pixels (UPLOAD_MAX_BYTES bounds what is sent, not what is stored), and
 * row_to_json writes bytea as hex, two characters a byte. Even the image's raw RGBA (1600² × 4 bytes,
 * more than any WebP of it: noise with alpha encodes to 4.3 MB) would make a 20.5 MB line; text
 * rows stay under the 1 MiB request body. backup-lines.test.ts restores a row of that raw size.
 */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;

export const SKIPPED_TABLES = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'admin_sessions',
  'auth_throttle',
  'mailbox_sends',
  'cache_listeners',
  'data_versions',
  // Derived: the submission tables' insert triggers count their rows again as they are restored.
  'submission_counts',
  // Derived from the gifts, and large: a restored site makes each receipt PDF again when it is
  // first read (server/giving/receipt.ts).
  'receipt_pdfs',
  'receipt_builds',
]);

export interface BackupHeader {
  format: typeof FORMAT;
  version: number;
  /** The last migration applied to the database backed up. */
  migration: string;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** Each sequence's next value, so numbers (receipts) never repeat after a restore. */
  sequences: Record<string, number>;
}

export interface PartEntry {
  name: string;
  rows: number;
  sha256: string;
}

export interface Manifest {
  /** Tables in the order they are restored (a table after those it refers to). */
  tables: { name: string; rows: number; parts: PartEntry[] }[];
}

export class BackupError extends Error {
  override name = 'BackupError';
}
