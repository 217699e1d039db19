/**
 * npm run restore -- <file> [--replace] [--passphrase-file <path>]: loads a backup into the
 * database DATABASE_URL or DATA_DIR names (stop the server first). From PGlite to PostgreSQL,
 * back, or into the same engine. A target that holds data needs --replace; any failure leaves
 * its rows as they were.
 */
import fs from 'node:fs';
import { BackupError } from '../backup/format';
import { isEncrypted, restoreBackup } from '../backup/load';
import { fileArgument, readPassphrase } from '../backup/passphrase';
import { openDatabase } from '../bootstrap';
import { ConfigError, loadConfig } from '../config';

const args = process.argv.slice(2);
try {
  const file = fileArgument(args);
  if (!file) throw new BackupError('Name the backup to restore: npm run restore -- site.tar.gz');
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const start = Buffer.alloc(32);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, start, 0, 32, 0);
  fs.closeSync(fd);
  const passphrase = isEncrypted(start) ? readPassphrase(args, process.env) : undefined;
  if (isEncrypted(start) && !passphrase)
    throw new BackupError(
      'This backup is encrypted: give its passphrase with --passphrase-file <path> or BACKUP_PASSPHRASE',
    );
  const handle = await openDatabase(loadConfig(process.env));
  const started = Date.now();
  try {
    const result = await restoreBackup(handle, fs.createReadStream(file), {
      replace: args.includes('--replace'),
      passphrase,
    });
    const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Restored ${rows} rows in ${result.tables.length} tables from the backup of ${result.header.createdAt} (${result.header.engine}) in ${((Date.now() - started) / 1000).toFixed(1)} s. Staff sign in again with their passwords.`,
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(
    error instanceof BackupError || error instanceof ConfigError
      ? error.message
      : `The restore failed: ${(error as Error).message}`,
  );
  process.exit(1);
}
