/**
 * The public data kept in memory per version (server/db/public-data-version.ts): the campaign
 * list and the foundation's settings (not to be confused with the text catalogue of shared/messages). No query while the version is known, one reload per change,
 * whichever instance made it.
 */
import type { Campaign } from '../../shared/schemas/campaign';
import type { Settings } from '../../shared/schemas/staff';
import type { PublicDataVersion } from './public-data-version';

export interface PublicData {
  /** Every campaign, oldest first, current as of this call. */
  all(load: () => Promise<Campaign[]>): Promise<readonly Campaign[]>;
  /** The foundation's settings, current as of this call. */
  settings(load: () => Promise<Settings>): Promise<Settings>;
}

/** One value kept per public data version, loaded once however many callers ask during the load. */
function versionedValue<T>(publicDataVersion: PublicDataVersion) {
  let cached: { version: number; value: T } | null = null;
  let loading: { version: number; promise: Promise<T> } | null = null;
  publicDataVersion.onChange((version) => {
    if (cached && cached.version < version) cached = null;
  });
  return async (load: () => Promise<T>): Promise<T> => {
    // The version is taken BEFORE the value is read: a change committed in between only makes
    // the value newer than its version, so the next call reloads; never older.
    const version = await publicDataVersion.current();
    if (cached?.version === version) return cached.value;
    if (loading?.version !== version) {
      const promise = load();
      loading = { version, promise };
      promise
        .catch(() => {})
        .finally(() => {
          if (loading?.promise === promise) loading = null;
        });
    }
    const value = await loading.promise;
    if (!cached || cached.version < version) cached = { version, value };
    return value;
  };
}

export function createPublicData(publicDataVersion: PublicDataVersion): PublicData {
  return {
    all: versionedValue<Campaign[]>(publicDataVersion),
    settings: versionedValue<Settings>(publicDataVersion),
  };
}
