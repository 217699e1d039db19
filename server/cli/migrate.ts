/** npm run db:migrate: brings the configured database to the latest migration. */
import { openDatabase } from '../bootstrap';
import { ConfigError, loadConfig } from '../config';
import { MigrationError, migrateToLatest } from '../db/migrator';

try {
  const config = loadConfig(process.env);
  const handle = await openDatabase(config);
  try {
    const applied = await migrateToLatest(handle.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof MigrationError
      ? error.message
      : `Migration failed: ${(error as Error).message}`,
  );
  process.exit(1);
}
