/**
 * npm run backup -- <file> [--encrypt] [--passphrase-file <path>]: writes a backup of the database
 * DATABASE_URL or DATA_DIR names. On PostgreSQL it may run while the site runs (one consistent
 * snapshot); the embedded database must be stopped first (or use the server's own backups).
 */
import fs from 'node:fs';
import { writeBackup } from '../backup/dump';
import { BackupError } from '../backup/format';
import { fileArgument, readPassphrase } from '../backup/passphrase';
import { openDatabase } from '../bootstrap';
import { ConfigError, loadConfig } from '../config';

const args = process.argv.slice(2);
try {
  const file = fileArgument(args);
  if (!file) throw new BackupError('Name the file to write: npm run backup -- site.tar.gz');
  const passphrase = args.includes('--encrypt') ? readPassphrase(args, process.env) : undefined;
  if (args.includes('--encrypt') && !passphrase)
    throw new BackupError('--encrypt needs a passphrase: --passphrase-file <path> or BACKUP_PASSPHRASE');
  const handle = await openDatabase(loadConfig(process.env));
  const started = Date.now();
  const partial = `${file}.partial`;
  try {
    const result = await writeBackup(handle, fs.createWriteStream(partial, { mode: 0o600 }), { passphrase });
    fs.renameSync(partial, file);
    const rows = result.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Backup written to ${file}: ${rows} rows in ${result.manifest.tables.length} tables, ${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s${passphrase ? ', encrypted' : ''}.`,
    );
  } finally {
    fs.rmSync(partial, { force: true });
    await handle.close();
  }
} catch (error) {
  console.error(
    error instanceof BackupError || error instanceof ConfigError
      ? error.message
      : `The backup failed: ${(error as Error).message}`,
  );
  process.exit(1);
}
