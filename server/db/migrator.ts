import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { migrations } from '../../migrations';

/** Migrations are listed in code (migrations/index.ts) so the bundled server carries them. */
const provider: MigrationProvider = {
  getMigrations: async () => migrations satisfies Record<string, Migration>,
};

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Brings the database to the latest migration; throws naming the migration that failed.
 * Migrations see the database as it is: snake_case, without the application's plugins.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db: db.withoutPlugins(), provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const detail = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new MigrationError(`Migration ${failed?.migrationName ?? ''} failed: ${detail}`.replace('  ', ' '));
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
