/**
 * The campaign list kept in memory per data version (server/db/data-versions.ts): no query while
 * the version is known, one reload per change, whichever instance made it.
 */
import type { Campaign } from '../../shared/schemas/campaign';
import type { DataVersions } from '../db/data-versions';

export interface CampaignCatalog {
  /** Every campaign, oldest first, current as of this call. */
  all(load: () => Promise<Campaign[]>): Promise<readonly Campaign[]>;
}

export function createCampaignCatalog(versions: DataVersions): CampaignCatalog {
  let cached: { version: number; campaigns: Campaign[] } | null = null;
  let loading: { version: number; promise: Promise<Campaign[]> } | null = null;
  versions.onChange((version) => {
    if (cached && cached.version < version) cached = null;
  });

  return {
    async all(load) {
      // The version is taken BEFORE the list is read: a change committed in between only makes
      // the list newer than its version, so the next call reloads; never older.
      const version = await versions.current();
      if (cached?.version === version) return cached.campaigns;
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
      return campaigns;
    },
  };
}
