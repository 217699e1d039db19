/**
 * The campaign list kept in memory, checked against the database's campaign version (bumped by
 * trigger on every change) before each use. One primary-key read per request replaces the list
 * queries, and a change made through any instance is seen by all at once.
 */
import type { Campaign } from '../../shared/schemas/campaign';
import type { DB } from '../db/database';

export interface CampaignCatalog {
  /** Every campaign, oldest first, current as of this call. */
  all(db: DB, load: () => Promise<Campaign[]>): Promise<readonly Campaign[]>;
  /** The REST list body, serialised once per version. */
  allAsJson(db: DB, load: () => Promise<Campaign[]>): Promise<string>;
}

export function createCampaignCatalog(): CampaignCatalog {
  let cached: { version: number; campaigns: Campaign[]; json?: string } | null = null;
  let loading: { version: number; promise: Promise<Campaign[]> } | null = null;

  async function current(db: DB, load: () => Promise<Campaign[]>) {
    // The version is read BEFORE the list: a change committed in between only makes the cache
    // newer than its version, so the next call reloads; never older.
    const { version } = await db
      .selectFrom('data_versions')
      .select('version')
      .where('name', '=', 'campaigns')
      .executeTakeFirstOrThrow();
    if (cached?.version === version) return cached;
    if (loading?.version !== version) {
      const promise = load();
      loading = { version, promise };
      promise
        .catch(() => {})
        .finally(() => {
          if (loading?.promise === promise) loading = null;
        });
    }
    const campaigns = await loading.promise;
    if (!cached || cached.version < version) cached = { version, campaigns };
    return cached.version === version ? cached : { version, campaigns };
  }

  return {
    async all(db, load) {
      return (await current(db, load)).campaigns;
    },
    async allAsJson(db, load) {
      const entry = await current(db, load);
      entry.json ??= JSON.stringify(entry.campaigns);
      return entry.json;
    },
  };
}
